/** Security alerts as both sides know them: their vocabulary, and what the public pages show of them. */
import { ALERT_TYPE_LABELS, formatDate } from './format';

export const ALERT_TYPES = ['exploit', 'rug-pull', 'phishing', 'flash-loan', 'private-key-leak', 'oracle-manipulation', 'governance-attack', 'bridge-hack'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Who raised an alert: the firm's staff, or a rule on indexed chain facts or on the score (issue #16). */
export const ALERT_ORIGINS = ['staff', 'automatic'] as const;
export type AlertOrigin = (typeof ALERT_ORIGINS)[number];

/**
 * What an automatic alert rests on: the rule that fired and the chain facts it read (or, for a score drop, the
 * score before and after). Shown on the alert's page; the explorer links are built from it when EXPLORER_URL is set.
 */
export type AlertEvidence = {
  rule: string;
  chainId?: number;
  contract?: string;
  blockNumber?: number;
  blockHash?: string;
  txHash?: string;
  logIndex?: number;
  event?: string;
  functionName?: string;
  values?: Record<string, string>;
};

/** How sure the firm is of what an alert says, surest first. */
export const ALERT_CONFIDENCE = ['confirmed', 'high', 'medium', 'low'] as const;
export type AlertConfidence = (typeof ALERT_CONFIDENCE)[number];
export const ALERT_CONFIDENCE_LABELS: Record<AlertConfidence, string> = { confirmed: 'Confirmed', high: 'High', medium: 'Medium', low: 'Low' };

/** A security alert as lists show it (the home feed, a project's history): its project named when known. */
export type AlertSummary = {
  id: string;
  projectId: string | null;
  projectName: string | null;
  projectLogo: string | null;
  type: string;
  title: string;
  occurredAt: Date;
  amountLostUsd: number | null;
  chain: string | null;
  confidence: string;
  isDemo: boolean;
};

/** The fields of an alert a correction may change, in the order the correction log lists them. */
export const ALERT_FIELD_LABELS = {
  title: 'Title',
  type: 'Type',
  occurredOn: 'Date',
  chain: 'Chain',
  amountLostUsd: 'Amount lost (USD)',
  amountReturnedUsd: 'Amount returned (USD)',
  technique: 'Technique',
  sourceUrls: 'Source links',
  confidence: 'Confidence',
  projectId: 'Project',
  description: 'Description',
} as const;
export type AlertField = keyof typeof ALERT_FIELD_LABELS;

/** One public correction of a published alert: when, why, and each changed field before and after. */
export type AlertCorrection = {
  id: string;
  createdAt: Date;
  reason: string;
  changes: { field: string; label: string; before: unknown; after: unknown }[];
};

/** A published alert on its own page, with its correction log (oldest correction first). */
export type AlertDetail = AlertSummary & {
  amountReturnedUsd: number | null;
  technique: string | null;
  description: string | null;
  sourceUrls: string[];
  publishedAt: Date | null;
  corrections: AlertCorrection[];
};

/** An alert's editable fields as the form and the correction log name them (days as YYYY-MM-DD). */
export type AlertFields = {
  title: string;
  type: AlertType;
  occurredOn: string;
  chain: string | null;
  amountLostUsd: number | null;
  amountReturnedUsd: number | null;
  technique: string | null;
  sourceUrls: string[];
  confidence: AlertConfidence;
  projectId: string | null;
  description: string | null;
};

/** The fields that differ between two versions of an alert, each with its value before and after. */
export function alertFieldChanges(before: AlertFields, after: AlertFields): Partial<Record<AlertField, { before: unknown; after: unknown }>> {
  const changes: Partial<Record<AlertField, { before: unknown; after: unknown }>> = {};
  for (const field of Object.keys(ALERT_FIELD_LABELS) as AlertField[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = { before: before[field], after: after[field] };
  }
  return changes;
}

const exactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * A field's value in the correction log as people read it: amounts exact (a compact "$1.3M" could hide the very
 * change), days and labels in words, an empty value as "none".
 */
export function formatAlertFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'none';
  if ((field === 'amountLostUsd' || field === 'amountReturnedUsd') && typeof value === 'number') return exactUsd.format(value);
  if (field === 'occurredOn' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T00:00:00Z`);
  if (field === 'type' && typeof value === 'string') return ALERT_TYPE_LABELS[value] ?? value;
  if (field === 'confidence' && typeof value === 'string') return ALERT_CONFIDENCE_LABELS[value as AlertConfidence] ?? value;
  if (Array.isArray(value)) return value.map(String).join('\n');
  return String(value);
}
