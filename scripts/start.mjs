// Serves the built standalone app through our own small HTTP front, on Next's custom-server API, for two reasons:
// - the client address: X-Forwarded-For gets the socket's address appended, as a proxy does, so
//   server/request-ip.ts can count trusted entries from the right (Next alone keeps a client-sent header as is);
// - shutdown: SIGTERM marks the instance draining (health answers 503), stops accepting, serves what still arrives
//   on open connections with `Connection: close` and waits for the client (nginx) to close its idle ones, within
//   SHUTDOWN_TIMEOUT_SECONDS, then runs the app's own clean-up (server/lifecycle.ts) and exits 0.
// The app's configuration is validated in server/config.ts when it starts; this file reads only what it needs first.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

import { cheapRequestMatcher, createFrontAdmission, refuseBusy } from './admission.mjs';
import { startIdleGc } from './idle-gc.mjs';

const standalone = path.resolve('.next', 'standalone');
const serverFile = path.join(standalone, 'server.js');
if (!fs.existsSync(serverFile)) {
  console.error('No build found. Run `npm run build` first.');
  process.exit(1);
}

/** A whole number from the environment, the fallback when unset, or a clear stop. */
function wholeNumber(name, fallback, min, max) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) {
    console.error(`\nThe server cannot start.\nInvalid configuration:\n- ${name}: must be a whole number from ${min} to ${max}\n`);
    process.exit(1);
  }
  return value;
}

const port = wholeNumber('PORT', 3000, 1, 65535);
const shutdownTimeoutMs = wholeNumber('SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 600) * 1000;
// Longer than any client's or proxy's idle keep-alive (nginx upstream: 5 s; browsers: up to 60 s): the client
// closes an idle connection first, never the server just as the client sends on it (a reset, lost for a POST).
const keepAliveTimeoutMs = wholeNumber('KEEP_ALIVE_TIMEOUT', 65_000, 1000, 3_600_000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
const queueLimits = {
  maxQueued: wholeNumber('REQUEST_QUEUE_LIMIT', 256, 0, 100_000),
  maxWaitMs: wholeNumber('REQUEST_QUEUE_TIMEOUT_MS', 2000, 1, 60_000),
};
const cheapConcurrency = wholeNumber('CHEAP_REQUEST_CONCURRENCY', 64, 1, 10_000);

// Memory at rest: one full collection when the process turns quiet after work (scripts/idle-gc.mjs).
startIdleGc();

// For the bench (#18): with EVENT_LOOP_STATS_FILE set, each second's event-loop delay (ms) and memory (bytes) are
// appended to that file as one JSON line, so a load run's stalls and what holds the RSS can be read beside it.
const statsFile = process.env.EVENT_LOOP_STATS_FILE?.trim();
if (statsFile) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const file = path.resolve(statsFile);
  setInterval(() => {
    const memory = process.memoryUsage();
    const line = { t: Date.now(), p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, ...memory };
    delay.reset();
    fs.appendFile(file, `${JSON.stringify(line)}\n`, () => undefined);
  }, 1000).unref();
}

// The standalone server changes into its own folder, so relative paths are made absolute first.
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR || 'data');
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';
// As the generated server.js does: the build's own configuration, so Next does not look for next.config.
const { config: nextConfig } = JSON.parse(fs.readFileSync(path.join(standalone, '.next', 'required-server-files.json'), 'utf8'));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(nextConfig);
process.chdir(standalone);

/**
 * Cheap answers, which get a wider gate of their own: the hashed build files and public/ files (read from disk),
 * pages the build rendered (served from the cache), and health (a load balancer must hear it whatever renders wait).
 */
const cheapPaths = new Set(['/api/health']);
try {
  const { routes } = JSON.parse(fs.readFileSync(path.join(standalone, '.next', 'prerender-manifest.json'), 'utf8'));
  for (const route of Object.keys(routes ?? {})) cheapPaths.add(route);
} catch {
  // No manifest: every page goes through the gate.
}
for (const entry of fs.readdirSync(path.join(standalone, 'public'), { recursive: true, withFileTypes: true })) {
  if (entry.isFile()) cheapPaths.add(`/${path.relative(path.join(standalone, 'public'), path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/')}`);
}
// Overload: at most REQUEST_CONCURRENCY renders (CHEAP_REQUEST_CONCURRENCY cheap answers) run at once, the next
// ones wait in arrival order (bounded in number and time), and what cannot start in time gets a 503 with
// Retry-After at once (scripts/admission.mjs).
const admission = createFrontAdmission({
  costly: { maxInFlight: wholeNumber('REQUEST_CONCURRENCY', 16, 1, 10_000), ...queueLimits },
  cheap: { maxInFlight: cheapConcurrency, ...queueLimits },
  isCheap: cheapRequestMatcher(cheapPaths),
});

