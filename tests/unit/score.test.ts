import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { GradeBadge } from '@/components/project/grade-badge';
import { computeScore, GRADE_BANDS, gradeFor, GRADES, PILLARS, pillarScore, scoreRangeForGrade } from '@/lib/score';

const pillar = (key: string) => PILLARS.find((candidate) => candidate.key === key)!;

/** Signals for every pillar, each pillar's signals given in order. */
function signalsFrom(values: Record<string, number[]>): Record<string, Record<string, number>> {
  return Object.fromEntries(
    PILLARS.map((p) => [p.key, Object.fromEntries(p.signals.map((signal, index) => [signal.key, values[p.key]?.[index] ?? 0]))]),
  );
}

describe('PILLARS', () => {
  it('has six pillars whose weights sum to 1', () => {
    expect(PILLARS).toHaveLength(6);
    const total = PILLARS.reduce((sum, p) => sum + p.weight, 0);
    expect(total).toBeCloseTo(1, 10);
    for (const p of PILLARS) expect(p.weight).toBeGreaterThan(0);
  });

  it('names every pillar and signal once', () => {
    expect(new Set(PILLARS.map((p) => p.key)).size).toBe(PILLARS.length);
    const signalKeys = PILLARS.flatMap((p) => p.signals.map((signal) => signal.key));
    expect(new Set(signalKeys).size).toBe(signalKeys.length);
    for (const p of PILLARS) expect(p.signals.length).toBeGreaterThan(0);
  });
});

describe('pillarScore', () => {
  const code = pillar('codeSecurity'); // auditCoverage, findingsResolved, auditRecency, bugBounty
  const community = pillar('communityTrust'); // socialActivity, sentiment, holderGrowth

  it('is the mean of the signals', () => {
    expect(pillarScore(code, { auditCoverage: 80, findingsResolved: 60, auditRecency: 40, bugBounty: 20 })).toBe(50);
    expect(pillarScore(community, { socialActivity: 100, sentiment: 100, holderGrowth: 100 })).toBe(100);
  });

  it('clamps each signal to 0–100 before averaging', () => {
    expect(pillarScore(code, { auditCoverage: 150, findingsResolved: 50, auditRecency: -40, bugBounty: 100 })).toBe(62.5);
    expect(pillarScore(community, { socialActivity: 1e9, sentiment: 1e9, holderGrowth: 1e9 })).toBe(100);
    expect(pillarScore(community, { socialActivity: -5, sentiment: -5, holderGrowth: -5 })).toBe(0);
  });

  it('counts missing and non-finite signals as 0', () => {
    expect(pillarScore(code, { auditCoverage: 80 })).toBe(20);
    expect(pillarScore(code, {})).toBe(0);
    expect(pillarScore(code, { auditCoverage: 80, findingsResolved: Number.NaN, auditRecency: Number.POSITIVE_INFINITY, bugBounty: 40 })).toBe(30);
  });

  it('ignores signals that are not the pillar’s own', () => {
    expect(pillarScore(community, { socialActivity: 30, sentiment: 60, holderGrowth: 90, auditCoverage: 0 })).toBe(60);
  });

  it('rounds to two decimals', () => {
    expect(pillarScore(community, { socialActivity: 10, sentiment: 10, holderGrowth: 11 })).toBe(10.33);
    expect(pillarScore(community, { socialActivity: 10, sentiment: 10, holderGrowth: 12 })).toBe(10.67);
  });
});

