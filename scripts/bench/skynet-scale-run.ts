// Bench helper (run by scripts/bench/skynet-scale.mjs under tsx with the react-server condition, with an IPC
// channel): the server side of the Skynet scale bench, on a fresh database (DATA_DIR's PGlite, or DATABASE_URL).
// BENCH_SCALE_STAGE=prepare: the first start (migrate, seed), the watch list's projects and one confirmed user
// watching the project of the last-watched contracts; then it exits. Else, on that database: on the parent's word
// it watches the list (the bulk `watch --file` path, per chain, timed), starts what the server runs (the chain
// runner of SKYNET_CHAINS and the mail worker) and tells when every contract is followed at the head. Meanwhile it
// notes when each of the user's notifications is first readable (every 25 ms), the follower's indexed block per
// chain (every 100 ms), when each head step stored its blocks, and its own memory (every second); `mark` answers
// its counters (JSON-RPC calls by chain and method, blocks read, CPU time) so the parent can take window deltas.
// Messages in: {type:'watch', fromBlocks}, {type:'mark', id, profile?}, {type:'stop', heads}. Out: 'seeded' (the
// prepare stage), 'prepared', 'watched', 'progress', 'followed', 'mark', 'done', 'failed'.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type ChainPlan = { id: number; rows: { projectId: string; address: string }[] };
type Plan = { abiFile: string; watchedProject: string; projects: string[]; chains: ChainPlan[] };
type Incoming = { type: 'watch'; fromBlocks: Record<string, number> } | { type: 'mark'; id: number; profile?: 'start' | 'stop' } | { type: 'stop'; heads: Record<string, number> };

const plan = JSON.parse(fs.readFileSync(process.env.BENCH_SCALE_PLAN!, 'utf8')) as Plan;
/** Sends a message to the parent; resolves once it is handed to the channel (before an exit, it must be). */
const say = (message: Record<string, unknown>) => new Promise<void>((resolve) => process.send!(message, undefined, {}, () => resolve()));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inbox: Incoming[] = [];
const waiters: (() => void)[] = [];
let answerMark: (mark: Extract<Incoming, { type: 'mark' }>) => Promise<void> = async () => {};
process.on('message', (message: Incoming) => {
  // A mark is answered at once, whatever the script is waiting for.
  if (message.type === 'mark') return void answerMark(message);
  inbox.push(message);
  waiters.splice(0).forEach((wake) => wake());
});
/** The next message of the given type. */
async function next<T extends Exclude<Incoming['type'], 'mark'>>(type: T): Promise<Extract<Incoming, { type: T }>> {
  for (;;) {
    const index = inbox.findIndex((message) => message.type === type);
    if (index !== -1) return inbox.splice(index, 1)[0] as Extract<Incoming, { type: T }>;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}
// The parent went away: nothing left to report to.
const onDisconnect = () => process.exit(1);
process.on('disconnect', onDisconnect);

const { and, eq, inArray, sql } = await import('drizzle-orm');
const { closeDatabase, getDatabaseHandle, getDb } = await import('@/server/db/client');
const { prepareDatabase } = await import('@/server/db/prepare');
const { adminPowers, notifications, projects, securityAlerts, skynetContracts, skynetKnownContracts, users, watchlistProjects, watchlists } = await import('@/server/db/schema');
const { startMailWorker, stopMailWorker } = await import('@/server/mail/worker');
const { startSkynetRunner } = await import('@/server/skynet/scheduler');
const { skynetMetrics } = await import('@/server/skynet/metrics');

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-scale-lists-'));

/**
 * Watches one chain's rows the way an operator watches many: `watchContractList` (server/skynet/watch-list.ts, the
 * `watch --file` command) on a CSV list, else the older bulk path, a project's known contracts, one watchContracts
 * call per project. Answers which path it took.
 */
async function watchChain(chain: ChainPlan, fromBlock: number): Promise<{ path: string; probed?: number }> {
  const db = await getDb();
  const bulk = (await import('@/server/skynet/watch-list').catch(() => null)) as { watchContractList?: (db: unknown, file: string, chain?: number) => Promise<{ probed?: number }> } | null;
  if (typeof bulk?.watchContractList === 'function') {
    const file = path.join(workDir, `watch-${chain.id}.csv`);
    const lines = ['projectId,address,chain,abi,fromBlock', ...chain.rows.map((row) => `${row.projectId},${row.address},${chain.id},${plan.abiFile},${fromBlock}`)];
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const report = await bulk.watchContractList(db, file, chain.id);
    return { path: 'watchContractList (watch --file)', probed: report?.probed };
  }
  const { watchContracts } = await import('@/server/skynet/watch');
  const byProject = new Map<string, string[]>();
  for (const row of chain.rows) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row.address]);
  for (const [projectId, addresses] of byProject) {
    await db.insert(skynetKnownContracts).values(addresses.map((address) => ({ projectId, chainId: chain.id, address, symbol: 'SHLD', source: 'bench' }))).onConflictDoNothing();
    await watchContracts(db, { projectId, chainId: chain.id, abiFile: plan.abiFile, fromBlock });
  }
  return { path: "watchContracts per project (its known contracts; no watch-list.ts)" };
}

