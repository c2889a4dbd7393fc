/** Security alerts as both sides know them: their vocabulary, and what the public pages show of them. */
import { ALERT_TYPE_LABELS, formatDate } from './format';
import type { IncidentFacts } from './incidents';

/** What staff publish: incidents. */
export const STAFF_ALERT_TYPES = ['exploit', 'rug-pull', 'phishing', 'flash-loan', 'private-key-leak', 'oracle-manipulation', 'governance-attack', 'bridge-hack'] as const;
/** What the rules raise on their own (issue #16): Skynet's detectors on chain facts, and a falling score. */
export const AUTOMATIC_ALERT_TYPES = ['contract-change', 'privileged-call', 'large-mint', 'large-outflow', 'score-drop'] as const;
export const ALERT_TYPES = [...STAFF_ALERT_TYPES, ...AUTOMATIC_ALERT_TYPES] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export type AutomaticAlertType = (typeof AUTOMATIC_ALERT_TYPES)[number];

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

/** Names of the chains Skynet commonly watches, for evidence and titles; others read "Chain <id>". */
const EVM_CHAIN_NAMES: Record<number, string> = { 1: 'Ethereum', 10: 'Optimism', 56: 'BNB Chain', 137: 'Polygon', 8453: 'Base', 42161: 'Arbitrum', 43114: 'Avalanche', 31337: 'Local chain' };
export const evmChainName = (chainId: number) => EVM_CHAIN_NAMES[chainId] ?? `Chain ${chainId}`;

/** Texts of automatic alerts: their badge, their retraction, and the evidence panel of the alert's page. */
export const AUTOMATIC_ALERT_TEXTS = {
  badge: 'Automatic',
  badgeTitle: 'Raised by a monitoring rule, not written by our analysts',
  retractedBadge: 'Retracted',
  /** Stored as the retraction reason when a reorg removed the block an alert rested on. */
  reorgRetraction: 'The block left the chain (a reorganisation); the fact this alert rested on is gone.',
  retractedNotice: (reason: string) => `Retracted: ${reason}`,
  evidenceTitle: 'Evidence',
  evidenceIntro: 'What the monitoring rule read on the chain.',
  scoreEvidenceIntro: 'The score before and after the change that raised this alert.',
  rule: 'Rule',
  chain: 'Chain',
  contract: 'Contract',
  block: 'Block',
  blockHash: 'Block hash',
  transaction: 'Transaction',
  log: 'Log index',
  event: 'Event',
  functionName: 'Function',
  values: 'Decoded values',
} as const;

/** What each rule is called on the alert's page. */
export const ALERT_RULE_LABELS: Record<string, string> = {
  'ownership-transferred': 'Ownership transferred',
  'ownership-renounced': 'Ownership renounced',
  'role-granted': 'Role granted',
  'role-revoked': 'Role revoked',
  'proxy-upgraded': 'Proxy implementation upgraded',
  'proxy-admin-changed': 'Proxy admin changed',
  'proxy-beacon-upgraded': 'Proxy beacon changed',
  paused: 'Contract paused',
  unpaused: 'Contract unpaused',
  'privileged-call': 'Privileged function called',
  'large-mint': 'Large mint',
  'large-outflow': 'Large transfer out of the contract',
  'score-drop': 'Score dropped',
  'unaudited-implementation': 'Implementation not covered by an audit',
  'admin-powers-changed': 'Admin powers changed',
  'timelock-scheduled': 'Timelock operation scheduled',
};

