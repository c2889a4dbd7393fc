import 'server-only';

import { LRUCache } from 'lru-cache';

/**
 * A brief in-process cache for the Skynet reads: the indexer writes at most every few seconds, so answers a few
 * seconds old are right, and repeated page loads and API calls cost one query per key per window (parallel asks
 * for one key share one query; a failed read is not kept).
 */
const answers = new LRUCache<string, { value: unknown }, () => Promise<unknown>>({
  max: 5_000,
  ttl: 5_000,
  // A clear (after each stored block) must not fail the reads in flight: they finish with what they read.
  ignoreFetchAbort: true,
  fetchMethod: async (_key, _stale, { context }) => ({ value: await context() }),
});

/** The answer for `key`, read with `read` at most once per window. */
export async function memo<T>(key: string, read: () => Promise<T>): Promise<T> {
  const entry = await answers.fetch(key, { context: read });
  return entry!.value as T;
}

/** Forgets every cached answer (after an index run or import in this process). */
export function clearSkynetMemo() {
  answers.clear();
}
