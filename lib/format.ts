/** Numbers and dates as people read them. */

// Made on first use, not when the module loads: building an Intl formatter loads its locale data (up to ~70 ms of the
// main thread measured here on the project page, whose vote widget imports this module for formatPercentage alone; #18).
let usd: Intl.NumberFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

export const formatUsd = (value: number | null) =>
  value === null ? 'Unknown' : (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 })).format(value);
export const formatDate = (value: Date | string) =>
  (day ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })).format(typeof value === 'string' ? new Date(value) : value);
export const formatPercentage = (value: number | null) => (value === null ? 'No votes yet' : `${value.toFixed(1)}%`);

export const ALERT_TYPE_LABELS: Record<string, string> = {
  exploit: 'Exploit',
  'rug-pull': 'Rug pull',
  phishing: 'Phishing',
  'flash-loan': 'Flash loan',
  'private-key-leak': 'Key compromise',
  'oracle-manipulation': 'Oracle manipulation',
  'governance-attack': 'Governance attack',
  'bridge-hack': 'Bridge hack',
  'contract-change': 'Contract change',
  'privileged-call': 'Privileged call',
  'large-mint': 'Large mint',
  'large-outflow': 'Large outflow',
  'score-drop': 'Score drop',
};

export const AUDIT_STATUS_LABELS = { audited: 'Audited', under_audit: 'Under audit', none: 'Not audited' } as const;
