/**
 * CSV as RFC 4180 writes it (CRLF lines, fields quoted when they hold a quote, a comma or a line break), with the
 * spreadsheet formula guard: a text cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return, even after spaces) is prefixed with an apostrophe, so it is shown as text.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^\s*[=+\-@\t\r]/;

/** One field, guarded and quoted as needed. Numbers are written as they are; null and undefined as empty. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record as a line, ended by CRLF: what a stream writes one row at a time. */
export function csvLine(row: readonly CsvValue[]): string {
  return `${row.map(csvCell).join(',')}\r\n`;
}

/** A whole document: the header row, then one row per record, every line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}

/**
 * A document streamed: the header, then each batch `nextBatch` gives (rows already as lines' values) until it gives
 * none; only one batch is held at a time, and a batch is read only when the reader asks for more.
 */
export function csvStream(header: readonly string[], nextBatch: () => Promise<readonly (readonly CsvValue[])[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(header)));
    },
    async pull(controller) {
      const rows = await nextBatch();
      if (rows.length === 0) controller.close();
      else controller.enqueue(encoder.encode(rows.map(csvLine).join('')));
    },
  });
}
