/**
 * The security score, published in full on the methodology page: six pillars, each the mean of named signals
 * (0–100), combined with fixed weights into an overall 0–100 score and a letter grade. Votes and page views
 * are not inputs.
 */

export { GRADE_BANDS, GRADES, gradeFor, scoreRangeForGrade, type Grade, type GradeTone } from './grades';

export const METHODOLOGY_VERSION = '1.1';
export const METHODOLOGY_DATE = '2026-12-02';

/**
 * Every published version of the methodology, newest first: the methodology page lists them, and each score-history
 * point names the version it was computed by. A new version goes on top and into METHODOLOGY_VERSION together.
 */
export const METHODOLOGY_HISTORY: readonly { version: string; date: string; changes: string }[] = [
  {
    version: '1.1',
    date: METHODOLOGY_DATE,
    changes: 'Incidents move the score: each published incident costs the Incident history signal points by its unreturned loss, softened by age and funds returned, and for a year a loss of $1 million or more caps the overall score (the rule is under Incident history).',
  },
  {
    version: '1.0',
    date: '2026-11-01',
    changes: 'First published version: six weighted pillars, each the mean of its signals; grades AAA to D; votes and page views are not inputs.',
  },
];

export const PILLARS = [
  {
    key: 'codeSecurity',
    label: 'Code Security',
    weight: 0.3,
    description: 'How well the code has been reviewed and how its findings were handled.',
    signals: [
      { key: 'auditCoverage', label: 'Audit coverage of deployed contracts' },
      { key: 'findingsResolved', label: 'Critical and major findings resolved' },
      { key: 'auditRecency', label: 'Time since the last audit' },
      { key: 'bugBounty', label: 'Active bug bounty' },
    ],
  },
  {
    key: 'fundamentalHealth',
    label: 'Fundamental Health',
    weight: 0.15,
    description: 'Who is behind the project and how its token and treasury are held.',
    signals: [
      { key: 'teamTransparency', label: 'Team identity verified (KYC)' },
      { key: 'tokenDistribution', label: 'Token distribution and concentration' },
      { key: 'treasuryRunway', label: 'Treasury runway' },
    ],
  },
  {
    key: 'operationalResilience',
    label: 'Operational Resilience',
    weight: 0.15,
    description: 'How the project runs day to day and how it has handled incidents.',
    signals: [
      { key: 'webSecurity', label: 'Website, DNS and TLS hygiene' },
      { key: 'incidentHistory', label: 'Incident history' },
      { key: 'monitoringCoverage', label: 'On-chain monitoring coverage' },
    ],
  },
  {
    key: 'governanceStrength',
    label: 'Governance Strength',
    weight: 0.15,
    description: 'Who can change the contracts, and what stands in their way.',
    signals: [
      { key: 'privilegedRoles', label: 'Privileged roles held by multisigs' },
      { key: 'upgradeTimelock', label: 'Timelock on upgrades and parameter changes' },
      { key: 'onChainGovernance', label: 'On-chain governance participation' },
    ],
  },
  {
    key: 'marketStability',
    label: 'Market Stability',
    weight: 0.15,
    description: 'How deep and steady the market for the token is.',
    signals: [
      { key: 'liquidityDepth', label: 'Liquidity depth' },
      { key: 'volatility', label: 'Price volatility (lower is better)' },
      { key: 'exchangeCoverage', label: 'Exchange listings' },
    ],
  },
  {
    key: 'communityTrust',
    label: 'Community Trust',
    weight: 0.1,
    description: 'How active and how satisfied the community is.',
    signals: [
      { key: 'socialActivity', label: 'Social activity' },
      { key: 'sentiment', label: 'Community sentiment' },
      { key: 'holderGrowth', label: 'Holder growth' },
    ],
  },
] as const;

export type PillarKey = (typeof PILLARS)[number]['key'];
export type PillarScores = Record<string, { score: number; signals: Record<string, number> }>;


const round2 = (value: number) => Math.round(value * 100) / 100;
/** A signal within 0–100; anything not a finite number counts as 0. */
const clamp = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

/** A pillar's score: the mean of its signals (each clamped to 0–100); missing signals count as 0. */
export function pillarScore(pillar: (typeof PILLARS)[number], signals: Record<string, number>): number {
  const values = pillar.signals.map((signal) => clamp(signals[signal.key]));
  return round2(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** Every pillar's score and the weighted overall score, from the raw signals. */
export function computeScore(signals: Record<string, Record<string, number>>): { score: number; pillars: PillarScores } {
  const pillars: PillarScores = {};
  let total = 0;
  for (const pillar of PILLARS) {
    const own = signals[pillar.key] ?? {};
    const score = pillarScore(pillar, own);
    pillars[pillar.key] = { score, signals: Object.fromEntries(pillar.signals.map((signal) => [signal.key, clamp(own[signal.key] ?? 0)])) };
    total += score * pillar.weight;
  }
  return { score: round2(total), pillars };
}

/** A score to one decimal for display, rounded down so it never reads as the next grade up (89.96 shows 89.9, not 90.0). */
export function formatScore(score: number): string {
  return (Math.floor(score * 10 + 1e-9) / 10).toFixed(1);
}

/** Signals as staff enter them: each 0–100, or null when it was not assessed. */
export type SignalEntries = Record<string, Record<string, number | null>>;

/**
 * The score of entered signals by the published methodology (computeScore: a signal not assessed counts as 0, so a
 * score never credits what nobody checked). The stored pillars leave unassessed signals out, so pages can say
 * "Not assessed" instead of showing a 0 nobody measured.
 */
export function scoreOfEntries(entries: SignalEntries): { score: number; pillars: PillarScores } {
  const assessed = Object.fromEntries(
    PILLARS.map((pillar) => [
      pillar.key,
      Object.fromEntries(pillar.signals.flatMap((signal) => {
        const value = entries[pillar.key]?.[signal.key];
        return typeof value === 'number' ? [[signal.key, value]] : [];
      })),
    ]),
  ) as Record<string, Record<string, number>>;
  const { score, pillars } = computeScore(assessed);
  for (const pillar of PILLARS) pillars[pillar.key].signals = Object.fromEntries(Object.entries(pillars[pillar.key].signals).filter(([key]) => key in assessed[pillar.key]));
  return { score, pillars };
}

/** The stored pillars back as entries: every signal of the methodology, null where none is stored. */
export function entriesOfPillars(pillars: PillarScores | null): SignalEntries {
  return Object.fromEntries(
    PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, pillars?.[pillar.key]?.signals[signal.key] ?? null]))]),
  );
}
