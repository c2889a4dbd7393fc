// Load runs with autocannon's programmatic API. Requests carry a browser's Accept-Encoding, so the server
// compresses as it does for real visitors.
import autocannon from 'autocannon';

const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*', 'user-agent': 'sentinel-bench' };

/** The run in progress, so an interrupted bench can stop it. */
let current = null;

export function stopCurrentRun() {
  current?.stop();
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * One autocannon run. `paths` rotates over every request of every connection (shared round-robin). Returns the
 * request rate, exact latency percentiles from every 2xx response time (ms), and error counts.
 */
export async function run({ origin, paths, connections = 10, duration = 10, overallRate, title }) {
  let next = 0;
  const nextPath = () => paths[next++ % paths.length];
  const latencies = [];
  const options = {
    url: origin,
    title,
    connections,
    duration,
    headers: HEADERS,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
    ...(overallRate ? { overallRate } : {}),
  };
  const instance = autocannon(options);
  current = instance;
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  try {
    const result = await instance;
    latencies.sort((a, b) => a - b);
    const completed = result.requests.total;
    return {
      title,
      requestsPerSecond: completed / result.duration,
      completed,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      durationSeconds: result.duration,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      autocannonP99: result.latency.p99,
    };
  } finally {
    current = null;
  }
}

/** One GET, retried twice after a socket error (a kept-alive connection the server closed meanwhile). */
async function fetchWithRetry(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { headers: HEADERS, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      return response;
    } catch (error) {
      if (attempt >= attempts) throw new Error(`GET ${url} failed: ${error.cause?.message ?? error.message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** A few sequential requests to each path, so first-render and JIT costs are paid before measuring. */
export async function warm(origin, paths, rounds = 5) {
  const statuses = new Map();
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      const response = await fetchWithRetry(origin + path);
      statuses.set(path, { status: response.status, encoding: response.headers.get('content-encoding') });
    }
  }
  return statuses;
}