/** An address shortened for titles (the evidence keeps it whole). */
export const shortAddress = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/** Titles of automatic alerts (at most 200 characters, the column's limit: addresses are shortened). */
export const AUTOMATIC_ALERT_TITLES = {
  ownershipTransferred: (contract: string, to: string) => `Ownership of ${shortAddress(contract)} transferred to ${shortAddress(to)}`,
  ownershipRenounced: (contract: string) => `Ownership of ${shortAddress(contract)} renounced`,
  roleGranted: (contract: string, role: string, account: string) => `Role ${role.length > 40 ? `${role.slice(0, 10)}…` : role} granted to ${shortAddress(account)} on ${shortAddress(contract)}`,
  roleRevoked: (contract: string, role: string, account: string) => `Role ${role.length > 40 ? `${role.slice(0, 10)}…` : role} revoked from ${shortAddress(account)} on ${shortAddress(contract)}`,
  proxyUpgraded: (contract: string, implementation: string) => `Proxy ${shortAddress(contract)} upgraded to implementation ${shortAddress(implementation)}`,
  proxyAdminChanged: (contract: string, admin: string) => `Proxy admin of ${shortAddress(contract)} changed to ${shortAddress(admin)}`,
  proxyBeaconUpgraded: (contract: string, beacon: string) => `Proxy beacon of ${shortAddress(contract)} changed to ${shortAddress(beacon)}`,
  paused: (contract: string) => `Contract ${shortAddress(contract)} paused`,
  unpaused: (contract: string) => `Contract ${shortAddress(contract)} unpaused`,
  privilegedCall: (contract: string, fn: string, caller: string) => `Privileged function ${fn.length > 60 ? `${fn.slice(0, 57)}…` : fn} called on ${shortAddress(contract)} by ${shortAddress(caller)}`,
  largeMint: (contract: string, percent: string, to: string) => `Large mint on ${shortAddress(contract)}: ${percent} of the supply to ${shortAddress(to)}`,
  largeOutflow: (contract: string, percent: string, to: string) => `Large transfer out of ${shortAddress(contract)}: ${percent} of the supply to ${shortAddress(to)}`,
  unauditedImplementation: (proxy: string, implementation: string) => `Proxy ${shortAddress(proxy)} now runs ${shortAddress(implementation)}, which no audit covers`,
  timelockScheduled: (target: string, call: string, eta: string) => `Timelock call to ${shortAddress(target)} scheduled for ${eta}: ${call.length > 100 ? `${call.slice(0, 97)}…` : call}`,
  timelockExecuted: (target: string, call: string) => `Timelock call to ${shortAddress(target)} executed: ${call.length > 120 ? `${call.slice(0, 117)}…` : call}`,
  timelockCancelled: (target: string, call: string) => `Timelock call to ${shortAddress(target)} cancelled: ${call.length > 120 ? `${call.slice(0, 117)}…` : call}`,
  adminPowersChanged: (contract: string, summary: string) => `Admin powers of ${shortAddress(contract)} changed: ${summary.length > 150 ? `${summary.slice(0, 147)}…` : summary}`,
  scoreDrop: (project: string, before: string, after: string) => `Score of ${project.length > 80 ? `${project.slice(0, 77)}…` : project} dropped from ${before} to ${after}`,
} as const;

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
  /** Staff-published or raised by a rule: lists mark automatic ones. */
  origin: AlertOrigin;
  /** Set when the fact an automatic alert rested on left the chain: lists mark it, totals leave it out. */
  retractedAt: Date | null;
  retractionReason: string | null;
};

/** The fields of an alert a correction may change, in the order the correction log lists them. */
export const ALERT_FIELD_LABELS = {
  title: 'Title',
  type: 'Type',
  occurredOn: 'Date',
  chain: 'Chain',
  amountLostUsd: 'Amount lost (USD)',
  amountReturnedUsd: 'Amount returned (USD)',
  amountsPricedOn: 'Amounts priced on',
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
  /** The day the USD amounts were priced (YYYY-MM-DD), null when not stated. */
  amountsPricedOn: string | null;
  technique: string | null;
  description: string | null;
  sourceUrls: string[];
  publishedAt: Date | null;
  corrections: AlertCorrection[];
  /** What an automatic alert rests on (null for staff-published ones). */
  evidence: AlertEvidence | null;
  /** The protocol an incident of the public record names, and its facts (null for others). */
  protocol: string | null;
  incident: IncidentFacts | null;
};

/** An alert's editable fields as the form and the correction log name them (days as YYYY-MM-DD). */
export type AlertFields = {
  title: string;
  type: AlertType;
  occurredOn: string;
  chain: string | null;
  amountLostUsd: number | null;
  amountReturnedUsd: number | null;
  /** The day the USD amounts were priced (YYYY-MM-DD); null when no amount is known. */
  amountsPricedOn: string | null;
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
  if ((field === 'occurredOn' || field === 'amountsPricedOn') && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(`${value}T00:00:00Z`);
  if (field === 'type' && typeof value === 'string') return ALERT_TYPE_LABELS[value] ?? value;
  if (field === 'confidence' && typeof value === 'string') return ALERT_CONFIDENCE_LABELS[value as AlertConfidence] ?? value;
  if (Array.isArray(value)) return value.map(String).join('\n');
  return String(value);
}