describe('computeScore', () => {
  it('is the weighted sum of the pillar scores (hand-computed)', () => {
    const { score, pillars } = computeScore(
      signalsFrom({
        codeSecurity: [80, 90, 70, 60], // 75    × 0.30 = 22.5
        fundamentalHealth: [60, 70, 80], // 70    × 0.15 = 10.5
        operationalResilience: [100, 100, 100], // 100 × 0.15 = 15
        governanceStrength: [50, 40, 30], // 40   × 0.15 = 6
        marketStability: [90, 80, 70], // 80      × 0.15 = 12
        communityTrust: [10, 20, 31], // 20.33    × 0.10 = 2.033
      }),
    );
    expect(score).toBe(68.03);
    expect(Object.fromEntries(Object.entries(pillars).map(([key, value]) => [key, value.score]))).toEqual({
      codeSecurity: 75,
      fundamentalHealth: 70,
      operationalResilience: 100,
      governanceStrength: 40,
      marketStability: 80,
      communityTrust: 20.33,
    });
    expect(pillars.communityTrust.signals).toEqual({ socialActivity: 10, sentiment: 20, holderGrowth: 31 });
  });

  it('rounds the overall score to two decimals', () => {
    // 33.33 × 0.3 + 0 … = 9.999 → 10
    const { score } = computeScore({ codeSecurity: { auditCoverage: 33.33, findingsResolved: 33.33, auditRecency: 33.33, bugBounty: 33.33 } });
    expect(score).toBe(10);
  });

  it('is 0 with no signals and 100 with every signal at 100', () => {
    const empty = computeScore({});
    expect(empty.score).toBe(0);
    expect(Object.keys(empty.pillars)).toEqual(PILLARS.map((p) => p.key));
    for (const value of Object.values(empty.pillars)) expect(value.score).toBe(0);

    const perfect = computeScore(signalsFrom(Object.fromEntries(PILLARS.map((p) => [p.key, p.signals.map(() => 100)]))));
    expect(perfect.score).toBe(100);
  });

  it('gives each pillar exactly its weight in points', () => {
    for (const p of PILLARS) {
      const { score } = computeScore({ [p.key]: Object.fromEntries(p.signals.map((signal) => [signal.key, 100])) });
      expect(score).toBeCloseTo(p.weight * 100, 2);
    }
  });

  it('publishes each pillar’s signals clamped, with missing ones as 0', () => {
    const { pillars } = computeScore({ codeSecurity: { auditCoverage: 120, findingsResolved: -3, auditRecency: 55 } });
    expect(pillars.codeSecurity).toEqual({ score: 38.75, signals: { auditCoverage: 100, findingsResolved: 0, auditRecency: 55, bugBounty: 0 } });
  });

  it('stays within 0–100 whatever the signals', () => {
    for (const value of [-1e6, -1, 0, 49.995, 100, 101, 1e6]) {
      const { score } = computeScore(signalsFrom(Object.fromEntries(PILLARS.map((p) => [p.key, p.signals.map(() => value)]))));
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
  });

  it('publishes a non-finite signal as the 0 it was counted as', () => {
    const { pillars } = computeScore({ communityTrust: { socialActivity: Number.NaN, sentiment: 60, holderGrowth: 90 } });
    expect(pillars.communityTrust.score).toBe(50);
    expect(pillars.communityTrust.signals.socialActivity).toBe(0);
    const infinite = computeScore({ communityTrust: { socialActivity: Number.POSITIVE_INFINITY, sentiment: Number.NEGATIVE_INFINITY, holderGrowth: 90 } });
    expect(infinite.pillars.communityTrust).toEqual({ score: 30, signals: { socialActivity: 0, sentiment: 0, holderGrowth: 90 } });
  });
});

describe('gradeFor', () => {
  it.each([
    [100, 'AAA', 'good'],
    [90, 'AAA', 'good'],
    [89.99, 'AA', 'good'],
    [85, 'AA', 'good'],
    [84.99, 'A', 'good'],
    [80, 'A', 'good'],
    [79.99, 'BBB', 'fair'],
    [75, 'BBB', 'fair'],
    [74.99, 'BB', 'fair'],
    [70, 'BB', 'fair'],
    [69.99, 'B', 'fair'],
    [65, 'B', 'fair'],
    [64.99, 'CCC', 'poor'],
    [60, 'CCC', 'poor'],
    [59.99, 'CC', 'poor'],
    [55, 'CC', 'poor'],
    [54.99, 'C', 'poor'],
    [50, 'C', 'poor'],
    [49.99, 'D', 'poor'],
    [0.01, 'D', 'poor'],
    [0, 'D', 'poor'],
  ] as const)('%s → %s (%s)', (score, grade, tone) => {
    expect(gradeFor(score)).toEqual({ grade, tone });
  });

  it('gives D below 0', () => {
    expect(gradeFor(-1).grade).toBe('D');
  });

  it('lists the bands highest first, down to 0', () => {
    const mins = GRADE_BANDS.map((band) => band.min);
    expect([...mins].sort((a, b) => b - a)).toEqual(mins);
    expect(mins.at(-1)).toBe(0);
  });
});

describe('scoreRangeForGrade', () => {
  const ranges = GRADES.map((grade) => ({ grade, ...scoreRangeForGrade(grade) }));

  it('gives each band its [min, max) range', () => {
    expect(scoreRangeForGrade('AAA')).toEqual({ min: 90, max: 100.01 });
    expect(scoreRangeForGrade('AA')).toEqual({ min: 85, max: 90 });
    expect(scoreRangeForGrade('C')).toEqual({ min: 50, max: 55 });
    expect(scoreRangeForGrade('D')).toEqual({ min: 0, max: 50 });
  });

  it('tiles 0–100 without gaps or overlaps', () => {
    const ascending = [...ranges].sort((a, b) => a.min - b.min);
    expect(ascending[0].min).toBe(0);
    expect(ascending.at(-1)!.max).toBeGreaterThan(100);
    for (let i = 1; i < ascending.length; i++) expect(ascending[i].min).toBe(ascending[i - 1].max);
    for (const range of ranges) expect(range.max).toBeGreaterThan(range.min);
  });

  it('agrees with gradeFor for every score in 0–100 (step 0.01)', () => {
    const disagreements: string[] = [];
    for (let cents = 0; cents <= 10_000; cents++) {
      const score = cents / 100;
      const containing = ranges.filter((range) => score >= range.min && score < range.max).map((range) => range.grade);
      if (containing.length !== 1 || containing[0] !== gradeFor(score).grade) disagreements.push(`${score}: ${containing.join(',') || 'none'} vs ${gradeFor(score).grade}`);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('GradeBadge', () => {
  /** The grade and the score a badge shows for a score. */
  const shown = (score: number) => {
    const { grade, tone } = gradeFor(score);
    const html = renderToStaticMarkup(createElement(GradeBadge, { grade, tone, score }));
    const number = /(\d+\.\d)</.exec(html)?.[1];
    return { grade, number: Number(number) };
  };

  it('shows the grade with the score to one decimal', () => {
    expect(shown(72.34)).toEqual({ grade: 'BB', number: 72.3 });
    expect(shown(90)).toEqual({ grade: 'AAA', number: 90 });
  });

  // 89.96 is graded AA, so it must not read "AA 90.0": the number shown beside a grade lies in that grade's band.
  it('never shows a number outside the band of the grade beside it', () => {
    for (const score of [89.96, 84.95, 79.99, 64.97, 49.96]) {
      const { grade, number } = shown(score);
      expect(gradeFor(number).grade, `${score} shown as ${grade} ${number}`).toBe(grade);
    }
  });
});
