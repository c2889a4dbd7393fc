// Formats the benchmark's figures as a plain-text table.

export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
export const rps = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} req/s` : 'n/a');
export const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} kB` : 'n/a');
export const pct = (value) => (Number.isFinite(value) ? `${(value * 100).toFixed(0)}%` : 'n/a');
export const verdict = (pass) => (pass === null ? '' : pass ? 'PASS' : 'FAIL');

/** rows: [section, figure, value, target, verdict]; a row of one string is a section note. */
export function table(rows) {
  const header = ['section', 'figure', 'value', 'target', 'result'];
  const cells = rows.filter((row) => Array.isArray(row));
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => String(row[column] ?? '').length)));
  const line = (row) => row.map((cell, column) => String(cell ?? '').padEnd(widths[column])).join('  ').trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const out = [line(header), rule];
  for (const row of rows) out.push(Array.isArray(row) ? line(row) : `  ${row}`);
  return out.join('\n');
}