// Shared with the bundled app through server/lifecycle.ts (same key, same shape).
const lifecycle = { front: true, draining: false, closers: [] };
globalThis[Symbol.for('sentinel-shield.lifecycle')] = lifecycle;

const next = createRequire(serverFile)('next');
const app = next({ dev: false, dir: standalone, hostname, port });
const handleWithNext = app.getRequestHandler();

let markPrepared;
const prepared = new Promise((resolve) => (markPrepared = resolve));
const openResponses = new Set();
let stopping = false;

async function handle(req, res) {
  openResponses.add(res);
  res.once('close', () => {
    openResponses.delete(res);
  });
  // Whatever the client wrote stays to the left; the socket's peer is the one entry nobody can forge.
  const peer = req.socket.remoteAddress;
  if (peer) {
    const forwarded = req.headers['x-forwarded-for'];
    req.headers['x-forwarded-for'] = forwarded ? `${forwarded}, ${peer}` : peer;
  }
  if (lifecycle.draining) res.shouldKeepAlive = false;
  try {
    await prepared;
    const clientLeft = new AbortController();
    res.once('close', () => clientLeft.abort());
    const release = await admission.enter(req, clientLeft.signal);
    if (!release) {
      if (!res.destroyed) refuseBusy(req, res);
      return;
    }
    res.once('close', release);
    await handleWithNext(req, res);
  } catch (error) {
    console.error(`Failed to handle request for ${req.url}`, error);
    if (res.headersSent) res.destroy();
    else {
      res.statusCode = 500;
      res.end('Internal Server Error');
    }
  }
}

// headersTimeout above the keep-alive timeout, as Node requires for a reused connection's next request.
const server = http.createServer({ headersTimeout: keepAliveTimeoutMs + 1000 }, (req, res) => void handle(req, res));
server.keepAliveTimeout = keepAliveTimeoutMs;
// The connections open now, idle or busy: a drain waits for them to close.
const connections = new Set();
let noConnections = null;
server.on('connection', (socket) => {
  connections.add(socket);
  socket.once('close', () => {
    connections.delete(socket);
    if (connections.size === 0) noConnections?.();
  });
});
server.on('error', (error) => {
  console.error('\nThe server cannot start.\n', error);
  process.exit(1);
});

const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname;
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = `http://${shownHost}:${port}`;
console.log(`▲ Sentinel Shield starting on http://${shownHost}:${port}`);
// Runs instrumentation.ts (configuration, migrations, seed) before the port opens: while an instance starts, a load
// balancer's connections are refused and go to the others at once, instead of waiting here (a POST that timed out
// waiting could not be retried elsewhere).
app.prepare().then(
  () => {
    markPrepared();
    if (stopping) return;
    server.listen(port, hostname, () => console.log(`▲ Sentinel Shield on http://${shownHost}:${port}`));
  },
  (error) => {
    console.error('\nThe server cannot start.\n', error);
    process.exit(1);
  },
);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function drainAndExit(signal) {
  if (stopping) {
    console.error(`${signal} again: exiting without waiting`);
    process.exit(1);
  }
  stopping = true;
  // Should the clean-up itself hang, the process still ends.
  setTimeout(() => process.exit(1), shutdownTimeoutMs + 10_000).unref();
  const deadline = Date.now() + shutdownTimeoutMs;
  lifecycle.draining = true;
  console.log(`${signal}: draining ${openResponses.size} request(s), at most ${shutdownTimeoutMs / 1000} s`);
  // No new connections (net's close: http's would also close the idle keep-alive ones). An idle connection is not
  // closed from this side: a proxy may be sending a request on it at that very moment, and a POST lost that way
  // cannot be retried. What arrives on it is served with `Connection: close` (see handle), answers not yet begun
  // carry it too, and the proxy closes the idle ones itself after its keepalive_timeout (nginx here: 5 s).
  net.Server.prototype.close.call(server);
  for (const res of openResponses) if (!res.headersSent) res.shouldKeepAlive = false;
  if (connections.size > 0) {
    await Promise.race([new Promise((resolve) => (noConnections = resolve)), sleep(deadline - Date.now())]);
  }
  if (openResponses.size > 0) console.warn(`${openResponses.size} request(s) still open at the deadline: cut off`);
  else if (connections.size > 0) console.warn(`${connections.size} idle connection(s) still open at the deadline: closed`);
  server.closeAllConnections();
  // A start still migrating has registered no clean-up yet: give it what is left of the deadline.
  await Promise.race([prepared, sleep(deadline - Date.now())]);
  try {
    await app.close();
    for (const close of lifecycle.closers) await close();
  } catch (error) {
    console.error('Clean-up failed during shutdown', error);
    process.exit(1);
  }
  process.exit(0);
}

process.on('SIGTERM', () => void drainAndExit('SIGTERM'));
process.on('SIGINT', () => void drainAndExit('SIGINT'));
