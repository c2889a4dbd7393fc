import { describe, expect, it } from 'vitest';

import { scoreFormSchema, scoreFormValues } from '@/lib/schemas/staff-score';
import { computeScore, entriesOfPillars, METHODOLOGY_HISTORY, METHODOLOGY_VERSION, PILLARS, scoreOfEntries, type SignalEntries } from '@/lib/score';

/** Every signal set to `value`, except the overrides (pillar → signal → value). */
function entries(value: number | null, overrides: Record<string, Record<string, number | null>> = {}): SignalEntries {
  return Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, signal.key in (overrides[pillar.key] ?? {}) ? overrides[pillar.key][signal.key] : value]))]));
}

describe('scoreOfEntries', () => {
  it('scores like computeScore with an unassessed signal counted as 0', () => {
    const entered = entries(80, { codeSecurity: { bugBounty: null } });
    const asZero = entries(80, { codeSecurity: { bugBounty: 0 } }) as Record<string, Record<string, number>>;
    expect(scoreOfEntries(entered).score).toBe(computeScore(asZero).score);
    expect(scoreOfEntries(entered).score).toBeLessThan(80);
  });

  it('leaves unassessed signals out of the stored pillars, so they read back as not assessed', () => {
    const entered = entries(70, { governanceStrength: { upgradeTimelock: null } });
    const { pillars } = scoreOfEntries(entered);
    expect(pillars.governanceStrength.signals).not.toHaveProperty('upgradeTimelock');
    expect(entriesOfPillars(pillars)).toEqual(entered);
  });

  it('reads a score without pillars as nothing assessed', () => {
    expect(entriesOfPillars(null)).toEqual(entries(null));
  });
});

describe('scoreFormSchema', () => {
  const valid = () => scoreFormValues(entries(50));

  it('turns typed signals into numbers and empty ones into not assessed', () => {
    const values = valid();
    values.signals.codeSecurity.auditCoverage = ' 100 ';
    values.signals.codeSecurity.bugBounty = '';
    values.note = '  New audit published  ';
    const parsed = scoreFormSchema.parse(values);
    expect(parsed.signals.codeSecurity).toMatchObject({ auditCoverage: 100, bugBounty: null });
    expect(parsed.note).toBe('New audit published');
  });

  it('refuses a signal outside 0–100 or not a whole number, and a missing note', () => {
    for (const bad of ['101', '-1', '12.5', 'high']) {
      const values = valid();
      values.signals.marketStability.volatility = bad;
      values.note = 'Changed';
      const result = scoreFormSchema.safeParse(values);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0].path).toEqual(['signals', 'marketStability', 'volatility']);
    }
    expect(scoreFormSchema.safeParse(valid()).error?.issues[0].path).toEqual(['note']);
  });

  it('refuses a signal the methodology does not name', () => {
    const values = valid();
    (values.signals.codeSecurity as Record<string, string>).madeUp = '50';
    values.note = 'Changed';
    expect(scoreFormSchema.safeParse(values).success).toBe(false);
  });
});

describe('METHODOLOGY_HISTORY', () => {
  it('lists the version in force first, each version once', () => {
    expect(METHODOLOGY_HISTORY[0].version).toBe(METHODOLOGY_VERSION);
    expect(new Set(METHODOLOGY_HISTORY.map((entry) => entry.version)).size).toBe(METHODOLOGY_HISTORY.length);
    for (const entry of METHODOLOGY_HISTORY) expect(entry.changes.length).toBeGreaterThan(10);
  });
});
