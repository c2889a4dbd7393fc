// Bench helper (run by scripts/bench/block-notify.mjs under tsx with the react-server condition): the server side of
// "block to notification". Starts anvil mining a block a second, deploys the Ownable+Pausable test token, has one
// confirmed user watch its project, then runs what the server runs (the Skynet head follower with its detectors,
// and the mail outbox worker, SMTP_URL pointing at the parent's sink) while the owner pauses and unpauses the token
// again and again. Prints JSON lines: {phase:'ready'}, then {phase:'done', blocks, alerts} with, in this process's
// clock (Date.now()), when each block was first seen on the node and when each alert's notification row was first
// readable. The parent times the mails.
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';

import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';
import { startAnvil } from '@/tests/support/anvil';
import { ACCOUNTS, tokenAbi } from '@/tests/support/chain-scenario';

const EVENTS = Number(process.env.BENCH_NOTIFY_EVENTS ?? 60);
/** How long the run waits, after the last event, for its notifications and mails. */
const SETTLE_MS = 60_000;
const PROJECT_ID = 'chainlink';

const say = (message: Record<string, unknown>) => console.log(JSON.stringify(message));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const anvil = await startAnvil({ blockTime: 1 });
// Before any server module reads the configuration: the server follows this chain.
process.env.RPC_URL = anvil.url;

const { and, eq, inArray, isNotNull, isNull, sql } = await import('drizzle-orm');
const { closeDatabase, getDb } = await import('@/server/db/client');
const { prepareDatabase } = await import('@/server/db/prepare');
const { mailOutbox, notifications, securityAlerts, skynetContracts, users, watchlistProjects, watchlists } = await import('@/server/db/schema');
const { startMailWorker, stopMailWorker } = await import('@/server/mail/worker');
const { startSkynetTimer, stopSkynetTimer } = await import('@/server/skynet/scheduler');
const { watchContracts } = await import('@/server/skynet/watch');
const { hasHistoryLeft } = await import('@/server/skynet/history');

try {
  await prepareDatabase();
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email: 'watcher@bench.example', username: 'bench-watcher', passwordHash: 'not-a-real-hash', confirmedAt: new Date() })
    .returning({ id: users.id });
  const [list] = await db.insert(watchlists).values({ userId: user.id, name: 'Bench' }).returning({ id: watchlists.id });
  await db.insert(watchlistProjects).values({ watchlistId: list.id, projectId: PROJECT_ID, position: 0 });

  // Receipts polled every 100 ms (viem's default is 4 s): the events follow each other block after block.
  const transport = http(anvil.url, { timeout: 60_000 });
  const wallet = createWalletClient({ chain: foundry, transport, pollingInterval: 100 });
  const reader = createPublicClient({ chain: foundry, transport, pollingInterval: 100 });
  const owner = ACCOUNTS[0] as Address;
  const deployHash = await wallet.deployContract({ account: owner, abi: tokenAbi, bytecode: tokenArtifact.bytecode as Hex, args: [owner], chain: foundry });
  const token = (await reader.waitForTransactionReceipt({ hash: deployHash })).contractAddress!.toLowerCase() as Address;
  const [contract] = await watchContracts(db, { projectId: PROJECT_ID, address: token, abiFile: 'tests/fixtures/contracts/ShieldToken.json' });

  startMailWorker();
  startSkynetTimer();
  // The head follower takes the contract on and its history lane reads the deployment (its OwnershipTransferred
  // alert is history, not measured).
  for (let waited = 0; ; waited += 100) {
    const [row] = await db.select().from(skynetContracts).where(eq(skynetContracts.id, contract.id));
    if (row.liveFromBlock !== null && !hasHistoryLeft(row)) break;
    if (waited > 60_000) throw new Error('the follower did not index the contract within 60 s');
    await sleep(100);
  }
  const firstMeasuredBlock = Number(await reader.getBlockNumber({ cacheTime: 0 })) + 1;
  say({ phase: 'ready', token, firstMeasuredBlock });

  // When each block is first seen, and each notification first readable, as the server's users would see them.
  const blockSeenAt = new Map<number, number>();
  const notifiedAt = new Map<string, number>();
  let watching = true;
  const watchBlocks = (async () => {
    let last = firstMeasuredBlock - 1;
    while (watching) {
      const head = Number(await reader.getBlockNumber({ cacheTime: 0 }));
      const now = Date.now();
      for (let block = last + 1; block <= head; block++) blockSeenAt.set(block, now);
      last = Math.max(last, head);
      await sleep(20);
    }
  })();
  const watchNotifications = (async () => {
    while (watching) {
      const rows = await db.select({ alertId: notifications.alertId }).from(notifications).where(eq(notifications.userId, user.id));
      const now = Date.now();
      for (const row of rows) if (!notifiedAt.has(row.alertId)) notifiedAt.set(row.alertId, now);
      await sleep(25);
    }
  })();

  // Pause, unpause, …: each is a Paused/Unpaused event (and a privileged call), one alert each. A random pause
  // between them lands the events at every point of the block interval.
  for (let event = 0; event < EVENTS; event++) {
    const hash = await wallet.writeContract({ account: owner, address: token, abi: tokenAbi, functionName: event % 2 === 0 ? 'pause' : 'unpause', args: [], chain: foundry });
    await reader.waitForTransactionReceipt({ hash });
    await sleep(Math.random() * 1000);
  }

  // Every automatic alert of a measured block, notified and its mail marked sent (the sink has it by then).
  const measured = () =>
    db
      .select({ id: securityAlerts.id, blockNumber: sql<number>`(${securityAlerts.evidence}->>'blockNumber')::bigint` })
      .from(securityAlerts)
      .where(and(eq(securityAlerts.projectId, PROJECT_ID), eq(securityAlerts.origin, 'automatic'), sql`(${securityAlerts.evidence}->>'blockNumber')::bigint >= ${firstMeasuredBlock}`));
  const deadline = Date.now() + SETTLE_MS;
  let alerts = await measured();
  for (;;) {
    alerts = await measured();
    const unsent = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
    if ((alerts.length >= EVENTS && alerts.every((alert) => notifiedAt.has(alert.id)) && unsent.length === 0) || Date.now() > deadline) break;
    await sleep(200);
  }
  watching = false;
  await Promise.all([watchBlocks, watchNotifications]);
  const sent = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNotNull(mailOutbox.sentAt));
  const alertIds = alerts.map((alert) => alert.id);
  const notifiedRows = alertIds.length ? await db.select({ alertId: notifications.alertId }).from(notifications).where(inArray(notifications.alertId, alertIds)) : [];
  say({
    phase: 'done',
    events: EVENTS,
    mailsMarkedSent: sent.length,
    notificationRows: notifiedRows.length,
    blocks: Object.fromEntries(blockSeenAt),
    alerts: alerts.map((alert) => ({ id: alert.id, blockNumber: Number(alert.blockNumber), notifiedAt: notifiedAt.get(alert.id) ?? null })),
  });
  await stopSkynetTimer();
  await stopMailWorker();
} finally {
  await closeDatabase();
  await anvil.stop();
}
process.exit(0);