const sampled = { indexed: [] as [number, Record<string, number>][], rss: [] as [number, number, number, number][], steps: [] as [number, number, number, number][] };

/** The prepare stage's way out of the try block. */
class Done extends Error {}
const notifiedAt = new Map<string, number>();
let sampling = true;

type ProtocolClient = { execProtocolStream: (message: Uint8Array, options?: unknown) => Promise<unknown> };

/**
 * BENCH_SCALE_SQL_STATS=1 on the embedded database: the time PGlite spends on each statement (from its Parse or
 * Query message to the next one: execution and reading the answer off the wire, not waiting for its turn), summed
 * by statement text between the window's marks. A diagnostic: it says which query holds the one connection.
 */
function sqlStats(client: ProtocolClient) {
  const original = client.execProtocolStream.bind(client);
  const decoder = new TextDecoder();
  const cString = (bytes: Uint8Array, from: number) => decoder.decode(bytes.subarray(from, bytes.indexOf(0, from)));
  const stats = new Map<string, { count: number; ms: number }>();
  let current = '(none)';
  let on = false;
  client.execProtocolStream = async (message, options) => {
    // Parse: 'P', length, statement name, query text; simple Query: 'Q', length, query text.
    if (message[0] === 0x50) current = cString(message, message.indexOf(0, 5) + 1);
    else if (message[0] === 0x51) current = cString(message, 5);
    const started = performance.now();
    try {
      return await original(message, options);
    } finally {
      if (on) {
        const key = current.replace(/\s+/g, ' ').slice(0, 240);
        const entry = stats.get(key) ?? { count: 0, ms: 0 };
        entry.ms += performance.now() - started;
        if (message[0] === 0x50 || message[0] === 0x51) entry.count++;
        stats.set(key, entry);
      }
    }
  };
  return {
    start: () => ((on = true), stats.clear()),
    stop: () => {
      on = false;
      return [...stats].map(([statement, entry]) => ({ statement, ...entry })).sort((a, b) => b.ms - a.ms);
    },
  };
}

async function counters() {
  const metrics = skynetMetrics();
  const [rpc, blocks] = await Promise.all([metrics.rpcCalls.get(), metrics.blocks.get()]);
  return {
    rpc: rpc.values.map((entry) => ({ chain: String(entry.labels.chain), method: String(entry.labels.method), value: entry.value })),
    blocks: Object.fromEntries(blocks.values.map((entry) => [String(entry.labels.chain), entry.value])),
  };
}

