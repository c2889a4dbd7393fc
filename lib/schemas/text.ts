/**
 * The one rule for text that enters from outside (issue #42): NUL and the other control characters, lone
 * surrogates and U+FFFD (what a lenient decoder makes of broken UTF-8) are never stored or searched for. PostgreSQL
 * refuses NUL in text outright (a 500 where it reached a query), and the others are never what a person typed.
 */
import { z } from '@/lib/zod';

/** Control characters but tab, line feed and carriage return (C0, DEL, C1), lone surrogates, and U+FFFD. */
const HOSTILE_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** On one line (a filter, a name, a search): tab, line feed and carriage return are refused too. */
const HOSTILE_IN_LINE = /[\u0000-\u001F\u007F-\u009F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const HOSTILE_TEXT_MESSAGE = 'must not contain control characters or broken UTF-8';

/** True when a text holds a character no text of ours may hold (see HOSTILE_IN_TEXT). */
export const isHostileText = (value: string): boolean => HOSTILE_IN_TEXT.test(value);

/**
 * Where the first hostile string sits in a parsed value (a body, a query, an action's input): its path ("email",
 * "properties.note", "(key)" for a hostile key), or null when every string, keys included, is clean.
 */
export function findHostileText(value: unknown, path = '', depth = 0): string | null {
  const here = path || '(input)';
  if (typeof value === 'string') return isHostileText(value) ? here : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  let entries: [string, unknown][];
  if (Array.isArray(value)) entries = value.map((item, index) => [String(index), item]);
  else if (value instanceof Map) entries = [...value.entries()].map(([key, item]) => [String(key), item]);
  else if (value instanceof URLSearchParams || (typeof FormData !== 'undefined' && value instanceof FormData)) entries = [...value.entries()];
  // Files, dates and other instances carry no text of the user's to check here.
  else if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return null;
  else entries = Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (isHostileText(key)) return `${path ? `${path}.` : ''}(key)`;
    const found = findHostileText(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Text that may span lines (a description, a message). */
export const safeText = () => z.string().refine((value) => !HOSTILE_IN_TEXT.test(value), HOSTILE_TEXT_MESSAGE);

/** Text on one line, trimmed, from 1 to `max` characters: the filters' and searches' text. */
export const lineText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !HOSTILE_IN_LINE.test(value), HOSTILE_TEXT_MESSAGE);
