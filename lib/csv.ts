/**
 * CSV as RFC 4180 writes it (CRLF lines, fields quoted when they hold a quote, a comma or a line break), with the
 * spreadsheet formula guard: a text cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return, even after spaces) is prefixed with an apostrophe, so it is shown as text.
 */

const FORMULA_START = /^\s*[=+\-@\t\r]/;

/** One field, guarded and quoted as needed. Numbers are written as they are; null and undefined as empty. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole document: the header row, then one row per record, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
