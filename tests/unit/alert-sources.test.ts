import { describe, expect, it } from 'vitest';

import { ALERT_PAGE_ANCHORS, alertSources, explorerHref, type AlertSourceInput } from '@/lib/alert-sources';

const id = '7d0c1f1e-0000-4000-8000-000000000001';
const staff: AlertSourceInput = { id, origin: 'staff', isDemo: false, sourceUrls: ['https://example.com/post-mortem', 'https://example.com/tx'], evidence: null };
const automatic: AlertSourceInput = {
  id,
  origin: 'automatic',
  isDemo: false,
  sourceUrls: [],
  evidence: { rule: 'large-outflow', chainId: 1, contract: '0x00000000000000000000000000000000000000aa', blockNumber: 19_000_000, txHash: '0xabc' },
};
const evidence = { kind: 'evidence', href: `/alerts/${id}#${ALERT_PAGE_ANCHORS.evidence}` };

describe("an alert's sources", () => {
  it("are a staff alert's own links, in order, with no explorer added", () => {
    expect(alertSources(staff, 'https://etherscan.io')).toEqual([
      { kind: 'link', href: 'https://example.com/post-mortem' },
      { kind: 'link', href: 'https://example.com/tx' },
    ]);
  });

  it('are, for an automatic alert without an explorer configured, its evidence on its own page', () => {
    expect(alertSources(automatic, null)).toEqual([evidence]);
  });

  it('add the explorer page of the transaction when an explorer is set, once even if the rule stored it', () => {
    expect(alertSources(automatic, 'https://etherscan.io')).toEqual([evidence, { kind: 'explorer', href: 'https://etherscan.io/tx/0xabc' }]);
    expect(alertSources({ ...automatic, sourceUrls: ['https://etherscan.io/tx/0xabc'] }, 'https://etherscan.io')).toEqual([evidence, { kind: 'explorer', href: 'https://etherscan.io/tx/0xabc' }]);
    // A link stored when another explorer was configured is kept.
    expect(alertSources({ ...automatic, sourceUrls: ['https://old.example/tx/0xabc'] }, null)).toEqual([evidence, { kind: 'explorer', href: 'https://old.example/tx/0xabc' }]);
  });

  it('fall back from the transaction to the block, then the contract; a score drop has its evidence only', () => {
    expect(explorerHref({ rule: 'paused', blockNumber: 12, contract: '0xdef' }, 'https://x.example')).toBe('https://x.example/block/12');
    expect(explorerHref({ rule: 'paused', contract: '0xdef' }, 'https://x.example')).toBe('https://x.example/address/0xdef');
    expect(alertSources({ ...automatic, evidence: { rule: 'score-drop', values: { before: '80', after: '70' } } }, 'https://x.example')).toEqual([evidence]);
    // No evidence stored (not a rule's own row): no link to a section the page does not have.
    expect(alertSources({ ...automatic, evidence: null, sourceUrls: ['https://x.example/tx/1'] }, null)).toEqual([{ kind: 'explorer', href: 'https://x.example/tx/1' }]);
  });

  it('are, for a generated demo alert without links, the statement that it was generated', () => {
    expect(alertSources({ ...staff, isDemo: true, sourceUrls: [] }, null)).toEqual([{ kind: 'demo', href: `/alerts/${id}#${ALERT_PAGE_ANCHORS.demo}` }]);
    expect(alertSources({ ...staff, isDemo: true }, null)).toEqual(alertSources(staff, null));
  });
});
