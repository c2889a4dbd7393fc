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
// goes to the app in the foreground). Where no copy is left of an answer that was shared a moment ago, the first
// request goes to the app and the others for the same URL wait for its answer (at most fillWaitMs) instead of each
// taking a turn in the queue: after a quiet spell, 200 visitors arriving at once cost one render, not 200. URLs whose
// answers were never shared are never waited for. A staff write that expires cached data (server/cache-tags.ts) drops every copy
// at once, so the next visitor of this instance sees the change.

/** Requests of the client-side router: other representations of the same URL, left to the app. */
const ROUTER_HEADERS = ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-router-segment-prefetch'];

/**
 * @typedef {{ statusCode: number, statusMessage: string, rawHeaders: string[], body: Buffer, storedAt: number, refreshing: boolean }} Copy
 */

/**
 * @param {{ ttlMs?: number, staleLimitMs?: number, fillWaitMs?: number, rememberSharedMs?: number, maxEntries?: number, maxBodyBytes?: number, maxTotalBytes?: number, now?: () => number }} [options]
 */
export function createSharedCopies({
  ttlMs = 1000,
  staleLimitMs = 2000,
  fillWaitMs = 2000,
  rememberSharedMs = 60_000,
  maxEntries = 2000,
  maxBodyBytes = 1 << 20,
  maxTotalBytes = 64 << 20,
  now = Date.now,
} = {}) {
  /** @type {Map<string, Copy>} insertion order is storage order, oldest first */
  const copies = new Map();
  let totalBytes = 0;
  /** @type {Map<string, number>} when each key's answer was last kept, oldest first: only these are waited for */
  const sharedAt = new Map();
  /** @type {Map<string, { promise: Promise<Copy | null>, settle: (copy: Copy | null) => void, timer: NodeJS.Timeout }>} */
  const fills = new Map();

  function drop(key) {
    const copy = copies.get(key);
    if (!copy) return;
    copies.delete(key);
    totalBytes -= copy.body.length;
  }

  /** Hands the visitors waiting for `key` the copy just kept, or null: they then go to the app themselves. */
  function settleFill(key, copy) {
    const fill = fills.get(key);
    if (!fill) return;
    fills.delete(key);
    clearTimeout(fill.timer);
    fill.settle(copy);
  }

  function rememberShared(key) {
    sharedAt.delete(key);
    sharedAt.set(key, now());
    for (const [oldest, at] of sharedAt) {
      if (sharedAt.size <= maxEntries * 4 && now() - at < rememberSharedMs) break;
      sharedAt.delete(oldest);
    }
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
        drop(key);
        return null;
      }
      if (copy.refreshing) return { copy, refresh: false };
      copy.refreshing = true;
      return { copy, refresh: true };
    },

    /**
     * The answer other visitors already wait for (a copy, or null when they should go to the app themselves), or
     * null when none is awaited. Then, for a URL shared a moment ago, this request becomes the one they wait for.
     * @param {string} key
     * @returns {Promise<Copy | null> | null}
     */
    awaitOrLead(key) {
      const awaited = fills.get(key);
      if (awaited) return awaited.promise;
      const at = sharedAt.get(key);
      if (at !== undefined && now() - at < rememberSharedMs) {
        /** @type {(copy: Copy | null) => void} */
        let settle = () => {};
        const promise = new Promise((resolve) => (settle = resolve));
        fills.set(key, { promise, settle, timer: setTimeout(() => settleFill(key, null), fillWaitMs) });
      }
      return null;
    },

    /** Keeps an answer (already judged shared) as the copy for `key`; one too large is not kept. */
    store(key, { statusCode, statusMessage, rawHeaders, body }) {
      drop(key);
      if (body.length > maxBodyBytes) {
        settleFill(key, null);
        return;
      }
      const copy = { statusCode, statusMessage, rawHeaders, body, storedAt: now(), refreshing: false };
      copies.set(key, copy);
      totalBytes += body.length;
      rememberShared(key);
      for (const oldest of copies.keys()) {
        if (copies.size <= maxEntries && totalBytes <= maxTotalBytes) break;
        drop(oldest);
      }
      settleFill(key, copy);
    },

    /**
     * Drops the copy for `key` (its refresh came back private, failed or was refused): the next request goes to the
     * app, and so do the visitors waiting for it.
     */
    forget(key) {
      drop(key);
      settleFill(key, null);
    },

    /** Drops every copy (cached data changed). */
    clear() {
      copies.clear();
      totalBytes = 0;
      for (const key of [...fills.keys()]) settleFill(key, null);
    },

    /** How many copies are held and their bytes (for tests and logs). */
    size: () => ({ entries: copies.size, bytes: totalBytes }),
  };
}
