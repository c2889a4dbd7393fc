// `npm run bench:cluster` (after `npm run build`): issue #17's figures, each printed beside its goal. A report, not a
// test: it exits 0 when a goal is missed and 1 when the bench itself fails (tests/e2e/cluster.spec.ts is the test).
//
// It starts a PostgreSQL and a Redis of its own (initdb into a temporary folder, redis-server; each on a free port,
// nothing kept), so the faults below touch nothing else on the machine, then:
// 1. One machine under overload: one instance (scripts/start.mjs) on the embedded database, then one on that
//    PostgreSQL: 10 connections for 10 s over the four routes below (fresh), then 200 connections for
//    BENCH_CLUSTER_SECONDS on each of `/`, search, `/api/health` and a project page (longest wait, connection
//    errors, 503s, throughput), then the 10-connection run again, compared with the fresh one.
// 2. The cluster (`node scripts/cluster.mjs`: two instances behind nginx) on them: 200 connections for
//    BENCH_CLUSTER_SECONDS over the home page, search, project pages and signed-in watchlist reads and writes,
//    through nginx and then against one instance; then an open-loop run at half the rate nginx sustained (public
//    pages: the open-loop generator sends no cookies); every write answered 200 must be in the database; RSS of
//    each instance afterwards.
// 3. Faults, each under a light load of the same mix: PostgreSQL frozen (SIGSTOP on every one of its processes) for
//    BENCH_CLUSTER_FAULT_SECONDS, Redis down as long, one instance SIGKILLed, and a rolling restart (SIGTERM each
//    instance in turn; the cluster starts it again).
//
// Knobs (environment):
//   BENCH_CLUSTER_SECONDS        length of each 200-connection run (default 60)
//   BENCH_CLUSTER_CONNECTIONS    connections of those runs (default 200)
//   BENCH_CLUSTER_FAULT_SECONDS  how long PostgreSQL is frozen and Redis down (default 20)
//   BENCH_CLUSTER_STEADY_SECONDS length of the open-loop run (default 20)
//   BENCH_CLUSTER_PARTS          which parts run, comma-separated: overload,cluster,faults (default all)
//   BENCH_CLUSTER_PORT           first port tried for the cluster (default 8300; it takes five in a row)
//   NGINX_BIN                    nginx's path (default /usr/sbin/nginx)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Redis } from 'ioredis';
import postgres from 'postgres';

import { freePort, freePortRun, missingTools, rssMegabytes, startCluster, startPostgres, startRedis } from './cluster/services.mjs';
import { lostWrites, runLoad, startLoad } from './cluster/load.mjs';
import { newSignedInUser } from './cluster/users.mjs';
import { searchPaths } from './keywords.mjs';
import { runSteady, warm } from './load.mjs';
import { ms, rps, table, verdict } from './report.mjs';
import { startServer, stopAllServers } from './server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function knob(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number of at least 1.`);
    process.exit(1);
  }
  return value;
}

const SECONDS = knob('BENCH_CLUSTER_SECONDS', 60);
const CONNECTIONS = knob('BENCH_CLUSTER_CONNECTIONS', 200);
const FAULT_SECONDS = knob('BENCH_CLUSTER_FAULT_SECONDS', 20);
const STEADY_SECONDS = knob('BENCH_CLUSTER_STEADY_SECONDS', 20);
const FIRST_PORT = knob('BENCH_CLUSTER_PORT', 8300);
const PARTS = new Set((process.env.BENCH_CLUSTER_PARTS || 'overload,cluster,faults').split(',').map((part) => part.trim()));
const GOALS = { maxWaitMs: 5_000, steadyP99Ms: 100, healthDownMs: 2_000, redisWaitMs: 1_000, afterVsFresh: 0.85 };
const PROJECT_PATH = '/projects/zcash';
const CACHED_PAGE = '/company/about';
const USERS = 4;
const LISTS_PER_USER = 5;

const started = performance.now();
const log = (message) => console.error(`[bench:cluster ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rows = [];
const count = (value) => String(value);
const mb = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} MB` : 'n/a');
const ratio = (value) => (Number.isFinite(value) ? `${(value * 100).toFixed(0)}%` : 'n/a');

