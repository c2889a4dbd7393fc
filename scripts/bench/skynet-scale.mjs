// Skynet at chain scale for `npm run bench` (issue 44 "Speed and scale"): two anvil chains mining a block every
// 0.5 s, 10,000 ShieldTokens watched on one and 1,000 on the other (a few of them real TransparentUpgradeableProxies),
// 200 transfers a block to the watched contracts on each chain (spread at random over them), and every few seconds
// an ownership change or an upgrade among the last-watched contracts, whose project a bench user watches (10
// contracts a project otherwise). The server's code runs in a process
// of its own (skynet-scale-run.ts: the chain runner of SKYNET_CHAINS and the mail worker, on a fresh PGlite folder,
// or on a database of its own on DATABASE_URL's server when this runs alone); this process runs the chains, the load
// and the clocks (skynet-scale-chain.mjs). It runs twice on the same chains, first with only the 10 last-watched
// contracts per chain (the load then all on them), then with all of them, and prints over a steady window of each:
// - JSON-RPC calls per block per chain, by method (Skynet's own counters), and the 10-versus-all difference;
// - block → in-site notification (the block first seen here, polling every 20 ms, to the notification row
//   readable in the server's process, polling every 25 ms) and how far the follower's indexed block trails the head;
// - the server's CPU per block and its RSS peak, and the time to watch the list (the bulk `watch --file` path) and
//   until every contract is followed at the head.
// Runs on its own too: `npm run bench:skynet-scale` (no build needed). Smaller: BENCH_SCALE_CONTRACTS=500
// BENCH_SCALE_OTHER_CONTRACTS=50 BENCH_SCALE_SECONDS=30; BENCH_SCALE_FOLLOW_TIMEOUT_SECONDS (300) bounds the wait for
// every contract to be followed (history read, first admin-powers reading) before the window, which is measured
// anyway when it runs out (and said so). BENCH_SCALE_JSON=FILE also writes the figures as JSON;
// BENCH_SCALE_CPU_PROF=DIR writes a CPU profile of the server over each measured window, BENCH_SCALE_SQL_STATS=1
// logs the embedded database's time per statement over it;
// `node scripts/bench/skynet-scale.mjs --spread A.json B.json` prints the spread between two such runs.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import postgres from 'postgres';

import { percentile } from './load.mjs';
import { startMailSink } from './mail-sink.mjs';
import { table, verdict } from './report.mjs';
import { alertingEvents, eventOutcomes, prepareChain, startChain, startedNodes, transferLoad, watchHeads } from './skynet-scale-chain.mjs';

export const SCALE_TARGETS = { rpcPerBlock: 5, sameWithin: 0.1, notifyP95Ms: 2_000, maxLagBlocks: 2, rssMb: 600 };
/** The contracts at the end of each chain's list that take the ownership changes and upgrades; watched alone first. */
const LAST_WATCHED = 10;
const CHAIN_IDS = [31337, 31338];
/** The rules of the alerts an ownership change or an upgrade raises in its own block. */
const BLOCK_RULES = new Set(['ownership-transferred', 'proxy-upgraded']);
const TOKEN_ABI_FILE = 'tests/fixtures/contracts/ShieldToken.json';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values) => [...values].sort((a, b) => a - b);
const number = (name, fallback) => {
  const value = Number(process.env[name] ?? '');
  return process.env[name]?.trim() && Number.isFinite(value) && value >= 0 ? value : fallback;
};

/** The run's sizes, from BENCH_SCALE_* where set. */
export function scaleSettings() {
  return {
    contracts: [number('BENCH_SCALE_CONTRACTS', 10_000), number('BENCH_SCALE_OTHER_CONTRACTS', 1_000)],
    proxies: [3, 1],
    seconds: number('BENCH_SCALE_SECONDS', 60),
    smallSeconds: number('BENCH_SCALE_SMALL_SECONDS', 30),
    warmupSeconds: number('BENCH_SCALE_WARMUP_SECONDS', 15),
    perBlock: number('BENCH_SCALE_TX_PER_BLOCK', 200),
    eventSeconds: number('BENCH_SCALE_EVENT_SECONDS', 3),
    blockTime: 0.5,
  };
}

/** The server-side processes this process started, ended on SIGINT/SIGTERM. */
const startedServers = new Set();

