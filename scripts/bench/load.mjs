// Load runs: saturation with wrk (Debian's package; undici's connection pool where it is missing), steady-rate runs
// with autocannon's programmatic API. Requests carry a browser's Accept-Encoding, so the server compresses as it does
// for real visitors.
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import { Pool } from 'undici';

const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*', 'user-agent': 'sentinel-bench' };

/**
 * `setupClient` for every autocannon connection of the bench: answers are read off the socket and counted, but
 * their bodies are not kept. autocannon appends each body to a string (a UTF-8 decode of every piece), which the
 * bench never reads and a browser never does; for gzip'd pages that decoding cost the single-threaded generator far
 * more than the server spent (measured: ~180 µs of generator CPU per 20 kB home page against ~40 µs per 12 kB static
 * page, while the server used ~40 µs for either), so the saturation ratios measured the generator, not the site.
 */
export function discardBodies(client) {
  if (typeof client.pipelinedRequests?.addBody !== 'function') {
    throw new Error('autocannon no longer keeps bodies through pipelinedRequests.addBody: update discardBodies in scripts/bench/load.mjs');
  }
  client.pipelinedRequests.addBody = () => {};
}

/** The run in progress, so an interrupted bench can stop it. */
let current = null;

export function stopCurrentRun() {
  current?.stop();
}

/** The p-th percentile of values sorted ascending (NaN for none). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** The figures of a run, from its counts and the response time (ms) of every 2xx answer. */
function figures({ title, durationSeconds, completed, handled, ok, non2xx, errors, timeouts, latencies }) {
  latencies.sort((a, b) => a - b);
  return {
    title,
    requestsPerSecond: completed / durationSeconds,
    completed,
    handled,
    ok,
    non2xx,
    errors,
    timeouts,
    durationSeconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
}

/** The wrk binary for saturation runs (WRK_PATH, else `wrk` on the PATH), or null when there is none. */
export function findWrk() {
  const candidate = process.env.WRK_PATH?.trim() || 'wrk';
  try {
    execFileSync(candidate, ['--version'], { stdio: 'ignore' });
    return candidate;
  } catch (error) {
    // wrk prints its version and exits 1: it ran.
    return error?.status === 1 ? candidate : null;
  }
}

const wrkBinary = findWrk();

/** Which client the saturation runs use, for the report. */
export const SATURATION_CLIENT = wrkBinary
  ? 'wrk'
  : 'undici (wrk not found: install Debian\'s wrk or set WRK_PATH; undici costs the bench ~1 core at ~15k req/s, so on a small machine it, not the server, can set the cached pages\' figures)';

/**
 * A saturation run: `connections` keep-alive connections, each sending its next GET as soon as the last answer has
 * arrived; `paths` rotates over every request. Returns the request rate, latency percentiles of the answers (ms) and
 * error counts. The client is wrk (C, one thread) where installed: the JavaScript clients cost more per request than
 * the server's front spends on a cached page (undici used ~1.1 cores for ~15k req/s while the server used ~0.5), so
 * on two cores they measured themselves, and the page/static ratios moved with body size and the machine's noise (#18).
 */
export function run(options) {
  return wrkBinary ? runWrk(options) : runUndici(options);
}

/** Lua for wrk: rotates over `paths` and prints the figures as one JSON line when done. */
function wrkScript(paths) {
  return `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local sent = 0
request = function()
  sent = sent + 1
  return wrk.format("GET", paths[(sent - 1) % #paths + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_FIGURES {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;
}

async function runWrk({ origin, paths, connections = 10, duration = 10, title }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-wrk-'));
  const script = path.join(dir, 'run.lua');
  fs.writeFileSync(script, wrkScript(paths));
  const headerArgs = Object.entries(HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  // One thread: the other core is the server's. --timeout as undici's: a stalled answer counts as a timeout.
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '30s', '-s', script, ...headerArgs, origin + paths[0]];
  try {
    const output = await new Promise((resolve, reject) => {
      const child = spawn(wrkBinary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      current = { stop: () => child.kill('SIGINT') };
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text.slice(-2000)}`))));
    });
    const line = output.split('\n').find((candidate) => candidate.startsWith('WRK_FIGURES '));
    if (!line) throw new Error(`wrk printed no figures for ${title}: ${output.slice(-2000)}`);
    const f = JSON.parse(line.slice('WRK_FIGURES '.length));
    const durationSeconds = f.durationUs / 1e6;
    const errors = f.connect + f.read + f.write;
    const toMs = (us) => us / 1000;
    return {
      title,
      requestsPerSecond: f.requests / durationSeconds,
      completed: f.requests,
      handled: f.requests,
      ok: f.requests - f.status - errors,
      // wrk counts answers of 400 and above; the bench warms every path and checks for 200 before measuring.
      non2xx: f.status,
      errors,
      timeouts: f.timeout,
      durationSeconds,
      p50: toMs(f.p50),
      p90: toMs(f.p90),
      p99: toMs(f.p99),
      max: toMs(f.max),
    };
  } finally {
    current = null;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same run with undici's pool (llhttp, compiled; bodies read to the end and dropped), where wrk is missing. */
async function runUndici({ origin, paths, connections = 10, duration = 10, title }) {
  let next = 0;
  const latencies = [];
  const counts = { completed: 0, ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const pool = new Pool(origin, { connections, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 });
  let stopped = false;
  current = { stop: () => (stopped = true) };
  const startedAt = performance.now();
  const endAt = startedAt + duration * 1000;
  const connection = async () => {
    while (!stopped && performance.now() < endAt) {
      const sentAt = performance.now();
      try {
        const { statusCode, body } = await pool.request({ method: 'GET', path: paths[next++ % paths.length], headers: HEADERS });
        // Read to its end and dropped, as a browser's network layer would.
        await body.arrayBuffer();
        counts.completed += 1;
        if (statusCode >= 200 && statusCode < 300) {
          counts.ok += 1;
          latencies.push(performance.now() - sentAt);
        } else counts.non2xx += 1;
      } catch (error) {
        counts.completed += 1;
        if (/timeout/i.test(error?.code ?? error?.name ?? '')) counts.timeouts += 1;
        else counts.errors += 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, connection));
    const durationSeconds = (performance.now() - startedAt) / 1000;
    return figures({ title, durationSeconds, handled: counts.completed, latencies, ...counts });
  } finally {
    current = null;
    await pool.close();
  }
}

/**
 * runSteady's load, generated in a process of its own (steady-worker.mjs): the bench process holds far more
 * memory, and its garbage collection would pause the generator and add to the latencies it measures.
 */
export function runSteady(options) {
  return new Promise((resolve, reject) => {
    const worker = fork(new URL('./steady-worker.mjs', import.meta.url), { stdio: 'inherit' });
    current = { stop: () => worker.kill() };
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code, signal) => reject(new Error(`The load generator stopped (code ${code}, signal ${signal}) before reporting.`)));
    worker.send(options);
  }).finally(() => {
    current = null;
  });
}