if (!fs.existsSync(path.join(ROOT, '.next', 'standalone', 'server.js'))) {
  console.error('No build found (.next/standalone/server.js). Run `npm run build` first, then `npm run bench:cluster`.');
  process.exit(1);
}
const missing = missingTools();
if (missing) {
  console.error(`The cluster bench needs PostgreSQL, redis-server and nginx on this machine (${missing}).`);
  process.exit(1);
}

const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-bench-cluster-'));
let pg = null;
let redis = null;
let cluster = null;
let cleaned = false;

async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await stopAllServers();
  if (cluster) {
    // What the instances printed, for reading an exit or an error a row reports.
    const logFile = path.join(os.tmpdir(), 'bench-cluster-last.log');
    fs.writeFileSync(logFile, `${cluster.lines().join('\n')}\n`);
    log(`the cluster's output: ${logFile}`);
  }
  await cluster?.stop();
  await redis?.stop();
  await pg?.stop();
  fs.rmSync(tempDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n[bench:cluster] ${signal}: stopping everything it started`);
    cleanup().finally(() => process.exit(130));
  });
}

/** The answers of a run between two instants (ms since the epoch). */
const between = (answers, from, to) => answers.filter((answer) => answer.at >= from && answer.at < to);
const failed = (answer) => answer.status === 0 || answer.status >= 500;

/**
 * Which routes failed between two instants, and how: "search 3×timeout (+4.2–9.8 s), writes 1×502 (+0.3 s)", times
 * counted from `from`. A FAIL row says where to look.
 */
function failuresByRoute(routes, from, to) {
  const parts = [];
  for (const route of routes) {
    const kinds = new Map();
    for (const answer of between(route.answers, from, to).filter(failed)) {
      const kind = answer.status > 0 ? String(answer.status) : answer.timeout ? 'timeout' : (answer.reason ?? 'error');
      kinds.set(kind, [...(kinds.get(kind) ?? []), (answer.at - from) / 1000]);
    }
    for (const [kind, seconds] of kinds) {
      const span = seconds.length === 1 ? `+${seconds[0].toFixed(1)} s` : `+${Math.min(...seconds).toFixed(1)}–${Math.max(...seconds).toFixed(1)} s`;
      parts.push(`${route.name} ${seconds.length}×${kind} (${span})`);
    }
  }
  return parts.join(', ') || 'none';
}

/** Polls `url` every 100 ms until its status satisfies `test`; resolves to the ms it took, or NaN at the deadline. */
async function timeUntil(url, test, timeoutMs) {
  const begun = Date.now();
  while (Date.now() - begun < timeoutMs) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(100, timeoutMs - (Date.now() - begun))) });
      await response.arrayBuffer();
      if (test(response.status)) return Date.now() - begun;
    } catch {
      if (test(0)) return Date.now() - begun;
    }
    await sleep(100);
  }
  return NaN;
}

/** Status and time of one GET. */
async function probe(url, timeoutMs = 10_000) {
  const begun = Date.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - begun };
  } catch {
    return { status: 0, ms: Date.now() - begun };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 1. One machine under overload.

async function overloadOn(label, env) {
  const port = await freePort(FIRST_PORT + 50);
  const dataDir = path.join(tempDir, `single-${label}`);
  log(`${label}: starting one instance …`);
  const server = await startServer({ root: ROOT, port, dataDir, env });
  try {
    const search = searchPaths();
    const routes = { home: ['/'], search, health: ['/api/health'], project: [PROJECT_PATH] };
    const mixed = [...routes.home, ...search.slice(0, 20), ...routes.health, ...routes.project];
    await warm(server.origin, [...routes.home, ...search.slice(0, 20), ...routes.health, ...routes.project], 3);
    const tenConnections = async (title) => (await runLoad({ origin: server.origin, duration: 10, routes: [{ name: title, paths: mixed, connections: 10 }] })).total;
    log(`${label}: 10 connections for 10 s on the fresh server …`);
    const fresh = await tenConnections('fresh');
    rows.push(`One instance on ${label}: ${CONNECTIONS} connections for ${SECONDS} s on each route`);
    for (const [name, paths] of Object.entries(routes)) {
      log(`${label}: ${CONNECTIONS} connections for ${SECONDS} s on ${name} …`);
      const { total } = await runLoad({ origin: server.origin, duration: SECONDS, routes: [{ name, paths, connections: CONNECTIONS }] });
      rows.push([label, `${name}: longest wait`, ms(total.max), `≤ ${GOALS.maxWaitMs / 1000} s`, verdict(total.max <= GOALS.maxWaitMs && total.over5s === 0)]);
      rows.push([label, `${name}: connection errors and 20 s timeouts`, count(total.errors), '0', verdict(total.errors === 0)]);
      rows.push([label, `${name}: 503 (refused fast)`, `${total.status503} of ${total.requests}`, '', '']);
      rows.push([label, `${name}: other 5xx`, count(total.status5xx - total.status503), '0', verdict(total.status5xx - total.status503 === 0)]);
      rows.push([label, `${name}: throughput (answered 2xx/3xx)`, rps(total.ok / SECONDS), '', '']);
    }
    log(`${label}: 10 connections for 10 s after the overload …`);
    const after = await tenConnections('after');
    rows.push([label, '10 connections, fresh server', rps(fresh.perSecond), '', '']);
    rows.push([label, '10 connections, after the overload', `${rps(after.perSecond)} (${ratio(after.perSecond / fresh.perSecond)})`, `≥ ${ratio(GOALS.afterVsFresh)} of fresh`, verdict(after.perSecond >= GOALS.afterVsFresh * fresh.perSecond)]);
    const exited = server.exited();
    rows.push([label, 'the instance is still running', exited ? `exited ${exited.code ?? exited.signal}` : 'yes', 'yes', verdict(!exited)]);
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// 2 and 3. The cluster.

/** Signed-in users with watchlists of their own: one list per writing connection. */
async function makeWriters(origin, mailUrl) {
  const lists = [];
  const cookies = [];
  for (let user = 0; user < USERS; user++) {
    const { cookie } = await newSignedInUser(origin, mailUrl, `bench-cluster-${user}`);
    cookies.push(cookie);
    for (let n = 0; n < LISTS_PER_USER; n++) {
      const response = await fetch(`${origin}/api/watchlist/create`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: `bench ${n}`, projects: [] }) });
      if (response.status !== 200) throw new Error(`Creating a watchlist answered ${response.status}: ${await response.text()}`);
      lists.push({ id: (await response.json()).id, cookie });
    }
  }
  return { lists, cookies };
}

/** The mixed load's routes for `connections` connections in all. */
function mixedRoutes({ connections, projectPaths, cookies, lists, projectIds }) {
  const writers = Math.max(1, Math.min(lists.length, Math.round(connections / 10)));
  const readers = connections - writers;
  const share = (fraction) => Math.max(1, Math.round(readers * fraction));
  return [
    { name: 'home', paths: ['/'], connections: share(0.25) },
    { name: 'search', paths: searchPaths(), connections: share(0.25) },
    { name: 'project pages', paths: projectPaths, connections: share(0.3) },
    { name: 'watchlist reads', paths: ['/api/watchlist'], connections: share(0.2), headers: { cookie: cookies[0] } },
    { name: 'watchlist writes', write: { lists: lists.slice(0, writers), projectIds } },
  ];
}

/** Each route's slowest answer between two times, with when it was sent (seconds from `from`). */
function slowestByRoute(routes, from, to) {
  const parts = [];
  for (const route of routes) {
    const answered = route.answers.filter((answer) => answer.status > 0 && answer.at >= from && answer.at < to);
    if (answered.length === 0) continue;
    const slowest = answered.reduce((worst, answer) => (answer.ms > worst.ms ? answer : worst));
    parts.push(`${route.name} ${ms(slowest.ms)} (+${((slowest.at - slowest.ms - from) / 1000).toFixed(1)} s)`);
  }
  return parts.join(', ') || 'none';
}

function loadRows(section, result) {
  for (const route of result.figures) {
    rows.push([section, `${route.name}: throughput (longest wait)`, `${rps(route.ok / result.seconds)} (${ms(route.max)})`, '', '']);
  }
  const { total } = result;
  rows.push([section, 'requests answered 5xx', `${total.status5xx} of ${total.requests} (503: ${total.status503})`, '0', verdict(total.status5xx === 0)]);
  if (total.status5xx + total.errors > 0) rows.push([section, 'failures by route (from the start of the run)', failuresByRoute(result.routes, result.started, Infinity), '', '']);
  rows.push([section, 'connection errors and timeouts', count(total.errors), '0', verdict(total.errors === 0)]);
  rows.push([section, 'longest wait', ms(total.max), `≤ ${GOALS.maxWaitMs / 1000} s`, verdict(total.max <= GOALS.maxWaitMs && total.over5s === 0)]);
  rows.push([section, 'p99 (all routes)', ms(total.p99), '', '']);
}

/** What the cluster printed about instances that exited, and errors nobody caught, since `from` (a line index). */
function exitsSince(from) {
  return cluster.lines().slice(from).filter((line) => /\[cluster\] app\d exited|uncaught|unhandled/i.test(line));
}

async function clusterParts() {
  const clusterPort = await freePortRun(FIRST_PORT, 5);
  const databaseUrl = pg.url('sentinel_cluster');
  log(`starting the cluster on ${clusterPort} (PostgreSQL ${pg.port}, Redis ${redis.port}) …`);
  cluster = await startCluster({ root: ROOT, port: clusterPort, databaseUrl, redisUrl: redis.url, dataDir: path.join(tempDir, 'cluster-data'), env: { RATE_LIMIT_PREFIX: 'bench-cluster' }, log });
  const origin = cluster.url;
  const { mail } = cluster.state();
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const projectIds = (await sql`select id from projects order by rank asc nulls last, id limit 100`).map((row) => row.id);
    const projectPaths = projectIds.slice(0, 20).map((id) => `/projects/${id}`);
    log(`signing up ${USERS} users with ${LISTS_PER_USER} watchlists each …`);
    const { lists, cookies } = await makeWriters(origin, mail);
    const shape = { projectPaths, cookies, lists, projectIds };
    log('warming both instances …');
    for (const instance of cluster.state().instances) await warm(instance.url, ['/', CACHED_PAGE, ...projectPaths, ...searchPaths().slice(0, 40)], 1);
    const allWrites = [];

    if (PARTS.has('cluster')) {
      log(`${CONNECTIONS} connections for ${SECONDS} s through nginx …`);
      const throughNginx = await runLoad({ origin, duration: SECONDS, routes: mixedRoutes({ connections: CONNECTIONS, ...shape }) });
      rows.push(`Cluster (2 instances behind nginx, PostgreSQL, Redis): ${CONNECTIONS} connections for ${SECONDS} s`);
      loadRows('nginx, 2 instances', throughNginx);
      allWrites.push(...throughNginx.routes.flatMap((route) => route.writes ?? []));
      const memory = cluster.state().instances.map((instance) => `${instance.name} ${mb(rssMegabytes(instance.pid))}`);

      log(`${CONNECTIONS} connections for ${SECONDS} s against one instance …`);
      const oneInstance = await runLoad({ origin: cluster.state().instances[0].url, duration: SECONDS, routes: mixedRoutes({ connections: CONNECTIONS, ...shape }) });
      rows.push(`The same load against one instance (${cluster.state().instances[0].url}), no nginx`);
      loadRows('one instance', oneInstance);
      allWrites.push(...oneInstance.routes.flatMap((route) => route.writes ?? []));

      const saturation = throughNginx.figures.filter((route) => route.name !== 'watchlist writes' && route.name !== 'watchlist reads').reduce((sum, route) => sum + route.ok / throughNginx.seconds, 0);
      const rate = Math.max(1, Math.min(400, Math.floor(saturation / 2)));
      // A steady figure, not the tail of the run before: the one-instance run leaves queues to drain (up to
      // REQUEST_QUEUE_TIMEOUT_MS) and an idle collection to run, and most search answers were never asked for yet.
      const steadyPaths = interleave(['/'], searchPaths(), projectPaths);
      await sleep(5_000);
      for (const instance of cluster.state().instances) await warm(instance.url, steadyPaths, 1);
      log(`open loop at ${rate} req/s (half of ${saturation.toFixed(0)}) for ${STEADY_SECONDS} s …`);
      const steady = await runSteady({ origin, paths: steadyPaths, rate, duration: STEADY_SECONDS, title: 'cluster steady' });
      rows.push(`Open loop through nginx at half the saturation rate of the public routes (${rate} req/s for ${STEADY_SECONDS} s)`);
      rows.push(['open loop', 'p50 / p99', `${ms(steady.p50)} / ${ms(steady.p99)}`, `p99 < ${GOALS.steadyP99Ms} ms`, verdict(steady.p99 < GOALS.steadyP99Ms)]);
      rows.push(['open loop', 'answers not 2xx, errors', `${steady.non2xx}, ${steady.errors}`, '0', verdict(steady.non2xx + steady.errors === 0)]);
      rows.push(['memory', 'RSS per instance after the nginx run', memory.join(', '), '', '']);
      rows.push(['memory', 'RSS per instance after all the load', cluster.state().instances.map((instance) => `${instance.name} ${mb(rssMegabytes(instance.pid))}`).join(', '), '', '']);
    }

    if (PARTS.has('faults')) {
      rows.push(`Faults, each under a light load of the same mix (20 connections through nginx)`);
      allWrites.push(...(await databaseStall(origin, shape)));
      allWrites.push(...(await redisDown(origin, shape)));
      allWrites.push(...(await instanceKilled(origin, shape)));
      allWrites.push(...(await rollingRestart(origin, shape)));
    }

    const { judged, lost } = await lostWrites(sql, allWrites);
    rows.push(['writes', 'writes answered 200 missing from the database', `${lost.length} of ${judged} (list, project) pairs`, '0', verdict(lost.length === 0)]);
    const exits = exitsSince(0);
    rows.push(['instances', 'exits and uncaught errors printed', exits.length ? exits.slice(0, 5).join(' | ') : 'none', 'none outside SIGKILL/restart', '']);
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/** Elements of the lists taken in turn, so an open-loop run mixes them. */
function interleave(...lists) {
  const out = [];
  const longest = Math.max(...lists.map((list) => list.length));
  for (let i = 0; i < longest; i++) for (const list of lists) out.push(list[i % list.length]);
  return out;
}

const lightLoad = (origin, shape, duration) => startLoad({ origin, duration, routes: mixedRoutes({ connections: 20, ...shape }) });

async function databaseStall(origin, shape) {
  const lead = 5;
  const fromLine = cluster.lines().length;
  const pidsBefore = cluster.state().instances.map((instance) => instance.pid);
  log(`PostgreSQL frozen for ${FAULT_SECONDS} s under load …`);
  const load = lightLoad(origin, shape, lead + FAULT_SECONDS + 15);
  await sleep(lead * 1000);
  const stalledAt = Date.now();
  pg.stall();
  const instances = cluster.state().instances;
  const healthDown = await Promise.all(instances.map((instance) => timeUntil(`${instance.url}/api/health`, (status) => status === 503, 10_000)));
  await sleep(Math.max(0, 3_000 - (Date.now() - stalledAt)));
  const cachedPage = await probe(`${origin}${CACHED_PAGE}`);
  const homePage = await probe(`${origin}/`);
  const projectPage = await probe(`${origin}${PROJECT_PATH}`);
  await sleep(Math.max(0, FAULT_SECONDS * 1000 - (Date.now() - stalledAt)));
  pg.resume();
  const resumedAt = Date.now();
  const healthUp = await Promise.all(instances.map((instance) => timeUntil(`${instance.url}/api/health`, (status) => status === 200, 60_000)));
  const { routes } = await load.done;
  const answers = routes.flatMap((route) => route.answers);
  const during = between(answers, stalledAt, resumedAt);
  const failures = during.filter(failed);
  const slowestFailure = Math.max(0, ...failures.filter((answer) => answer.status > 0).map((answer) => answer.ms));
  const afterwards = between(answers, resumedAt + 5_000, Infinity);
  const pidsAfter = cluster.state().instances.map((instance) => instance.pid);
  const exits = exitsSince(fromLine);
  const section = `PostgreSQL frozen ${FAULT_SECONDS} s`;
  rows.push([section, 'health answers 503 (app1, app2)', healthDown.map(ms).join(', '), `within ${GOALS.healthDownMs / 1000} s`, verdict(healthDown.every((value) => value <= GOALS.healthDownMs))]);
  rows.push([section, `cached page ${CACHED_PAGE} during the freeze`, `${cachedPage.status} in ${ms(cachedPage.ms)}`, '200', verdict(cachedPage.status === 200)]);
  rows.push([section, '/ and a project page during the freeze', `${homePage.status} in ${ms(homePage.ms)}, ${projectPage.status} in ${ms(projectPage.ms)}`, '200 or a fast 500 page', '']);
  rows.push([section, 'requests during the freeze: ok / failed / timed out', `${during.length - failures.length} / ${failures.length} / ${failures.filter((answer) => answer.status === 0).length}`, 'failures fast, no timeouts', verdict(failures.every((answer) => answer.status > 0))]);
  rows.push([section, 'failures during the freeze, by route (from SIGSTOP)', failuresByRoute(routes, stalledAt, resumedAt), '', '']);
  rows.push([section, 'slowest failed answer during the freeze', ms(slowestFailure), `≤ ${GOALS.maxWaitMs / 1000} s`, verdict(slowestFailure <= GOALS.maxWaitMs)]);
  rows.push([section, 'health 200 again after SIGCONT (app1, app2)', healthUp.map(ms).join(', '), 'recovers', verdict(healthUp.every(Number.isFinite))]);
  rows.push([section, 'failed requests from 5 s after SIGCONT', count(afterwards.filter(failed).length), '0', verdict(afterwards.filter(failed).length === 0)]);
  rows.push([section, 'instances that exited', exits.length ? exits.join(' | ') : pidsBefore.join() === pidsAfter.join() ? 'none' : 'a pid changed', 'none', verdict(exits.length === 0 && pidsBefore.join() === pidsAfter.join())]);
  return routes.flatMap((route) => route.writes ?? []);
}

async function redisDown(origin, shape) {
  const lead = 5;
  const fromLine = cluster.lines().length;
  log(`Redis down for ${FAULT_SECONDS} s under load …`);
  const load = lightLoad(origin, shape, lead + FAULT_SECONDS + 15);
  await sleep(lead * 1000);
  const downAt = Date.now();
  await redis.down();
  await sleep(FAULT_SECONDS * 1000);
  await redis.up();
  const upAt = Date.now();
  // Reconnected: both instances hold connections again, and a rate-limited request leaves its counter in Redis.
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  let reconnectedMs = NaN;
  while (Date.now() - upAt < 30_000) {
    for (const instance of cluster.state().instances) {
      await fetch(`${instance.url}/api/auth/verify-email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `probe-${Date.now()}@example.com`, verificationCode: '000000' }) }).then((response) => response.arrayBuffer()).catch(() => undefined);
    }
    const clients = (await client.client('LIST')).split('\n').filter((line) => line.includes('addr=') && !line.includes('cmd=client')).length;
    const keys = await client.keys('bench-cluster*');
    if (clients >= 2 && keys.length > 0) {
      reconnectedMs = Date.now() - upAt;
      break;
    }
    await sleep(250);
  }
  client.disconnect();
  const { routes } = await load.done;
  const answers = routes.flatMap((route) => route.answers);
  const before = between(answers, 0, downAt);
  const during = between(answers, downAt, upAt);
  const slowestBefore = Math.max(0, ...before.filter((answer) => answer.status > 0).map((answer) => answer.ms));
  const slowestDuring = Math.max(0, ...during.filter((answer) => answer.status > 0).map((answer) => answer.ms));
  const failures = during.filter(failed);
  const exits = exitsSince(fromLine);
  const section = `Redis down ${FAULT_SECONDS} s`;
  rows.push([section, 'requests during the outage: ok / failed', `${during.length - failures.length} / ${failures.length}`, '0 failed', verdict(failures.length === 0)]);
  if (failures.length) rows.push([section, 'failures during the outage, by route (from its start)', failuresByRoute(routes, downAt, upAt), '', '']);
  rows.push([section, 'slowest answer during the outage (before it)', `${ms(slowestDuring)} (${ms(slowestBefore)})`, `≤ before + ${GOALS.redisWaitMs / 1000} s`, verdict(slowestDuring <= slowestBefore + GOALS.redisWaitMs)]);
  rows.push([section, 'slowest answer during the outage, by route (sent, from its start)', slowestByRoute(routes, downAt, upAt), '', '']);
  rows.push([section, 'reconnected after Redis came back', ms(reconnectedMs), 'by itself', verdict(Number.isFinite(reconnectedMs))]);
  rows.push([section, 'instances that exited', exits.length ? exits.join(' | ') : 'none', 'none', verdict(exits.length === 0)]);
  return routes.flatMap((route) => route.writes ?? []);
}

