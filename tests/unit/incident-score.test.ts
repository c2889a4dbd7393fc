import { describe, expect, it } from 'vitest';

import { incidentCost, incidentScoreCap, scoreWithIncidents } from '@/lib/incident-score';
import { gradeFor, PILLARS, scoreOfEntries, type SignalEntries } from '@/lib/score';

const asOf = new Date('2026-12-02T00:00:00Z');
const daysAgo = (days: number) => new Date(asOf.getTime() - days * 86_400_000);
/** Every signal at `value`: a strong project (AA at 88). */
const entriesAt = (value: number): SignalEntries => Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, value]))]));

describe('the incident rule of methodology 1.1', () => {
  it('costs by loss: 15 unknown, 10 below $100k, 30 at $1M, 50 at $10M, 70 at $100M, at most 80', () => {
    const cost = (amountLostUsd: number | null) => incidentCost({ amountLostUsd, amountReturnedUsd: null, occurredAt: asOf }, asOf);
    expect([cost(null), cost(50_000), cost(1_000_000), cost(10_000_000), cost(100_000_000), cost(10_000_000_000)].map(Math.round)).toEqual([15, 10, 30, 50, 70, 80]);
  });

  it('softens with funds returned (a quarter stays when all came back) and halves every two years', () => {
    expect(incidentCost({ amountLostUsd: 1_000_000, amountReturnedUsd: 1_000_000, occurredAt: asOf }, asOf)).toBeCloseTo(7.5);
    expect(incidentCost({ amountLostUsd: 1_000_000, amountReturnedUsd: 500_000, occurredAt: asOf }, asOf)).toBeCloseTo(18.75);
    expect(incidentCost({ amountLostUsd: 1_000_000, amountReturnedUsd: null, occurredAt: daysAgo(730) }, asOf)).toBeCloseTo(15);
  });

  it('caps the overall score for a year by the unreturned loss', () => {
    const incident = (amountLostUsd: number, days = 0, amountReturnedUsd: number | null = null) => ({ amountLostUsd, amountReturnedUsd, occurredAt: daysAgo(days) });
    expect(incidentScoreCap([incident(500_000)], asOf)).toBeNull();
    expect(incidentScoreCap([incident(1_250_000)], asOf)).toBe(84.99);
    expect(incidentScoreCap([incident(20_000_000), incident(1_250_000)], asOf)).toBe(74.99);
    expect(incidentScoreCap([incident(200_000_000, 400)], asOf)).toBeNull();
    expect(incidentScoreCap([incident(20_000_000, 10, 19_500_000)], asOf)).toBeNull();
  });

  it('takes an AA project with a $1.25M exploit published today to A at most, its signal lowered, and leaves an unassessed signal at 0', () => {
    const entries = entriesAt(88);
    expect(gradeFor(scoreOfEntries(entries).score).grade).toBe('AA');
    const hit = scoreWithIncidents(entries, [{ amountLostUsd: 1_250_000, amountReturnedUsd: null, occurredAt: asOf }], asOf);
    expect(hit.score).toBeLessThanOrEqual(84.99);
    expect(gradeFor(hit.score).grade).toBe('A');
    expect(hit.pillars.operationalResilience.signals.incidentHistory).toBeCloseTo(100 - 31.94, 1);
    const unassessed = { ...entries, operationalResilience: { ...entries.operationalResilience, incidentHistory: null } };
    expect(scoreWithIncidents(unassessed, [{ amountLostUsd: 1_250_000, amountReturnedUsd: null, occurredAt: asOf }], asOf).pillars.operationalResilience.signals).not.toHaveProperty('incidentHistory');
    expect(scoreWithIncidents(entries, [], asOf)).toEqual(scoreOfEntries(entries));
  });
});
