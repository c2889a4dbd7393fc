/** How the console shows an audit-log entry: the fields a change touched, each with its value before and after. */

export type FieldChange = { field: string; before: string; after: string };

/** Shown for a value that was not there (a new thing's "before", a removed thing's "after", an empty field). */
export const NO_VALUE = '—';

/** A stored value as people read it. */
export function formatLoggedValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))).join(', ') : NO_VALUE;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Nested objects become dotted field names (`findings.critical.total`), so a diff names the exact field that moved. */
function flatten(record: Record<string, unknown> | null, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(record ?? {})) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) flatten(value as Record<string, unknown>, field, into);
    else into.set(field, formatLoggedValue(value));
  }
  return into;
}

/**
 * The fields that differ between `before` and `after`, in the order the change lists them. A creation (no before)
 * shows every field it set; a removal (no after) every field it ended.
 */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const fields = [...new Set([...next.keys(), ...old.keys()])];
  return fields
    .map((field) => ({ field, before: old.get(field) ?? NO_VALUE, after: next.get(field) ?? NO_VALUE }))
    .filter((change) => change.before !== change.after);
}

const ACRONYMS: Record<string, string> = { usd: 'USD', url: 'URL', urls: 'URLs', id: 'ID', totp: 'TOTP', pdf: 'PDF' };

/** A stored field name as a label: `amountLostUsd` reads "Amount lost USD", `findings.critical` "Findings › critical". */
export function fieldLabel(field: string): string {
  // Fields already written as labels (a score's "Pillar: signal") are shown as they are.
  if (!/^[A-Za-z0-9.]+$/.test(field)) return field;
  return field
    .split('.')
    .map((part, index) => {
      const words = part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ').map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
      const text = words.join(' ');
      return index === 0 && !/^[A-Z]{2,}/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
    })
    .join(' › ');
}
