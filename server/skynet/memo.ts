import 'server-only';

/**
 * A brief in-process cache for the Skynet reads: the indexer writes at most every few seconds, so answers a few
 * seconds old are right, and repeated page loads and API calls cost one query per key per window.
 */
const entries = new Map<string, { until: number; value: Promise<unknown> }>();
const TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

export function memo<T>(key: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = read();
  entries.set(key, { until: now + TTL_MS, value });
  value.catch(() => entries.delete(key));
  return value;
}

/** Forgets every cached answer (after an index run or import in this process). */
export function clearSkynetMemo() {
  entries.clear();
}
