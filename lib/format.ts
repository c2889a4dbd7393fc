/** Numbers and dates as people read them. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatUsd = (value: number | null) => (value === null ? 'Unknown' : usd.format(value));
export const formatDate = (value: Date | string) => day.format(typeof value === 'string' ? new Date(value) : value);
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