async function instanceKilled(origin, shape) {
  const lead = 5;
  log('one instance SIGKILLed under load …');
  const load = lightLoad(origin, shape, lead + 20);
  await sleep(lead * 1000);
  const victim = cluster.state().instances[0];
  const killedAt = Date.now();
  process.kill(victim.pid, 'SIGKILL');
  const back = await cluster.waitForRestart(0, victim.pid).then(() => Date.now() - killedAt, () => NaN);
  const { routes } = await load.done;
  const answers = routes.flatMap((route) => route.answers);
  const failures = between(answers, killedAt, Infinity).filter(failed);
  // In flight on the killed instance: at most the connections of the load (nginx keeps no more open to it).
  const late = failures.filter((answer) => answer.at > killedAt + 2_000);
  const section = 'one instance SIGKILLed';
  rows.push([section, 'failed requests after the kill', count(failures.length), '≤ those in flight on it (≤ 20)', verdict(failures.length <= 20)]);
  rows.push([section, 'failed requests from 2 s after the kill', count(late.length), '0', verdict(late.length === 0)]);
  if (failures.length) rows.push([section, 'failures after the kill, by route', failuresByRoute(routes, killedAt, Infinity), '', '']);
  rows.push([section, 'the cluster started it again, healthy after', ms(back), '', '']);
  return routes.flatMap((route) => route.writes ?? []);
}

