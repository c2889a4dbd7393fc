import 'server-only';

import { createHash } from 'node:crypto';

import { z } from '@/lib/zod';

import { ApiProblem } from './http';

/**
 * Opaque page cursors: base64url JSON of the position after the last item and a fingerprint of the query, so a
 * cursor cannot be read, edited or replayed on another query without a 400. Clients only pass it back.
 */
const fingerprint = (query: unknown) => createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 12);

export function encodeCursor(query: unknown, position: unknown): string {
  return Buffer.from(JSON.stringify({ q: fingerprint(query), p: position })).toString('base64url');
}

const BAD_CURSOR = 'The cursor is not one this query gave out: start again without it.';

/** The position a cursor holds for this query; a malformed, edited or foreign cursor is a 400. */
export function decodeCursor<T extends z.ZodType>(cursor: string | undefined, query: unknown, position: T): z.output<T> | null {
  if (cursor === undefined) return null;
  const bad = () => new ApiProblem(400, BAD_CURSOR, [{ parameter: 'cursor', detail: 'is not valid for this query' }]);
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const envelope = z.object({ q: z.literal(fingerprint(query)), p: z.unknown() }).safeParse(parsed);
  if (!envelope.success) throw bad();
  const result = position.safeParse(envelope.data.p);
  if (!result.success) throw bad();
  return result.data;
}
