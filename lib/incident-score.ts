/**
 * How the incident record moves a score (methodology 1.1), published on the methodology page: each published incident
 * of a project (not demo, not retracted) costs its Incident history signal points by its unreturned loss, softened by
 * age, and a recent large loss caps the overall score below the grades it would otherwise keep.
 */
import { scoreOfEntries, type PillarScores, type SignalEntries } from './score';

export type ScoredIncident = { amountLostUsd: number | null; amountReturnedUsd: number | null; occurredAt: Date };

const DAY_MS = 86_400_000;
/** An incident's cost halves every two years. */
const HALF_LIFE_DAYS = 730;
/** Caps last a year: the grade a loss took back stays taken that long. */
const CAP_DAYS = 365;
/** Unreturned loss (USD) at or above each bound caps the overall score at its value, for a year. */
const SCORE_CAPS: readonly { lossAtLeast: number; cap: number }[] = [
  { lossAtLeast: 100_000_000, cap: 64.99 },
  { lossAtLeast: 10_000_000, cap: 74.99 },
  { lossAtLeast: 1_000_000, cap: 84.99 },
];

/** The rule, as the methodology page states it. */
export const INCIDENT_SCORE_RULES = [
  'Each published incident of the project costs its Incident history signal points: 15 when the loss is unknown, 10 below $100,000, else 10 + 20 × log10(loss ÷ $100,000), at most 80 ($1 million: 30; $10 million: 50; $100 million: 70).',
  'Funds returned soften it: the cost is multiplied by 1 − ¾ × the share of the loss returned (a loss fully returned still costs a quarter).',
  'Age softens it: the cost halves every two years after the incident.',
  'The signal is the lower of the analyst’s assessment and 100 minus the costs; a signal not assessed stays not assessed (0).',
  'For a year after an incident, its unreturned loss caps the overall score: $1 million or more at 84.99 (grade A at best), $10 million at 74.99 (BB), $100 million at 64.99 (CCC).',
] as const;

const unreturned = (incident: ScoredIncident) => (incident.amountLostUsd === null ? null : Math.max(0, incident.amountLostUsd - (incident.amountReturnedUsd ?? 0)));

/** What one incident costs the signal on a given day. */
export function incidentCost(incident: ScoredIncident, asOf: Date): number {
  const loss = incident.amountLostUsd;
  const severity = loss === null ? 15 : loss < 100_000 ? 10 : Math.min(80, 10 + 20 * Math.log10(loss / 100_000));
  const returnedShare = loss && incident.amountReturnedUsd ? Math.min(1, incident.amountReturnedUsd / loss) : 0;
  const ageDays = Math.max(0, (asOf.getTime() - incident.occurredAt.getTime()) / DAY_MS);
  return severity * (1 - 0.75 * returnedShare) * 0.5 ** (ageDays / HALF_LIFE_DAYS);
}

/** The cap a project's incidents put on its overall score on a given day, or null for none. */
export function incidentScoreCap(incidents: ScoredIncident[], asOf: Date): number | null {
  let cap: number | null = null;
  for (const incident of incidents) {
    const loss = unreturned(incident);
    if (loss === null || asOf.getTime() - incident.occurredAt.getTime() > CAP_DAYS * DAY_MS || incident.occurredAt > asOf) continue;
    const bound = SCORE_CAPS.find((entry) => loss >= entry.lossAtLeast);
    if (bound && (cap === null || bound.cap < cap)) cap = bound.cap;
  }
  return cap;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A project's score from its assessed signals and its incidents, by the rules above. */
export function scoreWithIncidents(entries: SignalEntries, incidents: ScoredIncident[], asOf: Date): { score: number; pillars: PillarScores } {
  if (incidents.length === 0) return scoreOfEntries(entries);
  const assessed = entries.operationalResilience?.incidentHistory;
  const figure = Math.max(0, 100 - incidents.reduce((sum, incident) => sum + incidentCost(incident, asOf), 0));
  const adjusted: SignalEntries = {
    ...entries,
    operationalResilience: { ...entries.operationalResilience, incidentHistory: assessed === null || assessed === undefined ? null : round2(Math.min(assessed, figure)) },
  };
  const { score, pillars } = scoreOfEntries(adjusted);
  const cap = incidentScoreCap(incidents, asOf);
  return { score: cap === null ? score : Math.min(score, cap), pillars };
}

/** The score-history note of a change the incident rule made: it names the incident (and the correction's reason). */
export const incidentScoreNote = (title: string, reason?: string) => `Incident: ${title}${reason ? ` (corrected: ${reason})` : ''}`;
