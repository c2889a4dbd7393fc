// Admission control for the HTTP front (scripts/start.mjs): under overload, requests queue fairly and in bounded
// numbers, and what cannot start in time is refused at once (503 with Retry-After) instead of left waiting.
//
// Node renders one request at a time on one thread; letting 200 renders share it makes every one of them slow and
// leaves the process working for minutes on answers whose clients gave up. So at most `maxInFlight` requests run;
// the next ones wait in arrival order, at most `maxQueued` of them and each at most `maxWaitMs`; a waiter whose
// client hung up leaves the queue. Cheap answers (the hashed build files, public files, pages served from the
// cache, health) go through a gate of their own (`createFrontAdmission`): they must not wait behind slow
// renders, yet under CPU saturation they too are bounded and refused fast instead of piling up without limit.

/**
 * @param {{ maxInFlight: number, maxQueued: number, maxWaitMs: number, now?: () => number }} limits
 */
export function createAdmissionGate({ maxInFlight, maxQueued, maxWaitMs }) {
  let inFlight = 0;
  /** @type {Set<{ admit: () => void }>} insertion order is arrival order */
  const waiting = new Set();
  const counts = { admitted: 0, refusedFull: 0, refusedLate: 0, abandoned: 0 };

  function release() {
    inFlight -= 1;
    const next = waiting.values().next().value;
    if (next) next.admit();
  }

  /** A release that can be called any number of times, counted once. */
  function releaser() {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  }

  /**
   * Waits for a turn. Resolves to a `release` function once the request may run, or to null when it is refused
   * (the queue is full, or its turn did not come within maxWaitMs), or when `signal` aborts first (the client left).
   * @param {AbortSignal} [signal]
   * @returns {Promise<null | (() => void)>}
   */
  function enter(signal) {
    if (inFlight < maxInFlight && waiting.size === 0) {
      inFlight += 1;
      counts.admitted += 1;
      return Promise.resolve(releaser());
    }
    if (waiting.size >= maxQueued) {
      counts.refusedFull += 1;
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      const waiter = {
        admit() {
          leave();
          inFlight += 1;
          counts.admitted += 1;
          resolve(releaser());
        },
      };
      const timer = setTimeout(() => {
        leave();
        counts.refusedLate += 1;
        resolve(null);
      }, maxWaitMs);
      const onAbort = () => {
        leave();
        counts.abandoned += 1;
        resolve(null);
      };
      function leave() {
        waiting.delete(waiter);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
      waiting.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    enter,
    /** What the gate holds now and has done so far (for logs and tests). */
    stats: () => ({ inFlight, queued: waiting.size, ...counts }),
  };
}

/**
 * Which requests are cheap: GET or HEAD of a hashed build file (/_next/static/...) or of one of `paths` (public
 * files, prerendered pages, health), whatever the query string.
 * @param {Iterable<string>} paths
 * @returns {(req: { method?: string, url?: string }) => boolean}
 */
export function cheapRequestMatcher(paths) {
  const cheapPaths = new Set(paths);
  return (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '/').split('?', 1)[0];
    return pathname.startsWith('/_next/static/') || cheapPaths.has(pathname);
  };
}

/**
 * The front's admission: one gate for renders and one for cheap requests, so neither kind waits for the
 * other's queue and both are bounded.
 * @param {{ costly: Parameters<typeof createAdmissionGate>[0], cheap: Parameters<typeof createAdmissionGate>[0], isCheap: (req: { method?: string, url?: string }) => boolean }} options
 */
export function createFrontAdmission({ costly, cheap, isCheap }) {
  const gates = { costly: createAdmissionGate(costly), cheap: createAdmissionGate(cheap) };
  return {
    /**
     * Waits for the request's turn in its gate: a release function, or null when it is refused (or its client left).
     * @param {{ method?: string, url?: string }} req
     * @param {AbortSignal} [signal]
     */
    enter: (req, signal) => (isCheap(req) ? gates.cheap : gates.costly).enter(signal),
    stats: () => ({ costly: gates.costly.stats(), cheap: gates.cheap.stats() }),
  };
}

/** Seconds a refused client should wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The refusal: 503 with Retry-After, a short page for browsers and a problem answer (RFC 9457) for everything else.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function refuseBusy(req, res) {
  const wantsPage = /\btext\/html\b/.test(req.headers.accept ?? '');
  const body = wantsPage
    ? '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Busy – Sentinel Shield</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>We are busy right now</h1><p>Too many people are asking at once. Please try again in a moment.</p></body></html>'
    : JSON.stringify({ type: 'about:blank', title: 'Service busy', status: 503, detail: 'Too many requests at once. Try again in a moment.' });
  res.writeHead(503, {
    'content-type': wantsPage ? 'text/html; charset=utf-8' : 'application/problem+json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
