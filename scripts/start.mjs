// Serves the built standalone app on Next's custom-server API, behind our own small HTTP front (scripts/front.mjs),
// which runs in a worker thread and holds the public port:
// - overload: the front accepts every connection at once and queues requests fairly, bounded, refusing fast with a
//   503 what cannot start in time; the app, in this thread, only ever sees the front's few connections;
// - request bodies: each path's cap (lib/body-limits.mjs) is enforced there, before the app reads a byte past it;
// - the client address: X-Forwarded-For gets the socket's address appended, as a proxy does, so
//   server/request-ip.ts can count trusted entries from the right (Next alone keeps a client-sent header as is);
// - shutdown: SIGTERM marks the instance draining (health answers 503); the front stops accepting, serves what still
//   arrives on open connections with `Connection: close` and waits for the client (nginx) to close its idle ones,
//   within SHUTDOWN_TIMEOUT_SECONDS; then the app's own clean-up runs (server/lifecycle.ts) and the process exits 0.
// The app's configuration is validated in server/config.ts when it starts; this file reads only what it needs first.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

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
// As wide as the renders' gate: a cheap answer is quick but not free (the home page is ~150 kB of HTML), and a wider
// gate let cached pages take the event loop from renders under a mixed load (#17: 503s on search and project pages).
const cheapConcurrency = wholeNumber('CHEAP_REQUEST_CONCURRENCY', 16, 1, 10_000);

// Memory at rest: one full collection when the process turns quiet after work (scripts/idle-gc.mjs).
startIdleGc();

// For the bench (#18): with EVENT_LOOP_STATS_FILE set, each second's event-loop delay (ms) and memory (bytes) are
// appended to that file as one JSON line (with the process id: a cluster's instances may share the file), so a load
// run's stalls and what holds the RSS can be read beside it.
const statsFile = process.env.EVENT_LOOP_STATS_FILE?.trim();
if (statsFile) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const file = path.resolve(statsFile);
  setInterval(() => {
    const memory = process.memoryUsage();
    const line = { pid: process.pid, t: Date.now(), p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, ...memory };
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
 * Cheap answers, which get a gate of their own in the front: the hashed build files and public/ files (read
 * from disk), pages the build rendered (served from the cache), and health (a load balancer must hear it whatever
 * renders wait).
 */
function cheapPaths() {
  const paths = new Set(['/api/health']);
  try {
    const { routes } = JSON.parse(fs.readFileSync(path.join(standalone, '.next', 'prerender-manifest.json'), 'utf8'));
    for (const route of Object.keys(routes ?? {})) paths.add(route);
  } catch {
    // No manifest: every page goes through the gate.
  }
  const publicDir = path.join(standalone, 'public');
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) paths.add(`/${path.relative(publicDir, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/')}`);
  }
  return [...paths];
}

/**
 * The request body caps by path (lib/body-limits.mjs, which next.config.ts reads too): the build's copy, which
 * next.config.ts traces into the standalone output, so the runtime image needs nothing beside it and the caps are the
 * ones the build was made with (its server actions' limit among them); with a build from before that copy existed,
 * the source tree's.
 */
async function bodyLimits() {
  const copies = [path.join(standalone, 'lib', 'body-limits.mjs'), fileURLToPath(new URL('../lib/body-limits.mjs', import.meta.url))];
  const file = copies.find((copy) => fs.existsSync(copy));
  if (!file) {
    console.error('The build has no lib/body-limits.mjs. Run `npm run build` again.');
    process.exit(1);
  }
  return (await import(pathToFileURL(file).href)).BODY_LIMITS;
}

// Shared with the bundled app through server/lifecycle.ts (same key, same shape). `forgetSharedCopies` is set once the
// front's thread exists: the app calls it when cached data changed, so the front's copies of pages go too.
const lifecycle = { front: true, draining: false, closers: [], forgetSharedCopies: () => {} };
globalThis[Symbol.for('sentinel-shield.lifecycle')] = lifecycle;

const requireFromApp = createRequire(serverFile);
// The embedded database's WebAssembly (9 MB) compiles on V8's background threads while Next loads on this one,
// instead of after it when the app opens the database (server/db/client.ts takes it from the lifecycle).
if (!process.env.DATABASE_URL?.trim()) lifecycle.pgliteWasm = precompilePgliteWasm();

async function precompilePgliteWasm() {
  try {
    const wasmFile = path.join(path.dirname(requireFromApp.resolve('@electric-sql/pglite')), 'pglite.wasm');
    return await WebAssembly.compile(await fs.promises.readFile(wasmFile));
  } catch {
    return undefined; // PGlite compiles its own then
  }
}

const next = requireFromApp('next');
const app = next({ dev: false, dir: standalone, hostname, port });
const handleWithNext = app.getRequestHandler();

let markPrepared;
const prepared = new Promise((resolve) => (markPrepared = resolve));
let stopping = false;

// The app's own side: a private socket only the front connects to. Its connections are the front's kept-alive
// ones, never timed out from here (keepAliveTimeout 0), so none is closed just as the front sends on it.
const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-shield-'));
const appSocket = process.platform === 'win32' ? `\\\\.\\pipe\\${path.basename(socketDir)}` : path.join(socketDir, 'app.sock');
process.on('exit', () => fs.rmSync(socketDir, { recursive: true, force: true }));

async function handle(req, res) {
  try {
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

const appServer = http.createServer((req, res) => void handle(req, res));
appServer.keepAliveTimeout = 0;

const shownHost = hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname;

// Started now, so it loads while the app prepares; it listens once the app is ready.
const front = new Worker(new URL('./front.mjs', import.meta.url), {
  workerData: {
    port,
    hostname,
    appSocket,
    cheapPaths: cheapPaths(),
    bodyLimits: await bodyLimits(),
    keepAliveTimeoutMs,
    costly: { maxInFlight: wholeNumber('REQUEST_CONCURRENCY', 16, 1, 10_000), ...queueLimits },
    cheap: { maxInFlight: cheapConcurrency, ...queueLimits },
  },
});
lifecycle.forgetSharedCopies = () => front.postMessage({ type: 'forget-copies' });
front.on('error', (error) => {
  console.error('\nThe HTTP front stopped.\n', error);
  process.exit(1);
});
const frontMessage = (type) => new Promise((resolve) => front.on('message', (message) => message.type === type && resolve(message)));
const frontDrained = frontMessage('drained');
front.on('message', (message) => {
  if (message.type === 'listening') console.log(`▲ Sentinel Shield on http://${shownHost}:${port}`);
  if (message.type === 'listen-error') {
    console.error('\nThe server cannot start.\n', message.message);
    process.exit(1);
  }
});

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
    appServer.listen(appSocket, () => front.postMessage({ type: 'listen' }));
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
  // The front stops accepting and waits for its clients' connections to close (scripts/front.mjs); the app keeps
  // answering what it passes on until then.
  front.postMessage({ type: 'drain', signal, deadline });
  await Promise.race([frontDrained, sleep(deadline - Date.now() + 1000)]);
  appServer.closeAllConnections();
  appServer.close();
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
