// Starts and stops the production server (scripts/start.mjs) for the benchmark, on a data folder of its own.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { processTree } from './proc.mjs';

/** Configuration that would make the server reach outside services or another database: always unset here. */
const CLEARED_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'NEXT_PUBLIC_POSTHOG_KEY',
  'NEXT_PUBLIC_POSTHOG_HOST',
  'AUTH_GOOGLE_ID',
  'AUTH_GOOGLE_SECRET',
  'IMAGE_CDN_URL',
  'AVATAR_BASE_URL',
  'RPC_URL',
  'ANNOUNCEMENT_CONTENT',
  'ANNOUNCEMENT_LINK_TEXT',
  'ANNOUNCEMENT_LINK',
  'QUOTE_FORM_EMBED_URL',
  'FEATURE_FLAGS',
];

/** True when nothing listens on the port of 127.0.0.1. */
function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `start` on. */
export async function findFreePort(start) {
  for (let port = start; port < start + 100; port++) if (await isPortFree(port)) return port;
  throw new Error(`No free port between ${start} and ${start + 99}.`);
}

let clockTicks = null;

/**
 * CPU seconds (user + system) used so far by a process and its descendants, from /proc; null where /proc is
 * missing. Unlike wall-clock figures, this does not grow when other work on the machine competes for the CPUs.
 */
export function cpuSeconds(rootPid) {
  if (!fs.existsSync('/proc/self/stat')) return null;
  if (clockTicks === null) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  const ticks = processTree(rootPid).reduce((sum, member) => sum + member.ticks, 0);
  return ticks / clockTicks;
}

/** Resident memory (MB) of a process and its descendants, from /proc; NaN where /proc is missing. */
export function rssMegabytesTree(rootPid) {
  if (!fs.existsSync('/proc/self/status')) return NaN;
  let kilobytes = 0;
  for (const { pid } of processTree(rootPid)) {
    try {
      kilobytes += Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kilobytes / 1024;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every server started here and not yet exited, so an interrupted bench can stop one that is still starting. */
const running = new Set();

export async function stopAllServers() {
  await Promise.all([...running].map((handle) => handle.stop()));
}

/**
 * Starts `node scripts/start.mjs` in `root` on `port` and `dataDir` and resolves once GET /api/health answers 200.
 * The returned handle's stop() sends SIGTERM and waits for the process to exit (SIGKILL after a grace period).
 */
export async function startServer({ root, port, dataDir, env: extraEnv = {}, timeoutMs = 180_000, stats = false }) {
  // With `stats`, the server writes each second's event-loop delay and memory (scripts/start.mjs) beside dataDir.
  const statsFile = stats ? path.join(path.dirname(dataDir), `server-stats-${port}-${Date.now()}.jsonl`) : '';
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const name of CLEARED_ENV) env[name] = '';
  Object.assign(env, {
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SITE_URL: origin,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    EVENT_LOOP_STATS_FILE: statsFile,
    // The cluster bench's one-instance runs on PostgreSQL (scripts/bench/cluster.mjs).
    ...extraEnv,
  });

  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let exited = null;
  let handle = null;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      running.delete(handle);
      resolve(exited);
    });
  });

  handle = {
    origin,
    pid: child.pid,
    output: () => output,
    cpuSeconds: () => cpuSeconds(child.pid),
    /**
     * The server's per-second samples (with `stats`) taken from `from` to `to` (Date.now() values): the event loop's
     * longest delay and its worst second's p99 (ms), and the last sample's process.memoryUsage() (bytes).
     */
    statsBetween(from, to = Date.now()) {
      if (!statsFile || !fs.existsSync(statsFile)) return null;
      const samples = fs
        .readFileSync(statsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((sample) => sample.t > from && sample.t <= to + 1000);
      if (!samples.length) return null;
      return {
        seconds: samples.length,
        loopMaxMs: Math.max(...samples.map((sample) => sample.max)),
        loopP99Ms: Math.max(...samples.map((sample) => sample.p99)),
        memory: samples.at(-1),
      };
    },
    /** Resident memory of the server's process tree now, in MB. */
    rssMegabytes: () => rssMegabytesTree(child.pid),
    /** Milliseconds from spawning the process to its first 200 from /api/health (polled every 25 ms). */
    startMs: NaN,
    /** `{ code, signal }` once the process has exited, else null. */
    exited: () => exited,
    async stop(graceMs = 20_000) {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = sleep(graceMs).then(() => 'timeout');
      if ((await Promise.race([exit, timer])) === 'timeout') {
        child.kill('SIGKILL');
        await exit;
      }
      return exited;
    },
  };
  if (!exited) running.add(handle);

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`The server exited during start (code ${exited.code}, signal ${exited.signal}). Its output:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        handle.startMs = performance.now() - spawnedAt;
        return handle;
      }
    } catch {
      // not listening yet
    }
    // A short poll: the start time is one of the figures (#18), so the wait adds at most 25 ms to it.
    await sleep(25);
  }
  await handle.stop();
  throw new Error(`The server did not answer GET /api/health with 200 within ${timeoutMs / 1000} s. Its output:\n${output}`);
}

/** Seconds a server rests after a load before its memory is read: long enough for its idle collection (scripts/idle-gc.mjs). */
export const REST_BEFORE_RSS_SECONDS = 5;

/** The server's RSS in MB once it has rested REST_BEFORE_RSS_SECONDS after the load: what it holds, not what it is still freeing. */
export async function rssAfterRest(server) {
  await new Promise((resolve) => setTimeout(resolve, REST_BEFORE_RSS_SECONDS * 1000));
  return server.rssMegabytes();
}
