// `npm run cluster` (after `npm run build`): the site as several instances behind nginx, on PostgreSQL and Redis,
// on this machine — the topology of docs/deploy.md, to try and to measure (scripts/bench/cluster.mjs).
//
// It starts CLUSTER_INSTANCES (default 2) standalone servers on loopback ports after CLUSTER_PORT, and nginx on
// CLUSTER_PORT (default 8080) with deploy/nginx.conf.template; prints `cluster ready at <url>` once nginx answers
// health; stays in the foreground and restarts an instance that exits (a crash, or a SIGTERM for a rolling restart);
// on Ctrl-C or SIGTERM stops everything it started. The instances share DATABASE_URL (default the local server's
// `sentinel_shield` database, created when missing), REDIS_URL (default the local one), AUTH_SECRET (generated once
// into DATA_DIR/cluster/secrets.json when unset) and DATA_DIR (uploaded files). Without SMTP_URL, mail goes to a
// local catcher whose address it prints.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import postgres from 'postgres';

const root = process.cwd();
const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
const READY_TIMEOUT_MS = 120_000;
const RESTART_DELAY_MS = 500;

function fail(message) {
  console.error(`\nThe cluster cannot start.\n${message}\n`);
  process.exit(1);
}

function wholeNumber(name, fallback, min, max) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) fail(`${name} must be a whole number from ${min} to ${max}.`);
  return value;
}

const clusterPort = wholeNumber('CLUSTER_PORT', 8080, 1, 65535 - 16);
const instanceCount = wholeNumber('CLUSTER_INSTANCES', 2, 1, 16);
const databaseUrl = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/sentinel_shield';
const redisUrl = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const dataDir = path.resolve(process.env.DATA_DIR || 'data');

if (!fs.existsSync(path.join(root, '.next', 'standalone', 'server.js'))) fail('No build found. Run `npm run build` first.');
if (spawnSync(NGINX, ['-v']).error) fail(`nginx is not installed (looked for ${NGINX}; on Debian: apt-get install nginx, or set NGINX_BIN).`);

