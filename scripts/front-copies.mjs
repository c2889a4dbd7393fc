// One-second copies of shared answers, kept by the HTTP front (scripts/front.mjs) in its own thread, by the same
// rules as nginx's page cache in deploy/nginx.conf.template: what the app marks as the same for everyone (a cached
// page: `s-maxage`; a public API answer: `public`) is answered from the copy for a second, so under a burst the app's
// thread renders and sends each such page once a second instead of once per visitor, and keeps its time for searches,
// project renders and signed-in calls (#17). Never kept: anything private, uncacheable, unmarked, with Set-Cookie,
// other than 200, or asked for by the client-side router (RSC payloads vary by request headers).
//
// When a copy expires, the next request still gets it while the front asks the app for a fresh one in the background,
// as nginx's proxy_cache_background_update does: nobody waits for the render, and the app sees one request per copy
// per second. A copy is never answered once it is older than ttlMs + staleLimitMs (a page not asked for in a while
// goes to the app in the foreground). A staff write that expires cached data (server/cache-tags.ts) drops every copy
// at once, so the next visitor of this instance sees the change.

/** Requests of the client-side router: other representations of the same URL, left to the app. */
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch'];

/**
 * @typedef {{ statusCode: number, statusMessage: string, rawHeaders: string[], body: Buffer, storedAt: number, refreshing: boolean }} Copy
 */

/**
 * @param {{ ttlMs?: number, staleLimitMs?: number, maxEntries?: number, maxBodyBytes?: number, maxTotalBytes?: number, now?: () => number }} [options]
 */
export function createSharedCopies({ ttlMs = 1000, staleLimitMs = 2000, maxEntries = 2000, maxBodyBytes = 1 << 20, maxTotalBytes = 64 << 20, now = Date.now } = {}) {
  /** @type {Map<string, Copy>} insertion order is storage order, oldest first */
  const copies = new Map();
  let totalBytes = 0;

  function remove(key) {
    const copy = copies.get(key);
    if (!copy) return;
    copies.delete(key);
    totalBytes -= copy.body.length;
  }

  return {
    /**
     * The key a request's copy is kept under, or null when its answer is never taken from a copy. The answer may be
     * compressed for the client, so the encodings it accepts are part of the key.
     * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} req
     */
    keyOf(req) {
      if (req.method !== 'GET' || ROUTER_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
      return `${req.headers['accept-encoding'] ?? ''}\n${req.url ?? '/'}`;
    },

    /**
     * Whether an answer may be kept: 200, marked shared, nothing private and no cookie.
     * @param {number} statusCode
     * @param {Record<string, string | string[] | undefined>} headers the answer's, names in lower case
     */
    isShared(statusCode, headers) {
      const cacheControl = String(headers['cache-control'] ?? '');
      return statusCode === 200 && headers['set-cookie'] === undefined && /\b(s-maxage|public)\b/i.test(cacheControl) && !/\b(private|no-store|no-cache)\b/i.test(cacheControl);
    },

    /**
     * The copy to answer with, or null when there is none young enough; `refresh` is true for the one request that
     * should have the app asked for a fresh copy in the background (settled with `store` or `forget`).
     * @param {string} key
     * @returns {{ copy: Copy, refresh: boolean } | null}
     */
    lookup(key) {
      const copy = copies.get(key);
      if (!copy) return null;
      const age = now() - copy.storedAt;
      if (age < ttlMs) return { copy, refresh: false };
      if (age >= ttlMs + staleLimitMs) {
        remove(key);
        return null;
      }
      if (copy.refreshing) return { copy, refresh: false };
      copy.refreshing = true;
      return { copy, refresh: true };
    },

    /** Keeps an answer (already judged shared) as the copy for `key`; one too large is not kept. */
    store(key, { statusCode, statusMessage, rawHeaders, body }) {
      remove(key);
      if (body.length > maxBodyBytes) return;
      copies.set(key, { statusCode, statusMessage, rawHeaders, body, storedAt: now(), refreshing: false });
      totalBytes += body.length;
      for (const oldest of copies.keys()) {
        if (copies.size <= maxEntries && totalBytes <= maxTotalBytes) break;
        remove(oldest);
      }
    },

    /** Drops the copy for `key` (its refresh came back private, failed or was refused): the next request goes to the app. */
    forget: remove,

    /** Drops every copy (cached data changed). */
    clear() {
      copies.clear();
      totalBytes = 0;
    },

    /** How many copies are held and their bytes (for tests and logs). */
    size: () => ({ entries: copies.size, bytes: totalBytes }),
  };
}
