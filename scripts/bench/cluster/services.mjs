// The outside services and the cluster for `npm run bench:cluster` (scripts/bench/cluster.mjs) and the CI cluster
// test (tests/e2e/cluster.spec.ts): a PostgreSQL and a Redis of their own (each on a free port, data in a temporary
// folder, nothing saved), so that stalling or stopping them touches nothing else on the machine, and
// `node scripts/cluster.mjs` on them.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { processTree } from '../proc.mjs';

export const NGINX_BIN = process.env.NGINX_BIN || '/usr/sbin/nginx';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isRoot = () => process.getuid?.() === 0;

/** The newest PostgreSQL's bin folder on a Debian layout (/usr/lib/postgresql/<n>/bin), or null. */
function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((entry) => fs.existsSync(path.join(base, entry, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Why this machine cannot run the cluster on services of its own, or null when it can. */
export function missingTools() {
  const missing = [];
  if (!postgresBin()) missing.push('PostgreSQL (initdb under /usr/lib/postgresql/*/bin)');
  if (!onPath('redis-server')) missing.push('redis-server');
  if (spawnSync(NGINX_BIN, ['-v']).error) missing.push(`nginx (${NGINX_BIN})`);
  return missing.length ? `missing: ${missing.join(', ')}` : null;
}

function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `start` on. */
export async function freePort(start) {
  for (let port = start; port < start + 200; port++) if (await isPortFree(port)) return port;
  throw new Error(`No free port between ${start} and ${start + 199}.`);
}

/** `count` consecutive free ports from `start` on (the cluster's load balancer, instances and mail catcher). */
export async function freePortRun(start, count) {
  for (let first = start; first < start + 400; first++) {
    let ok = true;
    for (let port = first; port < first + count && ok; port++) ok = await isPortFree(port);
    if (ok) return first;
  }
  throw new Error(`No ${count} consecutive free ports from ${start}.`);
}

async function waitForPort(port, timeoutMs, exited) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the process for port ${port} exited`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs / 1000} s`);
}


function signal(pid, name) {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}

/** Runs a PostgreSQL program as the postgres user when this process is root (the server refuses to run as root). */
function asPostgres(file, args) {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

/**
 * A PostgreSQL of its own: initdb into a temporary folder (trust on loopback, fsync off), the server on `port`.
 * stall()/resume() SIGSTOP/SIGCONT the postmaster and every backend (a frozen database: connections open, nothing
 * answers); stop() ends it and removes the folder.
 */
export async function startPostgres({ port, log = () => {} }) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin).');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sentinel-pg-${port}-`));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const [initFile, initArgs] = asPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const init = spawnSync(initFile, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
  const serverArgs = ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'];
  const [file, args] = asPostgres(path.join(bin, 'postgres'), serverArgs);
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    await waitForPort(port, 30_000, () => exited);
  } catch (error) {
    throw new Error(`PostgreSQL did not start: ${error.message}\n${output}`);
  }
  /** The postmaster's pid (runuser's child when root), from its pid file. */
  const postmasterPid = () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const processes = () => {
    const main = postmasterPid();
    return processTree(main).map((member) => member.pid);
  };
  log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (pid ${postmasterPid()}, ${dataDir})`);
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    dataDir,
    output: () => output,
    postmasterPid,
    /** Freezes the server: the postmaster first (no new backends), then every backend. */
    stall() {
      for (const pid of processes()) signal(pid, 'SIGSTOP');
    },
    resume() {
      for (const pid of processes().reverse()) signal(pid, 'SIGCONT');
    },
    async stop() {
      if (!exited) {
        try {
          for (const pid of processes()) signal(pid, 'SIGCONT');
          signal(postmasterPid(), 'SIGINT');
        } catch {
          child.kill('SIGTERM');
        }
        const deadline = Date.now() + 15_000;
        while (!exited && Date.now() < deadline) await sleep(100);
        if (!exited) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A redis-server of its own on `port`, keeping nothing on disk. down() stops it (connections refused), up() starts
 * it again on the same port; stop() ends it for good.
 */
export async function startRedis({ port, log = () => {} }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sentinel-redis-${port}-`));
  let child = null;
  let exited = true;
  async function up() {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'no'], { stdio: 'ignore' });
    exited = false;
    child.once('exit', () => (exited = true));
    await waitForPort(port, 15_000, () => exited);
  }
  async function down() {
    if (exited || !child) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
  await up();
  log(`Redis on 127.0.0.1:${port} (pid ${child.pid})`);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    up,
    down,
    async stop() {
      await down();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `node scripts/cluster.mjs` on the given services, resolved once it prints `cluster ready at`. The handle reads
 * the cluster's state file (instances and their current pids) and stop() sends SIGTERM and waits for it to end.
 */
export async function startCluster({ root, port, databaseUrl, redisUrl, dataDir, env = {}, log = () => {}, timeoutMs = 240_000 }) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      SMTP_URL: '',
      RPC_URL: '',
      DEV_MAILBOX: '',
      LOG_LEVEL: 'warn',
      ...env,
      CLUSTER_PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines = [];
  const listeners = new Set();
  const onText = (chunk) => {
    output = (output + chunk).slice(-200_000);
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      lines.push(line);
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout.on('data', onText);
  child.stderr.on('data', onText);
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, sig) => resolve((exited = { code, signal: sig }))));

  const ready = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const check = () => {
      const stateLine = lines.find((line) => line.includes('[cluster] state: '));
      if (lines.some((line) => line.startsWith('cluster ready at ')) && stateLine) {
        clearTimeout(timer);
        resolve(stateLine.slice(stateLine.indexOf('[cluster] state: ') + '[cluster] state: '.length).trim());
      }
    };
    listeners.add(check);
    check();
    exit.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!ready) {
    if (!exited) child.kill('SIGTERM');
    throw new Error(`The cluster did not get ready:\n${output.slice(-6000)}`);
  }
  const stateFile = ready;
  let lastState = null;
  // The cluster rewrites the file when an instance restarts: a read may meet it half written, then the last whole one serves.
  const state = () => {
    try {
      lastState = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    } catch (error) {
      if (!lastState) throw error;
    }
    return lastState;
  };
  log(`cluster ready at ${state().url}`);
  return {
    url: state().url.replace('localhost', '127.0.0.1'),
    state,
    output: () => output,
    /** Lines the cluster printed (its own and its instances', prefixed [app1] …) from now on, to `listener`. */
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Lines printed so far. */
    lines: () => lines.slice(),
    exited: () => exited,
    /** Waits until instance `index` runs a pid other than `oldPid` and answers health 200. */
    async waitForRestart(index, oldPid, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const instance = state().instances[index];
        if (instance.pid !== oldPid) {
          try {
            const response = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
            await response.arrayBuffer();
            if (response.status === 200) return instance;
          } catch {
            // starting
          }
        }
        await sleep(200);
      }
      throw new Error(`instance ${index + 1} did not come back within ${timeoutMs / 1000} s`);
    },
    async stop() {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = sleep(45_000).then(() => 'timeout');
      if ((await Promise.race([exit, timer])) === 'timeout') {
        child.kill('SIGKILL');
        await exit;
      }
      return exited;
    },
  };
}

/** Resident memory (MB) of a process, from /proc; NaN when it is gone. */
export function rssMegabytes(pid) {
  try {
    const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}