/**
 * An open-loop run at a steady rate: `rate` requests a second, evenly spaced. autocannon's own rate limit lets
 * each connection send its whole share back to back at the start of every second, so 200 req/s over 10
 * connections arrives as a burst at full concurrency followed by silence, which measures queueing in the burst
 * rather than latency at 200 req/s. Here each of `rate` single-connection autocannon instances sends one request
 * a second, and the instances start 1000/rate ms apart. Figures cover `duration` seconds once every connection
 * is open; the ramp-up and the wind-down (connections opening and instances reporting, work of the load
 * generator itself) are left out.
 */
export async function steadyLoad({ origin, paths, rate, duration = 10, title }) {
  const RAMP_MS = 1_000;
  let next = 0;
  const nextPath = () => paths[next++ % paths.length];
  const responses = [];
  const instances = [];
  const spacingMs = 1000 / rate;
  // One request first: autocannon's start-up work would otherwise delay the first instances into one batch,
  // and a batch opened together sends together every second.
  await autocannon({ url: origin, connections: 1, amount: 1, headers: HEADERS, setupClient: discardBodies, requests: [{ method: 'GET', path: paths[0] }] });
  current = { stop: () => instances.forEach((instance) => instance.stop()) };
  try {
    const startedAt = performance.now();
    for (let slot = 0; slot < rate; slot++) {
      const wait = startedAt + slot * spacingMs - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const instance = autocannon({
        url: origin,
        title: `${title} ${slot}`,
        connections: 1,
        connectionRate: 1,
        duration: duration + (2 * RAMP_MS) / 1000,
        headers: HEADERS,
        setupClient: discardBodies,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      });
      instance.on('response', (_client, statusCode, _bytes, responseTime) => responses.push({ at: performance.now(), statusCode, responseTime }));
      instance.on('reqError', () => responses.push({ at: performance.now(), statusCode: 0, responseTime: NaN }));
      instances.push(instance);
    }
    const windowStart = performance.now() + RAMP_MS;
    const windowEnd = windowStart + duration * 1000;
    const results = await Promise.all(instances);
    const measured = responses.filter((response) => response.at >= windowStart && response.at < windowEnd);
    const ok = measured.filter((response) => response.statusCode >= 200 && response.statusCode < 300);
    return figures({
      title,
      durationSeconds: duration,
      completed: measured.length,
      handled: responses.length,
      ok: ok.length,
      non2xx: measured.filter((response) => response.statusCode >= 300).length,
      errors: measured.filter((response) => response.statusCode === 0).length,
      timeouts: results.reduce((total, result) => total + result.timeouts, 0),
      latencies: ok.map((response) => response.responseTime),
    });
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
