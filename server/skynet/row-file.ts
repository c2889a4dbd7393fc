import 'server-only';

import type { z } from '@/lib/zod';

import { findHostileText, HOSTILE_TEXT_MESSAGE, isHostileText } from '@/lib/schemas/text';

// The operators' row files (a watch list, social activity): CSV with a header, or a JSON array of objects. Read
// here once, so every file the CLI takes accepts the same things and refuses them with the same words.

/** The file as a whole cannot be read as rows (not JSON, a bad header): nothing of it is used. */
export class RowFileError extends Error {
  name = 'RowFileError';
}

/**
 * One data row, numbered from 1 as people count them (CSV: the non-blank lines after the header; JSON: the array's
 * items): its values by column, or why its cells cannot be taken.
 */
export type FileRow = { row: number; values: Record<string, unknown> } | { row: number; problem: string };

/** A row whose values passed the row schema, or every reason it did not. */
export type ParsedRow<T> = { row: number; value: T } | { row: number; reasons: string[] };

export type RowColumns = { required: readonly string[]; optional?: readonly string[] };

/** A name from the file, quoted and cut short, for a message (it may be anything the file holds). */
const quoted = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** Where findHostileText points, as a message says it. */
const hostileReason = (path: string) => `${path.endsWith('(key)') ? 'a key' : path} ${HOSTILE_TEXT_MESSAGE}`;

/** An empty cell, an empty string or null is a value not given (so an optional column may be left blank). */
function given(values: [string, unknown][]): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of values) {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (trimmed !== '' && trimmed !== null && trimmed !== undefined) kept[key] = trimmed;
  }
  return kept;
}

function readJsonRows(text: string, known: Set<string>): FileRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RowFileError(`The file is not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return items.map((item, index): FileRow => {
    const row = index + 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return { row, problem: 'is not an object' };
    const hostile = findHostileText(item);
    if (hostile) return { row, problem: hostileReason(hostile) };
    const unknown = Object.keys(item).filter((key) => !known.has(key));
    if (unknown.length) return { row, problem: `has an unknown key ${quoted(unknown[0])} (keys: ${[...known].join(', ')})` };
    return { row, values: given(Object.entries(item)) };
  });
}

function readCsvRows(text: string, { required }: RowColumns, known: Set<string>): FileRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines.shift()?.split(',').map((cell) => cell.trim()) ?? [];
  if (header.some(isHostileText)) throw new RowFileError(`The CSV header ${HOSTILE_TEXT_MESSAGE}.`);
  for (const column of required) if (!header.includes(column)) throw new RowFileError(`The CSV header lacks the column ${column}.`);
  for (const [index, column] of header.entries()) {
    // A misspelt optional column would otherwise be dropped without a word (a fromBlock never applied).
    if (!known.has(column)) throw new RowFileError(`The CSV header has an unknown column ${quoted(column)} (columns: ${[...known].join(', ')}).`);
    if (header.indexOf(column) !== index) throw new RowFileError(`The CSV header names the column ${column} twice.`);
  }
  return lines.map((line, index): FileRow => {
    const row = index + 1;
    const cells = line.split(',');
    if (cells.length !== header.length) return { row, problem: `has ${cells.length} cells where the header has ${header.length} columns` };
    const hostile = cells.findIndex(isHostileText);
    if (hostile !== -1) return { row, problem: hostileReason(header[hostile]) };
    return { row, values: given(cells.map((cell, column) => [header[column], cell])) };
  });
}

/**
 * Reads a row file: JSON when the name ends in .json or the text opens with [ or {, else CSV. A byte-order mark,
 * CRLF line ends, blank lines and spaces around cells are allowed; CSV cells are not quoted (none of our values
 * holds a comma). Throws RowFileError when the file cannot be read as rows at all; a row that cannot be taken is
 * returned with its problem, so the caller can report every row at once.
 */
export function readRowFile(text: string, fileName: string, columns: RowColumns): FileRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const known = new Set([...columns.required, ...(columns.optional ?? [])]);
  return fileName.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(body) ? readJsonRows(body, known) : readCsvRows(body, columns, known);
}

/** A schema issue as a row's reason: our messages name their field; zod's own get the field put before them. */
function issueReason(issue: z.ZodError['issues'][number]): string {
  const field = issue.path.map(String).join('.');
  return field && !issue.message.startsWith(field.split('.')[0]) ? `${field}: ${issue.message}` : issue.message;
}

/** Checks every row against the row schema, keeping all reasons of every row (the reader's problem included). */
export function parseRows<Schema extends z.ZodType>(rows: FileRow[], schema: Schema): ParsedRow<z.output<Schema>>[] {
  return rows.map((entry) => {
    if ('problem' in entry) return { row: entry.row, reasons: [entry.problem] };
    const parsed = schema.safeParse(entry.values);
    return parsed.success ? { row: entry.row, value: parsed.data } : { row: entry.row, reasons: parsed.error.issues.map(issueReason) };
  });
}
