import { describe, expect, it } from 'vitest';

import { alertFieldChanges, formatAlertFieldValue, type AlertFields } from '@/lib/alerts';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { alertFormSchema } from '@/lib/schemas/staff-alert';
import { countFindings, isCalendarDay } from '@/lib/schemas/staff-audit';

describe('findings counts', () => {
  it('counts each finding under its severity, and only fully resolved ones as resolved', () => {
    const counts = countFindings([
      { title: 'a', severity: 'critical', status: 'resolved' },
      { title: 'b', severity: 'critical', status: 'partially-resolved' },
      { title: 'c', severity: 'informational', status: 'acknowledged' },
    ]);
    expect(counts.critical).toEqual({ total: 2, resolved: 1 });
    expect(counts.informational).toEqual({ total: 1, resolved: 0 });
    expect(counts.major).toEqual({ total: 0, resolved: 0 });
  });
});

describe('calendar days', () => {
  it('takes real days as date inputs give them, and nothing else', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-05')).toBe(false);
    expect(isCalendarDay('05/01/2026')).toBe(false);
  });
});

describe('the alert form schema', () => {
  const typed = {
    title: 'Drained',
    type: 'exploit',
    occurredOn: '2026-01-15',
    chain: ' ',
    amountLostUsd: '1 250 000.5',
    amountReturnedUsd: '',
    amountsPricedOn: '2026-01-16',
    technique: '',
    sourceUrls: 'https://example.com/a\n\n https://example.com/a \nhttps://example.com/b',
    confidence: 'low',
    projectId: '',
    description: '',
  } as const;

  it('reads amounts with spaces or commas, drops repeated and blank link lines, and stores empty fields as null', () => {
    const parsed = alertFormSchema.parse(typed);
    expect(parsed).toMatchObject({ amountLostUsd: 1_250_000.5, amountReturnedUsd: null, chain: null, projectId: null, sourceUrls: ['https://example.com/a', 'https://example.com/b'] });
  });

  it('refuses more than two decimals and more than ten links', () => {
    const result = alertFormSchema.safeParse({ ...typed, amountLostUsd: '10.505', sourceUrls: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`).join('\n') });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain(STAFF_MESSAGES.amountInvalid);
    expect(messages).toContain(STAFF_MESSAGES.tooManySourceLinks);
  });

  it('requires the pricing day once an amount is given, and only then', () => {
    const missing = alertFormSchema.safeParse({ ...typed, amountsPricedOn: '' });
    expect(missing.error?.issues).toEqual([expect.objectContaining({ path: ['amountsPricedOn'], message: STAFF_MESSAGES.amountsPricedOnRequired })]);
    expect(alertFormSchema.parse({ ...typed, amountLostUsd: '', amountsPricedOn: '' })).toMatchObject({ amountLostUsd: null, amountsPricedOn: null });
    expect(alertFormSchema.parse(typed)).toMatchObject({ amountsPricedOn: '2026-01-16' });
    expect(alertFormSchema.safeParse({ ...typed, amountsPricedOn: '2026-02-30' }).error?.issues.map((issue) => issue.message)).toEqual([STAFF_MESSAGES.dayInvalid]);
  });
});

describe('alert corrections', () => {
  const before: AlertFields = {
    title: 'Drained',
    type: 'exploit',
    occurredOn: '2026-01-15',
    chain: 'Ethereum',
    amountLostUsd: 1_250_000,
    amountReturnedUsd: null,
    amountsPricedOn: '2026-01-16',
    technique: null,
    sourceUrls: ['https://example.com/a'],
    confidence: 'high',
    projectId: 'vault',
    description: null,
  };

  it('names exactly the fields that changed, with both values', () => {
    expect(alertFieldChanges(before, { ...before })).toEqual({});
    expect(alertFieldChanges(before, { ...before, amountLostUsd: 1_260_000, sourceUrls: ['https://example.com/a', 'https://example.com/b'] })).toEqual({
      amountLostUsd: { before: 1_250_000, after: 1_260_000 },
      sourceUrls: { before: ['https://example.com/a'], after: ['https://example.com/a', 'https://example.com/b'] },
    });
  });

  it('shows amounts exactly, so a small correction is visible, and empty values as none', () => {
    expect(formatAlertFieldValue('amountLostUsd', 1_250_000)).not.toBe(formatAlertFieldValue('amountLostUsd', 1_260_000));
    expect(formatAlertFieldValue('amountLostUsd', 1_250_000)).toBe('$1,250,000');
    expect(formatAlertFieldValue('amountReturnedUsd', null)).toBe('none');
    expect(formatAlertFieldValue('occurredOn', '2026-01-15')).toBe('15 Jan 2026');
    expect(formatAlertFieldValue('confidence', 'high')).toBe('High');
  });
});
