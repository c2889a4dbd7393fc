import { describe, expect, it } from 'vitest';

import { diffFields, fieldLabel, formatLoggedValue, NO_VALUE } from '@/lib/staff-log';

describe('diffFields', () => {
  it('lists only the fields that changed, with their values before and after', () => {
    expect(diffFields({ status: 'new', owner: null, notes: '' }, { status: 'contacted', owner: 'sam@example.com', notes: '' })).toEqual([
      { field: 'status', before: 'new', after: 'contacted' },
      { field: 'owner', before: NO_VALUE, after: 'sam@example.com' },
    ]);
  });

  it('shows every field of a creation and of a removal', () => {
    expect(diffFields(null, { role: 'analyst' })).toEqual([{ field: 'role', before: NO_VALUE, after: 'analyst' }]);
    expect(diffFields({ role: 'sales' }, null)).toEqual([{ field: 'role', before: 'sales', after: NO_VALUE }]);
  });

  it('names the nested field that moved', () => {
    const before = { findings: { critical: { total: 2, resolved: 1 } } };
    const after = { findings: { critical: { total: 2, resolved: 2 } } };
    expect(diffFields(before, after)).toEqual([{ field: 'findings.critical.resolved', before: '1', after: '2' }]);
  });

  it('reads lists and flags as words', () => {
    expect(diffFields({ sourceUrls: ['https://a.example'], demo: true }, { sourceUrls: ['https://a.example', 'https://b.example'], demo: false })).toEqual([
      { field: 'sourceUrls', before: 'https://a.example', after: 'https://a.example, https://b.example' },
      { field: 'demo', before: 'yes', after: 'no' },
    ]);
    expect(formatLoggedValue([])).toBe(NO_VALUE);
  });
});

describe('fieldLabel', () => {
  it('turns stored names into words and keeps labels as written', () => {
    expect(fieldLabel('amountLostUsd')).toBe('Amount lost USD');
    expect(fieldLabel('findings.critical')).toBe('Findings › critical');
    expect(fieldLabel('Fundamental Health: Team identity verified (KYC)')).toBe('Fundamental Health: Team identity verified (KYC)');
  });
});