async function rollingRestart(origin, shape) {
  log('rolling restart under load …');
  const load = lightLoad(origin, shape, 600);
  await sleep(3_000);
  const begun = Date.now();
  const times = [];
  for (let index = 0; index < cluster.state().instances.length; index++) {
    const instance = cluster.state().instances[index];
    const at = Date.now();
    process.kill(instance.pid, 'SIGTERM');
    await cluster.waitForRestart(index, instance.pid);
    times.push(Date.now() - at);
    // nginx's fail_timeout: let it send the restarted instance its share again before the next one goes.
    await sleep(6_000);
  }
  load.stop();
  const { routes } = await load.done;
  const answers = between(
    routes.flatMap((route) => route.answers),
    begun,
    Infinity,
  );
  const failures = answers.filter(failed);
  const section = 'rolling restart';
  rows.push([section, 'requests during the restarts', count(answers.length), '', '']);
  rows.push([section, 'failed requests (5xx, errors)', failures.length ? `${failures.length} (${[...new Set(failures.map((answer) => answer.status))].join(', ')})` : '0', '0', verdict(failures.length === 0)]);
  if (failures.length) rows.push([section, 'failures, by route (from the first SIGTERM)', failuresByRoute(routes, begun, Infinity), '', '']);
  rows.push([section, 'SIGTERM to healthy again, per instance', times.map(ms).join(', '), '', '']);
  return routes.flatMap((route) => route.writes ?? []);
}

async function main() {
  log(`temp folder ${tempDir}`);
  pg = await startPostgres({ port: await freePort(55432), log });
  redis = await startRedis({ port: await freePort(56379), log });
  if (PARTS.has('overload')) {
    await overloadOn('embedded', {});
    const admin = postgres(pg.url('postgres'), { max: 1, onnotice: () => {} });
    await admin`create database sentinel_single`;
    await admin.end();
    // Production on PostgreSQL insists on a set secret and a mail server (server/config.ts); no mail is sent here.
    await overloadOn('PostgreSQL', { DATABASE_URL: pg.url('sentinel_single'), AUTH_SECRET: crypto.randomBytes(32).toString('base64url'), SMTP_URL: 'smtp://127.0.0.1:9' });
  }
  if (PARTS.has('cluster') || PARTS.has('faults')) await clusterParts();
}

try {
  await main();
  console.log(table(rows));
  await cleanup();
  process.exit(0);
} catch (error) {
  console.error('\nThe cluster bench failed:', error);
  if (rows.length) console.log(table(rows));
  if (cluster) console.error(cluster.output().slice(-4000));
  await cleanup();
  process.exit(1);
}

