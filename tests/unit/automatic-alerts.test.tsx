import { describe, expect, it } from 'vitest';

import { AlertEvidencePanel } from '@/components/project/alert-evidence';
import { AlertsList } from '@/components/project/alerts-list';
import { AUTOMATIC_ALERT_TEXTS, type AlertEvidence, type AlertSummary } from '@/lib/alerts';
import { parseConfig } from '@/server/config';
import { isScoreDrop } from '@/server/score-alerts';
import { EVENT_RULES, isAboveShare, percentOf } from '@/server/skynet/detector-rules';
import { createTestRoot } from '@/tests/support/render';

const testRoot = createTestRoot();

const E18 = 10n ** 18n;

describe('the supply rules’ arithmetic', () => {
  it('is strictly above the share, in whole numbers, whatever the decimals', () => {
    const supply = 1_000_000n * E18;
    expect(isAboveShare(10_000n * E18, supply, 0.01)).toBe(false);
    expect(isAboveShare(10_000n * E18 + 1n, supply, 0.01)).toBe(true);
    expect(isAboveShare(1n, supply, 0)).toBe(true);
    expect(isAboveShare(0n, supply, 0)).toBe(false);
    expect(isAboveShare(supply, 0n, 0.01)).toBe(false);
  });

  it('says the share as people read it', () => {
    expect(percentOf(11_300n * E18, 1_122_300n * E18)).toBe('1.01%');
    expect(percentOf(E18, 4n * E18)).toBe('25%');
    expect(percentOf(E18, 0n)).toBe('an unknown share');
  });

  it('names what happened in each change rule, and renounced ownership apart from a transfer', async () => {
    const contract = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    const context = { contract, abi: [], settings: { mintAlertShare: 0.01, outflowAlertShare: 0.01 }, totalSupplyAt: async () => null };
    const someone = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const zero = '0x0000000000000000000000000000000000000000';
    const fired = async (name: string, args: Record<string, string>) => {
      const event = { txHash: '0x01', logIndex: 0, ordinal: 0, blockNumber: 1, blockTime: new Date(), name, args };
      const results = await Promise.all(EVENT_RULES.filter((rule) => rule.event === name).map(async (rule) => [rule.rule, (await rule.detect(event, context))?.title ?? null] as const));
      return results.filter(([, title]) => title !== null);
    };
    expect(await fired('OwnershipTransferred', { previousOwner: someone, newOwner: zero })).toEqual([['ownership-renounced', 'Ownership of 0x5fbd…0aa3 renounced']]);
    expect(await fired('OwnershipTransferred', { previousOwner: zero, newOwner: someone })).toEqual([['ownership-transferred', 'Ownership of 0x5fbd…0aa3 transferred to 0x7099…79c8']]);
    expect(await fired('BeaconUpgraded', { beacon: someone })).toEqual([['proxy-beacon-upgraded', 'Proxy beacon of 0x5fbd…0aa3 changed to 0x7099…79c8']]);
    expect(await fired('AdminChanged', { previousAdmin: zero, newAdmin: someone })).toEqual([['proxy-admin-changed', 'Proxy admin of 0x5fbd…0aa3 changed to 0x7099…79c8']]);
    expect(await fired('RoleRevoked', { role: `0x${'00'.repeat(32)}`, account: someone, sender: someone })).toEqual([['role-revoked', 'Role DEFAULT_ADMIN_ROLE revoked from 0x7099…79c8 on 0x5fbd…0aa3']]);
    // No supply to compare with (or an ERC-721 Transfer): the supply rules stay silent.
    expect(await fired('Transfer', { from: zero, to: someone, value: '1000' })).toEqual([]);
    expect(await fired('Approval', { owner: someone, spender: someone, value: '1' })).toEqual([]);
  });

  it('has one rule per name, and each reads an event', () => {
    const names = EVENT_RULES.map((rule) => rule.rule);
    expect(new Set(names).size).toBe(names.length);
    expect(EVENT_RULES.map((rule) => rule.event)).toEqual(expect.arrayContaining(['OwnershipTransferred', 'RoleGranted', 'RoleRevoked', 'Upgraded', 'AdminChanged', 'BeaconUpgraded', 'Paused', 'Unpaused', 'Transfer']));
  });
});

describe('what a score drop is', () => {
  it('is 5 points or more down, or a lower grade', () => {
    expect(isScoreDrop(84, 79)).toBe(true);
    expect(isScoreDrop(99, 95)).toBe(false);
    expect(isScoreDrop(80.01, 79.99)).toBe(true);
    expect(isScoreDrop(50.3, 45.3)).toBe(true);
    expect(isScoreDrop(79, 84)).toBe(false);
  });
});