/** The server side in a process of its own, with an IPC channel: its messages queued, requests answered by type. */
function startServerSide(root, { planFile, dataDir, databaseUrl, smtpUrl, chains, stage, label }) {
  const child = spawn(process.execPath, ['--expose-gc', '--conditions=react-server', '--import', 'tsx', path.join('scripts', 'bench', 'skynet-scale-run.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: '',
      RPC_URL: '',
      SKYNET_CHAINS: JSON.stringify(chains),
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Sentinel Shield <alerts@bench.example>',
      SITE_URL: 'https://shield.example',
      SECURITY_CONTACT: 'mailto:security@shield.example',
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      DEV_MAILBOX: '',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: '',
      BENCH_SCALE_PLAN: planFile,
      BENCH_SCALE_STAGE: stage,
      BENCH_SCALE_LABEL: label,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-6000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  startedServers.add(child);
  const messages = [];
  const waiters = new Set();
  let exit = null;
  const wake = () => waiters.forEach((waiter) => waiter());
  child.on('message', (message) => {
    messages.push(message);
    wake();
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      startedServers.delete(child);
      wake();
      resolve(exit);
    }),
  );
  /** The next message matching `match`; throws when the child failed or exited first, or after `timeoutMs`. */
  const waitFor = (match, timeoutMs, what) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`the server side sent no ${what} within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
      const check = () => {
        const failed = messages.find((message) => message.type === 'failed');
        if (failed) return finish(new Error(`the server side failed: ${failed.error}`));
        const index = messages.findIndex(match);
        if (index !== -1) return finish(null, messages.splice(index, 1)[0]);
        if (exit) finish(new Error(`the server side exited (${exit.code ?? exit.signal}) before its ${what}:\n${output}`));
      };
      function finish(error, value) {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve(value);
      }
      waiters.add(check);
      check();
    });
  let markId = 0;
  return {
    pid: child.pid,
    send: (message) => child.send(message),
    /** The next message of one of `types` (a type, or a list of them). */
    waitFor: (types, timeoutMs = 600_000) => {
      const wanted = [types].flat();
      return waitFor((message) => wanted.includes(message.type), timeoutMs, wanted.map((type) => `'${type}'`).join(' or '));
    },
    /** The server's counters now; `profile` starts or stops its CPU profile (BENCH_SCALE_CPU_PROF) just after. */
    mark: async (profile) => {
      const id = ++markId;
      child.send({ type: 'mark', id, profile });
      return waitFor((message) => message.type === 'mark' && message.id === id, 30_000, `mark ${id}`);
    },
    exited,
    kill: () => child.exitCode === null && child.kill('SIGKILL'),
  };
}

/** A database of its own on DATABASE_URL's server (created now, dropped by `drop`), or null for the embedded one. */
async function ownDatabase(adminUrl) {
  if (!adminUrl) return null;
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  const name = `sentinel_scale_${crypto.randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    shown: `${url.host}/${name}`,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end({ timeout: 2 });
    },
  };
}

/** The largest block seen at or before each time: the head a sample is compared with. */
function headAt(seenAt) {
  const entries = [...seenAt].sort((a, b) => a[0] - b[0]);
  return (time) => {
    let low = 0;
    let high = entries.length - 1;
    let found = null;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (entries[middle][1] <= time) {
        found = entries[middle][0];
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
}

/** CPU seconds (user + system) a process used so far, from /proc (NaN where there is none). */
function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process in MB, from /proc (0 where there is none). */
function rssMbOf(pid) {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const sumWhere = (rpc, chain, method) => rpc.filter((entry) => entry.chain === chain && (method === undefined || entry.method === method)).reduce((sum, entry) => sum + entry.value, 0);

/**
 * One run of the server side on the same chains: `rows` per chain (watch-list order), watched at the head with the
 * load paused, then the load on, a warm-up, and the measured window.
 */
async function runPhase(root, context, { label, rowsByChain, seconds, warmupSeconds, databaseUrl, log }) {
  const { chains, heads, loads, events, sink, settings } = context;
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), `sentinel-scale-${label}-`));
  const database = await ownDatabase(databaseUrl);
  const planFile = path.join(tempDir, 'plan.json');
  const projects = [...new Set(rowsByChain.flat().map((row) => row.projectId))];
  fs.writeFileSync(planFile, JSON.stringify({ abiFile: TOKEN_ABI_FILE, watchedProject: 'scale-watched', projects, chains: chains.map((chain, index) => ({ id: chain.chainId, rows: rowsByChain[index] })) }));
  const registry = chains.map((chain, index) => ({ id: chain.chainId, name: `scale-${'ab'[index]}`, rpc: [chain.url], blockTimeSeconds: settings.blockTime, confirmations: 64 }));
  const sideOptions = { planFile, dataDir: path.join(tempDir, 'data'), databaseUrl: database?.url, smtpUrl: sink.url, chains: registry };
  let server = startServerSide(root, { ...sideOptions, stage: 'prepare', label });
  try {
    const seeded = await server.waitFor('seeded', 180_000);
    await server.exited;
    server = startServerSide(root, { ...sideOptions, stage: 'run', label });
    const prepared = await server.waitFor('prepared', 180_000);
    const counts = rowsByChain.map((rows) => rows.length);
    log(`${label}: database seeded in ${(seeded.ms / 1000).toFixed(1)} s, opened again (${prepared.database}${database ? ` ${database.shown}` : ''}) in ${(prepared.ms / 1000).toFixed(1)} s, RSS ${(prepared.rss / 2 ** 20).toFixed(0)} MB; watching ${counts.join(' + ')} contracts from the heads (load paused) …`);
    server.send({ type: 'watch', fromBlocks: Object.fromEntries(chains.map((chain, index) => [chain.chainId, heads[index].head()])) });
    const watched = await server.waitFor('watched', 1_800_000);
    for (const entry of watched.chains) log(`${label}: chain ${entry.chainId}: ${entry.contracts} contracts watched in ${(entry.ms / 1000).toFixed(1)} s (${entry.path}${entry.probed !== undefined ? `, ${entry.probed} probed` : ''})`);
    let followed = null;
    while (!followed) {
      const message = await server.waitFor(['followed', 'progress'], 1_800_000);
      if (message.type === 'progress') log(`${label}: after ${message.seconds.toFixed(0)} s, ${message.history} contracts still have history to read, ${message.unread} their first admin-powers reading …`);
      else followed = message;
    }
    const notDone = followed.history + followed.unread;
    log(`${label}: history read ${followed.historyMs === null ? 'NOT done' : `${(followed.historyMs / 1000).toFixed(1)} s`} and first readings ${notDone ? 'NOT done' : 'done'} ${(followed.ms / 1000).toFixed(1)} s after the runner started${notDone ? ` (${followed.history} still reading history, ${followed.unread} unread; measuring anyway)` : ''}; load on, ${warmupSeconds} s warm-up, then ${seconds} s measured …`);

    // 200 transfers a block to the watched contracts, whichever they are: the two runs differ only in how many.
    loads.forEach((load, index) => {
      load.setTargets(rowsByChain[index].map((row) => row.address));
      load.resume();
    });
    events.on = true;
    await sleep(warmupSeconds * 1000);
    const before = await server.mark('start');
    const loadBefore = os.loadavg()[0];
    const nodesBefore = chains.map((chain) => cpuSecondsOf(chain.pid));
    const benchBefore = process.cpuUsage();
    const headsBefore = heads.map((head) => head.head());
    await sleep(seconds * 1000);
    const after = await server.mark('stop');
    for (const chain of chains) if (chain.exited()) throw new Error(chain.exited());
    const loadAfter = os.loadavg()[0];
    const nodesAfter = chains.map((chain) => cpuSecondsOf(chain.pid));
    const benchCpu = process.cpuUsage(benchBefore);
    const headsAfter = heads.map((head) => head.head());
    const windowEvents = events.sent.filter((event) => event.sentAt >= before.at && event.sentAt <= after.at);
    // What the nodes still hold unmined (a load the node could not take shows here).
    const pools = await Promise.all(chains.map((chain) => chain.call('txpool_status').catch(() => null)));
    if (process.env.BENCH_SCALE_DEBUG) {
      for (const [index, chain] of chains.entries()) {
        const content = await chain.call('txpool_content').catch(() => null);
        const first = (group) => Object.entries(content?.[group] ?? {}).slice(0, 3).map(([sender, byNonce]) => `${sender}: ${Object.keys(byNonce).slice(0, 6).join(',')}`);
        log(`${label}: chain ${chain.chainId} pool ${JSON.stringify(pools[index])}, load ${JSON.stringify(loads[index].counts)}; pending ${first('pending').join(' | ')}; queued ${first('queued').join(' | ')}`);
      }
    }
    events.on = false;
    loads.forEach((load) => load.pause());
    // The last events' alerts: the follower is let reach the window's last block (and the next, for its events).
    server.send({ type: 'stop', heads: Object.fromEntries(chains.map((chain, index) => [chain.chainId, headsAfter[index] + 1])) });
    const done = await server.waitFor('done', 300_000);
    await server.exited;

    if (done.statements) {
      const busy = done.statements.reduce((sum, entry) => sum + entry.ms, 0);
      log(`${label}: PGlite statements over the window (top 15 of those listed, ${(busy / 1000).toFixed(1)} s in all):`);
      for (const entry of done.statements.slice(0, 15)) log(`  ${(entry.ms / 1000).toFixed(2).padStart(7)} s ${String(entry.count).padStart(6)}×  ${entry.statement.slice(0, 200)}`);
    }
    const cpuSeconds = (after.cpuMicros - before.cpuMicros) / 1e6;
    const wallSeconds = (after.at - before.at) / 1000;
    const perChain = await Promise.all(
      chains.map(async (chain, index) => {
        const key = String(chain.chainId);
        const blocks = (after.blocks[key] ?? 0) - (before.blocks[key] ?? 0);
        const methods = [...new Set(after.rpc.filter((entry) => entry.chain === key).map((entry) => entry.method))].sort();
        const byMethod = Object.fromEntries(methods.map((method) => [method, sumWhere(after.rpc, key, method) - sumWhere(before.rpc, key, method)]).filter(([, calls]) => calls > 0));
        const calls = sumWhere(after.rpc, key) - sumWhere(before.rpc, key);
        const mined = Array.from({ length: headsAfter[index] - headsBefore[index] }, (_, offset) => headsBefore[index] + 1 + offset);
        const txCounts = (await chain.batch(mined.map((block) => ['eth_getBlockTransactionCountByNumber', [`0x${block.toString(16)}`]]))).map((answer) => Number(answer?.result ?? 0));
        const head = headAt(heads[index].seenAt);
        // Block → stored: from this process first seeing a block to the head step that stored it returning.
        const stored = [];
        for (const [at, chainId, fromBlock, toBlock] of done.steps) {
          if (chainId !== chain.chainId) continue;
          for (let block = fromBlock; block <= toBlock; block++) {
            const seen = heads[index].seenAt.get(block);
            if (seen !== undefined && seen >= before.at && seen <= after.at) stored.push(at - seen);
          }
        }
        const steps = done.steps.filter(([at, chainId]) => chainId === chain.chainId && at >= before.at && at <= after.at);
        const lags = done.indexed
          .filter(([at]) => at >= before.at && at <= after.at)
          .map(([at, indexed]) => (indexed[key] === undefined || head(at) === null ? null : Math.max(0, head(at) - indexed[key])))
          .filter((lag) => lag !== null);
        return {
          chainId: chain.chainId,
          watched: rowsByChain[index].length,
          blocks,
          headBlocks: mined.length,
          calls,
          byMethod,
          rpcPerBlock: blocks ? calls / blocks : NaN,
          txPerBlock: { mean: txCounts.length ? txCounts.reduce((a, b) => a + b, 0) / txCounts.length : NaN, min: Math.min(...txCounts), max: Math.max(...txCounts) },
          lag: { max: Math.max(...lags), p99: percentile(sorted(lags), 99), behindShare: lags.filter((lag) => lag >= 1).length / lags.length, samples: lags.length },
          stored: { p50: percentile(sorted(stored), 50), p95: percentile(sorted(stored), 95), max: Math.max(...stored), blocksPerStep: steps.length ? steps.reduce((sum, [, , from, to]) => sum + to - from + 1, 0) / steps.length : NaN },
        };
      }),
    );

    // Block → notification, for the events sent in the window: each one's alert of its own block.
    const outcomes = (await Promise.all(chains.map((chain) => eventOutcomes(chain, windowEvents.filter((event) => event.chainId === chain.chainId))))).flat();
    const alertsByTx = new Map();
    for (const alert of done.alerts) if (alert.txHash) alertsByTx.set(alert.txHash.toLowerCase(), [...(alertsByTx.get(alert.txHash.toLowerCase()) ?? []), alert]);
    const delays = [];
    const powersDelays = [];
    let missed = 0;
    for (const event of outcomes) {
      if (!event.succeeded) continue;
      const seen = heads[chains.findIndex((chain) => chain.chainId === event.chainId)].seenAt.get(event.blockNumber);
      const alerts = alertsByTx.get(event.hash.toLowerCase()) ?? [];
      const own = alerts.find((alert) => BLOCK_RULES.has(alert.rule));
      if (!own || seen === undefined) missed++;
      else delays.push(own.notifiedAt - seen);
      for (const alert of alerts.filter((entry) => !BLOCK_RULES.has(entry.rule))) if (seen !== undefined) powersDelays.push(alert.notifiedAt - seen);
    }
    const rss = done.rss.map(([, value]) => value);
    const windowRss = done.rss.filter(([at]) => at >= before.at && at <= after.at).map(([, value]) => value);
    const peakIndex = rss.indexOf(Math.max(...rss));
    return {
      label,
      database: database ? `PostgreSQL (${database.shown})` : 'PGlite (embedded, fresh folder)',
      prepareMs: prepared.ms,
      statements: done.statements,
      watched: watched.chains,
      followedMs: followed.ms,
      historyMs: followed.historyMs,
      notFollowed: { history: followed.history, unread: followed.unread },
      wallSeconds,
      chains: perChain,
      cpu: { seconds: cpuSeconds, share: cpuSeconds / wallSeconds, msPerBlock: (cpuSeconds * 1000) / perChain.reduce((sum, chain) => sum + chain.blocks, 0) },
      machineLoad: [loadBefore, loadAfter],
      pools,
      // What else ran on the machine meanwhile: the anvil nodes and this process (load, clocks), shares of a core.
      others: { nodes: chains.map((_, index) => (nodesAfter[index] - nodesBefore[index]) / wallSeconds), bench: (benchCpu.user + benchCpu.system) / 1e6 / wallSeconds },
      rss: {
        peakMb: Math.max(...rss) / 2 ** 20,
        windowPeakMb: Math.max(...windowRss) / 2 ** 20,
        heapAtPeakMb: done.rss[peakIndex][2] / 2 ** 20,
        externalAtPeakMb: done.rss[peakIndex][3] / 2 ** 20,
        openedMb: prepared.rss / 2 ** 20,
        afterWatchMb: watched.rssAfter / 2 ** 20,
      },
      events: {
        sent: windowEvents.length,
        ownership: outcomes.filter((event) => event.kind === 'ownership' && event.succeeded).length,
        upgrades: outcomes.filter((event) => event.kind === 'upgrade' && event.succeeded).length,
        failed: outcomes.filter((event) => !event.succeeded).length,
        notified: delays.length,
        missed,
        notification: { p50: percentile(sorted(delays), 50), p95: percentile(sorted(delays), 95), max: Math.max(...delays) },
        powers: { count: powersDelays.length, p50: percentile(sorted(powersDelays), 50), p95: percentile(sorted(powersDelays), 95) },
      },
    };
  } catch (error) {
    // A node that died (out of memory) makes every later call fail: say that, not the first failed call.
    const died = chains.map((chain) => chain.exited()).find(Boolean);
    throw died ? new Error(died, { cause: error }) : error;
  } finally {
    server.kill();
    await database?.drop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

/** Runs both phases on two fresh anvil chains; answers the figures. `databaseUrl`: a PostgreSQL server to use instead of PGlite. */
export async function runSkynetScaleBench(root, { settings = scaleSettings(), databaseUrl = null, log = () => {} } = {}) {
  const tokenArtifact = JSON.parse(fs.readFileSync(path.join(root, TOKEN_ABI_FILE), 'utf8'));
  const proxyArtifact = JSON.parse(fs.readFileSync(path.join(root, 'tests/fixtures/contracts/ShieldTransparentProxy.json'), 'utf8'));
  let mails = 0;
  const sink = await startMailSink(() => (mails += 1));
  const chains = [];
  const heads = [];
  let eventTimer = null;
  let nodeMemory = null;
  const nodePeaks = [];
  try {
    for (const chainId of CHAIN_IDS) chains.push(await startChain(root, { chainId, blockTime: settings.blockTime }));
    nodeMemory = setInterval(() => chains.forEach((chain, index) => (nodePeaks[index] = Math.max(nodePeaks[index] ?? 0, rssMbOf(chain.pid)))), 5_000);
    const started = performance.now();
    const prepared = [];
    for (const [index, chain] of chains.entries()) {
      prepared.push(
        await prepareChain(chain, { tag: index + 1, contracts: settings.contracts[index], proxies: settings.proxies[index], last: LAST_WATCHED, tokenArtifact, proxyArtifact }),
      );
    }
    log(`chains ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${chains.map((chain, index) => `chain ${chain.chainId} with ${settings.contracts[index]} contracts (${settings.proxies[index]} proxies)`).join(', ')}`);

    const loads = chains.map((chain, index) => transferLoad(chain, { targets: prepared[index].list.map((entry) => entry.address), senders: prepared[index].senders, perBlock: settings.perBlock }));
    for (const [index, chain] of chains.entries()) heads.push(watchHeads(chain, { onBlock: () => loads[index].onBlock() }));
    const eventSources = chains.map((chain, index) => alertingEvents(chain, { targets: prepared[index].list.slice(-LAST_WATCHED), logics: prepared[index].logics }));
    const events = { on: false, sent: [] };
    // Each chain's turn every eventSeconds, the chains half a period apart, at a random point of the block interval.
    let tick = 0;
    const period = (settings.eventSeconds * 1000) / chains.length;
    eventTimer = setInterval(() => {
      const source = eventSources[tick++ % chains.length];
      if (!events.on) return;
      setTimeout(() => {
        if (!events.on) return;
        const before = source.sent.length;
        source
          .next()
          .then(() => events.sent.push(...source.sent.slice(before)))
          .catch((error) => log(`an event could not be sent: ${error instanceof Error ? error.message : String(error)}`));
      }, Math.random() * settings.blockTime * 1000);
    }, period);

    const rowsOf = (index, all) => {
      const list = prepared[index].list;
      return list
        .map((entry, position) => ({ projectId: position >= list.length - LAST_WATCHED ? 'scale-watched' : `scale-${'ab'[index]}-${Math.floor(position / 10)}`, address: entry.address }))
        .slice(all ? 0 : -LAST_WATCHED);
    };
    const context = { chains, heads, loads, events, sink, settings };
    const small = await runPhase(root, context, { label: 'small', rowsByChain: chains.map((_, index) => rowsOf(index, false)), seconds: settings.smallSeconds, warmupSeconds: settings.warmupSeconds, databaseUrl, log });
    const full = await runPhase(root, context, { label: 'full', rowsByChain: chains.map((_, index) => rowsOf(index, true)), seconds: settings.seconds, warmupSeconds: settings.warmupSeconds, databaseUrl, log });
    const load = loads.map((entry) => ({ ...entry.counts }));
    return { settings, small, full, load, mails, nodePeakMb: nodePeaks, machine: { cpus: os.cpus().length, loadAverage: os.loadavg()[0] } };
  } finally {
    if (eventTimer) clearInterval(eventTimer);
    if (nodeMemory) clearInterval(nodeMemory);
    await Promise.all(heads.map((head) => head.stop()));
    await Promise.all(chains.map((chain) => chain.stop()));
    await sink.close();
  }
}

const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
/** What the head follower itself sends per block; the rest is the powers lane and the slow safety re-read. */
const HEAD_METHODS = ['eth_blockNumber', 'eth_getBlockByNumber', 'eth_getBlockReceipts'];
const byMethod = (chain) => {
  const perBlock = (methods) => methods.reduce((sum, method) => sum + (chain.byMethod[method] ?? 0), 0) / chain.blocks;
  const others = Object.keys(chain.byMethod).filter((method) => !HEAD_METHODS.includes(method));
  const list = (methods) =>
    methods
      .filter((method) => chain.byMethod[method])
      .sort((a, b) => chain.byMethod[b] - chain.byMethod[a])
      .map((method) => `${method.replace(/^eth_/, '')} ${fixed(chain.byMethod[method] / chain.blocks)}`)
      .join(', ');
  return `head ${fixed(perBlock(HEAD_METHODS))}: ${list(HEAD_METHODS)}; other lanes ${fixed(perBlock(others))}: ${list(others) || 'none'}`;
};

/** First admin-powers readings taken per second of the wait (history lane and readings lane share it). */
const readingsRate = (phase) => (phase.chains.reduce((sum, chain) => sum + chain.watched, 0) - phase.notFollowed.unread) / (phase.followedMs / 1000);

/** The report rows of a run (report.mjs table format). */
export function skynetScaleRows(figures) {
  const { full, small, settings } = figures;
  const section = 'skynet at scale';
  const chainName = (chain) => `chain ${chain.chainId} (${chain.watched.toLocaleString('en-US')} watched)`;
  const rows = [
    [section, 'setup', `2 anvils, a block every ${settings.blockTime} s; ${full.chains.map((chain, index) => `chain ${chain.chainId}: ${chain.watched.toLocaleString('en-US')} ShieldTokens (${settings.proxies[index]} proxies)`).join('; ')}; ${full.database}`, '', ''],
  ];
  for (const chain of full.chains) {
    rows.push([section, `load mined, ${chainName(chain)}`, `${fixed(chain.txPerBlock.mean, 0)} tx/block (min ${chain.txPerBlock.min}, max ${chain.txPerBlock.max}) over ${chain.headBlocks} blocks`, `${settings.perBlock} tx/block`, verdict(chain.txPerBlock.mean >= settings.perBlock * 0.9)]);
  }
  for (const entry of full.watched) {
    rows.push([section, `time to watch ${entry.contracts.toLocaleString('en-US')} contracts, chain ${entry.chainId}`, `${seconds(entry.ms)} (${entry.path}${entry.probed !== undefined ? `, ${entry.probed} probed` : ''})`, '', '']);
  }
  const notDone = full.notFollowed.history + full.notFollowed.unread;
  rows.push([
    section,
    'then until every contract is followed at the head',
    `history read ${full.historyMs === null ? 'NOT done' : seconds(full.historyMs)}, first admin-powers readings ${notDone ? `NOT done (${full.notFollowed.history} in history, ${full.notFollowed.unread} unread; measured anyway)` : 'done'} ${seconds(full.followedMs)} after the runner started (${fixed(readingsRate(full), 1)} first readings/s over the wait)`,
    '',
    notDone ? 'FAIL' : '',
  ]);
  for (const [index, chain] of full.chains.entries()) {
    const few = small.chains[index];
    rows.push([section, `RPC calls per block, ${chainName(chain)}`, `${fixed(chain.rpcPerBlock)} (${byMethod(chain)})`, `<= ${SCALE_TARGETS.rpcPerBlock}`, verdict(chain.rpcPerBlock <= SCALE_TARGETS.rpcPerBlock)]);
    rows.push([section, `RPC calls per block, ${chainName(few)}`, `${fixed(few.rpcPerBlock)} (${byMethod(few)})`, `<= ${SCALE_TARGETS.rpcPerBlock}`, verdict(few.rpcPerBlock <= SCALE_TARGETS.rpcPerBlock)]);
    const change = chain.rpcPerBlock / few.rpcPerBlock - 1;
    rows.push([section, `RPC calls per block, ${few.watched} → ${chain.watched.toLocaleString('en-US')} watched, chain ${chain.chainId}`, `${change >= 0 ? '+' : ''}${fixed(change * 100, 1)}%`, `± ${SCALE_TARGETS.sameWithin * 100}%`, verdict(Math.abs(change) <= SCALE_TARGETS.sameWithin)]);
  }
  const notify = full.events.notification;
  const enough = full.events.notified >= 20 && full.events.missed === 0;
  rows.push(
    [section, 'events in the window', `${full.events.ownership} ownership changes + ${full.events.upgrades} upgrades${full.events.failed ? ` (${full.events.failed} reverted)` : ''} among the last ${LAST_WATCHED} watched per chain`, '>= 20', verdict(full.events.ownership + full.events.upgrades >= 20)],
    [section, 'block → in-site notification', `p50 ${seconds(notify.p50)}, p95 ${seconds(notify.p95)}, max ${seconds(notify.max)} (${full.events.notified} of ${full.events.notified + full.events.missed})`, `p95 <= ${seconds(SCALE_TARGETS.notifyP95Ms)}`, verdict(enough && notify.p95 <= SCALE_TARGETS.notifyP95Ms)],
    [section, 'with 10 watched per chain', `p50 ${seconds(small.events.notification.p50)}, p95 ${seconds(small.events.notification.p95)}, max ${seconds(small.events.notification.max)} (${small.events.notified} of ${small.events.notified + small.events.missed})`, '(reference)', ''],
    [section, 'admin-powers alerts after the same events', full.events.powers.count ? `${full.events.powers.count}, p50 ${seconds(full.events.powers.p50)}, p95 ${seconds(full.events.powers.p95)} from the block` : 'none', '(powers lane)', ''],
  );
  for (const chain of full.chains) {
    rows.push([section, `follower behind the head, ${chainName(chain)}`, `max ${chain.lag.max} blocks, p99 ${chain.lag.p99}; ≥ 1 behind in ${fixed(chain.lag.behindShare * 100, 0)}% of ${chain.lag.samples} samples (every 100 ms)`, `max <= ${SCALE_TARGETS.maxLagBlocks}`, verdict(chain.lag.max <= SCALE_TARGETS.maxLagBlocks)]);
    rows.push([section, `block → stored by the head step, ${chainName(chain)}`, `p50 ${seconds(chain.stored.p50)}, p95 ${seconds(chain.stored.p95)}, max ${seconds(chain.stored.max)}; ${fixed(chain.stored.blocksPerStep)} blocks per step`, '(diagnostic)', '']);
  }
  rows.push(
    [section, 'server CPU per block', `${fixed(full.cpu.msPerBlock, 1)} ms per block (both chains' blocks), ${fixed(full.cpu.share * 100, 0)}% of a core; with 10 watched: ${fixed(small.cpu.msPerBlock, 1)} ms, ${fixed(small.cpu.share * 100, 0)}%${full.database.startsWith('PostgreSQL') ? " (PostgreSQL's own CPU not included)" : ''}`, '(indicative)', ''],
    [section, 'server RSS peak', `${fixed(full.rss.peakMb, 0)} MB (then heap ${fixed(full.rss.heapAtPeakMb, 0)} MB, external ${fixed(full.rss.externalAtPeakMb, 0)} MB; ${fixed(full.rss.windowPeakMb, 0)} MB in the window; ${fixed(full.rss.openedMb, 0)} MB on opening the database, ${fixed(full.rss.afterWatchMb, 0)} MB after the watch); with 10 watched: ${fixed(small.rss.peakMb, 0)} MB`, `<= ${SCALE_TARGETS.rssMb} MB`, verdict(full.rss.peakMb <= SCALE_TARGETS.rssMb)],
    [section, "Skynet calls' p99", 'measured by `npm run bench` step 3d (rows "skynet @200/s"), not here', '', ''],
    `(machine load average ${fixed(full.machineLoad[0])} → ${fixed(full.machineLoad[1])} over the window, ${fixed(small.machineLoad[0])} → ${fixed(small.machineLoad[1])} with 10 watched; beside the server, the anvils used ${full.others.nodes.map((share) => `${fixed(share * 100, 0)}%`).join(' and ')} of a core and the bench ${fixed(full.others.bench * 100, 0)}%; one window of ${fixed(full.wallSeconds, 0)} s with all contracts watched after a ${settings.warmupSeconds} s warm-up, and one of ${fixed(small.wallSeconds, 0)} s with the last ${LAST_WATCHED} per chain only, same chains and load; RPC calls are Skynet's counters, all lanes of the chain; CPU and RSS are the server process's, its 25 ms notification poll included)`,
  );
  return rows;
}

/** The spread between two runs' JSON figures, figure by figure. */
function spreadRows(a, b) {
  const pick = (figures) => ({
    'time to watch, big chain (s)': figures.full.watched[0].ms / 1000,
    'until followed or the cap (s)': figures.full.followedMs / 1000,
    'history read (s, NaN: not by the cap)': figures.full.historyMs === null ? NaN : figures.full.historyMs / 1000,
    'contracts left in history at the cap': figures.full.notFollowed.history,
    'first readings left at the cap': figures.full.notFollowed.unread,
    ...Object.fromEntries(figures.full.chains.flatMap((chain, index) => [
      [`RPC/block chain ${chain.chainId}, all watched`, chain.rpcPerBlock],
      [`RPC/block chain ${chain.chainId}, 10 watched`, figures.small.chains[index].rpcPerBlock],
      [`lag max chain ${chain.chainId}`, chain.lag.max],
    ])),
    'notification p50 (s)': figures.full.events.notification.p50 / 1000,
    'notification p95 (s)': figures.full.events.notification.p95 / 1000,
    'notification max (s)': figures.full.events.notification.max / 1000,
    'notification p95, 10 watched (s)': figures.small.events.notification.p95 / 1000,
    'CPU ms per block, 10 watched': figures.small.cpu.msPerBlock,
    'CPU ms per block': figures.full.cpu.msPerBlock,
    'CPU share of a core': figures.full.cpu.share,
    'RSS peak (MB)': figures.full.rss.peakMb,
  });
  const [first, second] = [pick(a), pick(b)];
  return Object.keys(first).map((name) => {
    const spread = Math.abs(first[name] - second[name]) / Math.max(Math.abs(first[name]), Math.abs(second[name]), Number.EPSILON);
    return ['spread', name, `${fixed(first[name])} vs ${fixed(second[name])}`, `${fixed(spread * 100, 1)}%`, ''];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--spread') {
    const [a, b] = process.argv.slice(3, 5).map((file) => JSON.parse(fs.readFileSync(file, 'utf8')));
    console.log(table(spreadRows(a, b)).replace('target', 'spread'));
    process.exit(0);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  // Interrupted: the nodes and the server side go too (they would outlive this process).
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const child of [...startedServers, ...startedNodes]) child.kill('SIGKILL');
      process.exit(130);
    });
  }
  const started = performance.now();
  const log = (message) => console.error(`[skynet-scale ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
  try {
    const figures = await runSkynetScaleBench(root, { databaseUrl: process.env.DATABASE_URL?.trim() || null, log });
    if (process.env.BENCH_SCALE_JSON) fs.writeFileSync(process.env.BENCH_SCALE_JSON, JSON.stringify(figures, null, 2));
    console.log(table(skynetScaleRows(figures)));
    console.log(`\nMachine: ${figures.machine.cpus} CPUs, load average ${figures.machine.loadAverage.toFixed(2)} at the end; the chains, the load and the server share it; anvil peaks ${figures.nodePeakMb.map((mb) => `${mb.toFixed(0)} MB`).join(' and ')}. Total ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    process.exit(0);
  } catch (error) {
    console.error(`The Skynet scale bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}