/** Secrets every instance must share; kept so sessions survive a restart of the cluster. */
function sharedSecrets() {
  const file = path.join(dataDir, 'cluster', 'secrets.json');
  let saved = {};
  try {
    saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    saved = {};
  }
  const secrets = { AUTH_SECRET: process.env.AUTH_SECRET || saved.AUTH_SECRET || crypto.randomBytes(32).toString('base64url') };
  if (secrets.AUTH_SECRET !== saved.AUTH_SECRET && !process.env.AUTH_SECRET) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** Creates the database named in the URL when the server has none by that name (the first run on a local server). */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) return;
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const sql = postgres(maintenance.toString(), { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const [found] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!found) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } catch (error) {
    // No right to list or create databases: the instances will say whether the named one is reachable.
    if (!/already exists/.test(String(error?.message))) console.warn(`Could not check database "${name}": ${error.message}`);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The main nginx file for a foreground nginx owned by this script (its own pid, logs and temp folders). */
function writeNginxConfig(runDir, instancePorts) {
  const template = fs.readFileSync(path.join(root, 'deploy', 'nginx.conf.template'), 'utf8');
  const site = template
    .replaceAll('${LISTEN_PORT}', String(clusterPort))
    .replaceAll('${NGINX_CACHE_DIR}', path.join(runDir, 'cache'))
    .replaceAll('${UPSTREAM_SERVERS}', instancePorts.map((port) => `server 127.0.0.1:${port} max_fails=2 fail_timeout=5s;`).join('\n    '));
  fs.writeFileSync(path.join(runDir, 'site.conf'), site);
  const temp = (name) => `${name}_temp_path ${path.join(runDir, 'temp', name)};`;
  const main = [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes auto;',
    `pid ${path.join(runDir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 8192; }',
    'http {',
    '  access_log off;',
    '  default_type application/octet-stream;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${path.join(runDir, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
  for (const folder of ['cache', 'temp']) fs.mkdirSync(path.join(runDir, folder), { recursive: true });
  const file = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(file, main);
  const check = spawnSync(NGINX, ['-t', '-q', '-p', runDir, '-c', file], { encoding: 'utf8' });
  if (check.status !== 0) fail(`nginx refused its configuration:\n${check.stderr}`);
  return file;
}

/** Prefixes each line a child writes, so the instances' logs can be told apart. */
function pipeWithPrefix(stream, prefix, target) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) target.write(`${prefix} ${line}\n`);
  });
}

async function waitForHealth(url, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const children = new Set();
let stopping = false;
// Whatever ends this process, nothing it started outlives it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function startChild(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  pipeWithPrefix(child.stdout, `[${name}]`, process.stdout);
  pipeWithPrefix(child.stderr, `[${name}]`, process.stderr);
  child.once('exit', () => children.delete(child));
  return child;
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `sentinel-cluster-${clusterPort}-`));
const stateFile = path.join(runDir, 'state.json');
const state = { url: `http://localhost:${clusterPort}`, runDir, nginxPid: null, mail: null, instances: [] };
const writeState = () => fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));

const instancePorts = Array.from({ length: instanceCount }, (_, index) => clusterPort + 1 + index);
for (const port of [clusterPort, ...instancePorts]) {
  if (!(await portIsFree(port))) fail(`Port ${port} is in use. Set CLUSTER_PORT to another port (instances use the ${instanceCount} after it).`);
}

const nginxConfig = writeNginxConfig(runDir, instancePorts);
await ensureDatabase(databaseUrl);
const secrets = sharedSecrets();

const mailEnv = {};
if (!process.env.SMTP_URL) {
  const smtpPort = clusterPort + instanceCount + 1;
  const httpPort = clusterPort + instanceCount + 2;
  startChild('mail', process.execPath, [path.join(root, 'scripts', 'mail-catcher.mjs')], { ...process.env, MAIL_CATCHER_SMTP_PORT: String(smtpPort), MAIL_CATCHER_HTTP_PORT: String(httpPort) });
  mailEnv.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  state.mail = `http://127.0.0.1:${httpPort}/messages`;
}

const instanceEnv = {
  ...process.env,
  ...mailEnv,
  ...secrets,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  DATA_DIR: dataDir,
  HOSTNAME: '127.0.0.1',
  // nginx is the one proxy in front: the entry it appends is the client's.
  TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS ?? '1',
  // Longer than nginx's idle upstream keep-alive (5 s, deploy/nginx.conf.template): nginx closes idle connections first.
  KEEP_ALIVE_TIMEOUT: process.env.KEEP_ALIVE_TIMEOUT ?? '65000',
};

function startInstance(index) {
  const port = instancePorts[index];
  const name = `app${index + 1}`;
  const child = startChild(name, process.execPath, [path.join(root, 'scripts', 'start.mjs')], { ...instanceEnv, PORT: String(port) });
  state.instances[index] = { name, port, pid: child.pid, url: `http://127.0.0.1:${port}` };
  writeState();
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.log(`[cluster] ${name} exited (${signal ?? `code ${code}`}); starting it again`);
    setTimeout(() => {
      if (!stopping) startInstance(index);
    }, RESTART_DELAY_MS);
  });
  return child;
}

instancePorts.forEach((_, index) => startInstance(index));
const nginx = startChild('nginx', NGINX, ['-p', runDir, '-c', nginxConfig, '-g', 'daemon off;'], process.env);
state.nginxPid = nginx.pid;
writeState();
nginx.once('exit', (code) => {
  if (!stopping) {
    console.error(`[cluster] nginx exited (code ${code}); stopping the cluster`);
    void stop(1);
  }
});

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log('[cluster] stopping');
  const exited = [...children].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) child.kill(child === nginx ? 'SIGQUIT' : 'SIGTERM');
  const forceAfter = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 30_000);
  await Promise.all(exited);
  clearTimeout(forceAfter);
  fs.rmSync(runDir, { recursive: true, force: true });
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const deadline = Date.now() + READY_TIMEOUT_MS;
const everyInstanceUp = await Promise.all(state.instances.map((instance) => waitForHealth(`${instance.url}/api/health`, deadline)));
if (!everyInstanceUp.every(Boolean) || !(await waitForHealth(`http://127.0.0.1:${clusterPort}/api/health`, deadline))) {
  console.error('[cluster] the instances did not become healthy in time');
  await stop(1);
}
console.log(`[cluster] instances: ${state.instances.map((instance) => `${instance.name} ${instance.url}`).join(', ')}`);
if (state.mail) console.log(`[cluster] mail is caught locally (no SMTP_URL): ${state.mail}`);
console.log(`[cluster] state: ${stateFile}`);
console.log(`cluster ready at ${state.url}`);