describe('the thresholds’ configuration', () => {
  it('defaults to 1% and refuses a share outside 0 to 1, naming the variable', () => {
    expect(parseConfig({}).detectors).toEqual({ mintAlertShare: 0.01, outflowAlertShare: 0.01 });
    expect(parseConfig({ SKYNET_MINT_ALERT_SHARE: '0.05', SKYNET_OUTFLOW_ALERT_SHARE: '' }).detectors).toEqual({ mintAlertShare: 0.05, outflowAlertShare: 0.01 });
    expect(() => parseConfig({ SKYNET_OUTFLOW_ALERT_SHARE: '2' })).toThrow(/SKYNET_OUTFLOW_ALERT_SHARE: must be a share from 0 to 1/);
    expect(() => parseConfig({ SKYNET_MINT_ALERT_SHARE: 'lots' })).toThrow(/SKYNET_MINT_ALERT_SHARE/);
  });
});

const alert = (overrides: Partial<AlertSummary>): AlertSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  projectId: 'shield',
  projectName: 'Shield',
  projectLogo: null,
  type: 'exploit',
  title: 'Staff alert',
  occurredAt: new Date('2026-11-01T00:00:00Z'),
  amountLostUsd: 1000,
  chain: 'Ethereum',
  confidence: 'confirmed',
  isDemo: false,
  origin: 'staff',
  retractedAt: null,
  retractionReason: null,
  ...overrides,
});

describe('alert lists', () => {
  it('mark automatic alerts, and retracted ones with the reason; staff ones carry neither', async () => {
    await testRoot.render(
      <AlertsList
        alerts={[
          alert({}),
          alert({ id: '00000000-0000-4000-8000-000000000002', type: 'contract-change', title: 'Contract paused', origin: 'automatic', amountLostUsd: null }),
          alert({
            id: '00000000-0000-4000-8000-000000000003',
            type: 'contract-change',
            title: 'Contract unpaused',
            origin: 'automatic',
            amountLostUsd: null,
            retractedAt: new Date('2026-11-02T00:00:00Z'),
            retractionReason: AUTOMATIC_ALERT_TEXTS.reorgRetraction,
          }),
        ]}
      />,
    );
    const [staff, automatic, retracted] = [...testRoot.container.querySelectorAll('li')];
    expect(staff.textContent).not.toContain(AUTOMATIC_ALERT_TEXTS.badge);
    expect(staff.textContent).toContain('Lost:');
    expect(automatic.textContent).toContain(AUTOMATIC_ALERT_TEXTS.badge);
    expect(automatic.textContent).not.toContain('Lost:');
    expect(automatic.textContent).not.toContain(AUTOMATIC_ALERT_TEXTS.retractedBadge);
    expect(retracted.textContent).toContain(AUTOMATIC_ALERT_TEXTS.retractedBadge);
    expect(retracted.textContent).toContain(AUTOMATIC_ALERT_TEXTS.retractedNotice(AUTOMATIC_ALERT_TEXTS.reorgRetraction));
  });
});

describe('the evidence panel', () => {
  const evidence: AlertEvidence = {
    rule: 'large-mint',
    chainId: 31337,
    contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    blockNumber: 42,
    blockHash: `0x${'ab'.repeat(32)}`,
    txHash: `0x${'cd'.repeat(32)}`,
    logIndex: 3,
    event: 'Transfer',
    values: { from: '0x0000000000000000000000000000000000000000', to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', value: '11300000000000000000000' },
  };

  it('shows chain, block, transaction, log and decoded values, linked to the explorer when there is one', async () => {
    await testRoot.render(<AlertEvidencePanel evidence={evidence} explorerUrl="https://explorer.example" />);
    const text = testRoot.container.textContent!;
    for (const shown of ['Large mint', 'Local chain (chain id 31337)', '42', evidence.blockHash!, evidence.txHash!, 'Transfer', '11300000000000000000000']) expect(text).toContain(shown);
    const links = [...testRoot.container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toContain(`https://explorer.example/tx/${evidence.txHash}`);
    expect(links).toContain('https://explorer.example/block/42');
    expect(links).toContain(`https://explorer.example/address/${evidence.values!.to}`);
  });

  it('links nothing without EXPLORER_URL', async () => {
    await testRoot.render(<AlertEvidencePanel evidence={evidence} explorerUrl={null} />);
    expect(testRoot.container.querySelectorAll('a')).toHaveLength(0);
    expect(testRoot.container.textContent).toContain(evidence.txHash);
  });
});