try {
  const started = performance.now();
  await prepareDatabase();
  const db = await getDb();
  const email = 'watcher@scale.example';
  if (process.env.BENCH_SCALE_STAGE === 'prepare') {
    // A first start migrates and seeds in a process of its own: the measured one opens an existing folder, as a
    // restarted server does (seeding grows PGlite's memory by some 500 MB that a restart does not have).
    for (let start = 0; start < plan.projects.length; start += 500) {
      await db
        .insert(projects)
        .values(plan.projects.slice(start, start + 500).map((id) => ({ id, name: `Scale bench ${id}` })))
        .onConflictDoNothing();
    }
    const [user] = await db.insert(users).values({ email, username: 'scale-watcher', passwordHash: 'not-a-real-hash', confirmedAt: new Date() }).returning({ id: users.id });
    const [list] = await db.insert(watchlists).values({ userId: user.id, name: 'Scale bench' }).returning({ id: watchlists.id });
    await db.insert(watchlistProjects).values({ watchlistId: list.id, projectId: plan.watchedProject, position: 0 });
    await say({ type: 'seeded', ms: performance.now() - started });
    throw new Done();
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error('the prepare stage left no bench user');
  // Garbage of the start (migrations, imports) collected first: the baseline is what stays.
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  say({ type: 'prepared', ms: performance.now() - started, database: process.env.DATABASE_URL ? 'postgres' : 'pglite', rss: memory.rss, external: memory.external });

  // The samplers run from here to the end; marks are answered beside them.
  const samplers = [
    (async () => {
      while (sampling) {
        const rows = await db.select({ alertId: notifications.alertId }).from(notifications).where(eq(notifications.userId, user.id));
        const now = Date.now();
        for (const row of rows) if (!notifiedAt.has(row.alertId)) notifiedAt.set(row.alertId, now);
        await sleep(25);
      }
    })(),
    (async () => {
      while (sampling) {
        const indexed = await skynetMetrics().indexed.get();
        sampled.indexed.push([Date.now(), Object.fromEntries(indexed.values.map((entry) => [String(entry.labels.chain), entry.value]))]);
        await sleep(100);
      }
    })(),
    (async () => {
      while (sampling) {
        const memory = process.memoryUsage();
        sampled.rss.push([Date.now(), memory.rss, memory.heapUsed, memory.external]);
        await sleep(1000);
      }
    })(),
  ];
  // BENCH_SCALE_CPU_PROF=DIR: a CPU profile of the measured window alone (from the mark that starts it to the one
  // that stops it), written to DIR for Chrome DevTools or speedscope.
  const handle = await getDatabaseHandle();
  const statements = process.env.BENCH_SCALE_SQL_STATS && handle.kind === 'pglite' ? sqlStats((handle.db as unknown as { $client: ProtocolClient }).$client) : null;
  const taken: { statements: ReturnType<NonNullable<typeof statements>['stop']> | null } = { statements: null };
  const profileDir = process.env.BENCH_SCALE_CPU_PROF?.trim();
  const { Session } = await import('node:inspector/promises');
  const inspector = profileDir ? new Session() : null;
  answerMark = async ({ id, profile }) => {
    const at = Date.now();
    const cpu = process.cpuUsage();
    await say({ type: 'mark', id, at, cpuMicros: cpu.user + cpu.system, ...(await counters()) });
    if (profile === 'start') statements?.start();
    if (profile === 'stop' && statements) taken.statements = statements.stop();
    if (!inspector || !profile) return;
    if (profile === 'start') {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else {
      const { profile: taken } = await inspector.post('Profiler.stop');
      fs.mkdirSync(profileDir!, { recursive: true });
      fs.writeFileSync(path.join(profileDir!, `${process.env.BENCH_SCALE_LABEL ?? 'run'}-window.cpuprofile`), JSON.stringify(taken));
      inspector.disconnect();
    }
  };

  const { fromBlocks } = await next('watch');
  const watched = [];
  for (const chain of plan.chains) {
    const began = performance.now();
    const outcome = await watchChain(chain, fromBlocks[String(chain.id)]);
    watched.push({ chainId: chain.id, contracts: chain.rows.length, ms: performance.now() - began, ...outcome });
  }
  say({ type: 'watched', chains: watched, rssAfter: process.memoryUsage().rss });

  const runnerStarted = performance.now();
  startMailWorker();
  // What startSkynetTimer() starts, with a note of when each head step stored its blocks.
  const runner = startSkynetRunner({ onStep: (step) => sampled.steps.push([Date.now(), step.chainId, step.fromBlock, step.toBlock]) });
  // Followed: every contract live at the head with no history left to read (the SQL of history.ts hasHistoryLeft),
  // and with its first admin-powers reading (the lane beside the head takes them a few at a time).
  const pending = async () => {
    const [row] = await db
      .select({
        history: sql<number>`count(*) filter (where ${skynetContracts.liveFromBlock} is null or coalesce(${skynetContracts.cursorBlock}, ${skynetContracts.fromBlock} - 1) < ${skynetContracts.liveFromBlock} - 1)::int`,
        unread: sql<number>`count(*) filter (where ${adminPowers.contractId} is null)::int`,
      })
      .from(skynetContracts)
      .leftJoin(adminPowers, eq(adminPowers.contractId, skynetContracts.id));
    return row;
  };
  const followLimitMs = Number(process.env.BENCH_SCALE_FOLLOW_TIMEOUT_SECONDS || 300) * 1000;
  let left = await pending();
  let historyMs: number | null = null;
  let lastProgress = performance.now();
  while ((left.history > 0 || left.unread > 0) && performance.now() - runnerStarted < followLimitMs) {
    await sleep(250);
    left = await pending();
    if (left.history === 0) historyMs ??= performance.now() - runnerStarted;
    if (performance.now() - lastProgress > 10_000) {
      lastProgress = performance.now();
      say({ type: 'progress', ...left, seconds: (performance.now() - runnerStarted) / 1000 });
    }
  }
  if (left.history === 0) historyMs ??= performance.now() - runnerStarted;
  say({ type: 'followed', ms: performance.now() - runnerStarted, historyMs, ...left, rss: process.memoryUsage().rss });

  // Before stopping, the follower reaches the blocks the parent names (the window's events are in them), within 90 s.
  const { heads } = await next('stop');
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(100)) {
    const indexed = Object.fromEntries((await skynetMetrics().indexed.get()).values.map((entry) => [String(entry.labels.chain), entry.value]));
    if (Object.entries(heads).every(([chain, block]) => (indexed[chain] ?? -1) >= block)) break;
  }
  await sleep(500);
  await runner.stop();
  await stopMailWorker();
  sampling = false;
  await Promise.all(samplers);

  const ids = [...notifiedAt.keys()];
  const alerts = [];
  for (let start = 0; start < ids.length; start += 500) {
    alerts.push(
      ...(await db
        .select({
          id: securityAlerts.id,
          rule: sql<string | null>`${securityAlerts.evidence}->>'rule'`,
          chainId: sql<number | null>`(${securityAlerts.evidence}->>'chainId')::int`,
          blockNumber: sql<number | null>`(${securityAlerts.evidence}->>'blockNumber')::bigint`,
          txHash: sql<string | null>`${securityAlerts.evidence}->>'txHash'`,
          contract: sql<string | null>`${securityAlerts.evidence}->>'contract'`,
        })
        .from(securityAlerts)
        .where(and(inArray(securityAlerts.id, ids.slice(start, start + 500)), eq(securityAlerts.origin, 'automatic')))),
    );
  }
  await say({
    type: 'done',
    alerts: alerts.map((alert) => ({ ...alert, chainId: alert.chainId === null ? null : Number(alert.chainId), blockNumber: alert.blockNumber === null ? null : Number(alert.blockNumber), notifiedAt: notifiedAt.get(alert.id) })),
    indexed: sampled.indexed,
    rss: sampled.rss,
    steps: sampled.steps,
    statements: taken.statements?.slice(0, 40) ?? null,
  });
} catch (error) {
  if (!(error instanceof Done)) await say({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
} finally {
  sampling = false;
  await closeDatabase().catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
}
// The IPC channel would keep the process alive.
process.off('disconnect', onDisconnect);
process.exit(process.exitCode ?? 0);
