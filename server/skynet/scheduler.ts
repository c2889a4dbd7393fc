import 'server-only';

import { and, eq, isNotNull, isNull, not, sql } from 'drizzle-orm';

import { getConfig } from '../config';
import { getDatabaseHandle, type Database, type DatabaseHandle } from '../db/client';
import { adminPowers, skynetChains, skynetContracts } from '../db/schema';
import { logger } from '../logger';
import { refreshAdminPowers, refreshAdminPowersIfDue } from './admin-powers';
import { shortError } from './chain';
import { chainClient, listSkynetChains, type SkynetChain } from './chains';
import { checkAuditCodeIfDue } from './code-match';
import { createChainFollower, LostLeadershipError, type ChainFollower, type FollowStep, type PowersTrigger } from './follower';
import { indexContractHistory, refreshDailyMetrics, type HistoryReport } from './history';
import { clearSkynetMemo } from './memo';
import { refreshPrivilegedAddresses } from './privileges';

/** hasHistoryLeft in SQL: live, and its cursor short of the block before the head follower took it on. */
const historyLeft = sql`${skynetContracts.liveFromBlock} is not null and coalesce(${skynetContracts.cursorBlock}, ${skynetContracts.fromBlock} - 1) < ${skynetContracts.liveFromBlock} - 1`;

/** How long one history turn may read before the lane yields (the head follower runs beside it regardless). */
const HISTORY_BUDGET_MS = 2_000;

/**
 * One leader per chain. PostgreSQL: a session advisory lock held on a reserved connection while this process leads
 * (PostgreSQL frees it the moment the connection drops, so a killed leader's chain is taken over at the next try);
 * the chain's cursor is moved only from the value read, so a stale leader can never store a block twice. PGlite: one
 * process owns the folder (DATA_DIR lock), so it always leads.
 */
type Leadership = { held(): Promise<boolean>; release(): Promise<void> };

async function tryLead(handle: DatabaseHandle, chainId: number): Promise<Leadership | null> {
  if (handle.kind !== 'postgres') return { held: async () => true, release: async () => {} };
  const pool = (handle.db as unknown as { $client: import('postgres').Sql }).$client;
  const connection = await pool.reserve();
  const key = `skynet-chain:${chainId}`;
  try {
    const [{ locked }] = await connection`select pg_try_advisory_lock(hashtext(${key})) as locked`;
    if (!locked) {
      connection.release();
      return null;
    }
  } catch (error) {
    connection.release();
    throw error;
  }
  let released = false;
  return {
    async held() {
      if (released) return false;
      try {
        await connection`select 1`;
        return true;
      } catch {
        return false;
      }
    },
    async release() {
      if (released) return;
      released = true;
      try {
        await connection`select pg_advisory_unlock(hashtext(${key}))`;
      } catch {
        // the connection is gone, and the lock with it
      } finally {
        connection.release();
      }
    },
  };
}

/** The lanes beside the head: history of newly watched contracts, then who controls what after the events that change it. */
async function runHistoryTurn(db: Database, chain: SkynetChain, budgetMs: number | undefined): Promise<HistoryReport[]> {
  const client = chainClient(chain);
  // Only the contracts with history left, asked in SQL: the lane runs every turn, and most have none.
  const waiting = await db.select().from(skynetContracts).where(and(eq(skynetContracts.chainId, chain.id), historyLeft));
  const { batchBlocks } = getConfig().skynet;
  const reports: HistoryReport[] = [];
  for (const contract of waiting) {
    const started = performance.now();
    try {
      const report = await indexContractHistory(db, client, contract, { batchBlocks, budgetMs, explorerUrl: chain.explorerUrl });
      reports.push(report);
      // Who holds privileges, replayed from the history just stored and read at its last block.
      if (report.blocks > 0) await refreshPrivilegedAddresses(db, client, { ...contract, cursorBlock: report.toBlock }, BigInt(report.toBlock));
    } catch (error) {
      const message = shortError(error);
      logger.error({ contract: contract.address, chainId: chain.id, err: message }, 'skynet: reading history failed; the cursor is kept');
      await db.update(skynetContracts).set({ lastError: message.slice(0, 1000) }).where(eq(skynetContracts.id, contract.id));
      reports.push({ contractId: contract.id, address: contract.address, fromBlock: 0, toBlock: -1, blocks: 0, transactions: 0, logs: 0, skipped: message });
    }
    if (budgetMs !== undefined && performance.now() - started > budgetMs) break;
  }
  return reports;
}

/** Reads again who controls the contracts the stored blocks changed: privileged addresses, then admin powers naming the transactions. */
async function runPowersTurn(db: Database, chain: SkynetChain, triggers: PowersTrigger[]): Promise<void> {
  const byContract = new Map<string, { privileges: boolean; causes: { txHash: string; blockNumber: number }[] }>();
  for (const trigger of triggers) {
    const entry = byContract.get(trigger.contractId) ?? { privileges: false, causes: [] };
    entry.privileges ||= trigger.privileges;
    if (!entry.causes.some((cause) => cause.txHash === trigger.txHash)) entry.causes.push({ txHash: trigger.txHash, blockNumber: trigger.blockNumber });
    byContract.set(trigger.contractId, entry);
  }
  const client = chainClient(chain);
  for (const [contractId, { privileges, causes }] of byContract) {
    try {
      const [contract] = await db.select().from(skynetContracts).where(eq(skynetContracts.id, contractId));
      if (!contract) continue;
      const atBlock = BigInt(Math.max(...causes.map((cause) => cause.blockNumber)));
      if (privileges) await refreshPrivilegedAddresses(db, client, contract, atBlock);
      await refreshAdminPowers(db, contractId, { causes });
    } catch (error) {
      logger.error({ contractId, chainId: chain.id, err: shortError(error) }, 'skynet: reading admin powers after a change failed');
    }
  }
}

/** How many newly watched contracts get their first admin-powers reading per lane turn. */
const FIRST_READINGS_PER_TURN = 25;
/** A first reading that failed waits this long before it is tried again (a contract the endpoint cannot read). */
const FIRST_READING_RETRY_MS = 60_000;
const firstReadingFailedAt = new Map<string, number>();

/**
 * The first reading of who controls each newly watched contract, once its history is stored (the privileged
 * addresses replay it): from then on its holders' events are followed too.
 */
async function runFirstReadings(db: Database, chain: SkynetChain): Promise<number> {
  // Ready: live, history read (in SQL, so contracts still in history never crowd out the ready ones), never read.
  const unread = await db
    .select()
    .from(skynetContracts)
    .leftJoin(adminPowers, eq(adminPowers.contractId, skynetContracts.id))
    .where(and(eq(skynetContracts.chainId, chain.id), isNotNull(skynetContracts.liveFromBlock), not(historyLeft), isNull(adminPowers.contractId)))
    .limit(FIRST_READINGS_PER_TURN + firstReadingFailedAt.size);
  const now = Date.now();
  const ready = unread
    .map((row) => row.skynet_contracts)
    .filter((contract) => now - (firstReadingFailedAt.get(contract.id) ?? 0) > FIRST_READING_RETRY_MS)
    .slice(0, FIRST_READINGS_PER_TURN);
  const client = chainClient(chain);
  let read = 0;
  for (const contract of ready) {
    try {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      await refreshPrivilegedAddresses(db, client, contract, head);
      await refreshAdminPowers(db, contract.id);
      firstReadingFailedAt.delete(contract.id);
      read++;
    } catch (error) {
      firstReadingFailedAt.set(contract.id, Date.now());
      logger.error({ contract: contract.address, chainId: chain.id, err: shortError(error) }, 'skynet: the first admin-powers reading failed; tried again in a minute');
    }
  }
  return read;
}

async function flushDailySeries(db: Database, follower: ChainFollower) {
  for (const [projectId, span] of follower.takeDirtySeries()) {
    try {
      await refreshDailyMetrics(db, projectId, span.first, span.last);
    } catch (error) {
      logger.warn({ projectId, err: shortError(error) }, 'skynet: the daily series could not be brought up to date; next time');
    }
  }
}

export type PassReport = { chains: (FollowStep | { chainId: number; skipped: string })[]; history: HistoryReport[] };

/**
 * One catch-up pass over every chain of the registry, lanes in turn (the CLI's `index --once`, tests): the head
 * follower to the head, every history to its end, then the admin-powers readings the blocks called for.
 */
export async function indexAllContracts(): Promise<PassReport> {
  const handle = await getDatabaseHandle();
  const report: PassReport = { chains: [], history: [] };
  for (const chain of await listSkynetChains()) {
    const leadership = await tryLead(handle, chain.id);
    if (!leadership) {
      report.chains.push({ chainId: chain.id, skipped: 'another worker leads this chain' });
      continue;
    }
    try {
      const follower = createChainFollower(handle.db, chain, chainClient(chain));
      for (;;) {
        const step = await follower.step();
        report.chains.push(step);
        if (step.reorgTo === undefined && step.toBlock >= step.head) break;
      }
      for (;;) {
        const turn = await runHistoryTurn(handle.db, chain, undefined);
        report.history.push(...turn);
        if (!turn.some((entry) => entry.behind)) break;
      }
      await runPowersTurn(handle.db, chain, follower.takeTriggers());
      while ((await runFirstReadings(handle.db, chain)) > 0);
      await flushDailySeries(handle.db, follower);
    } catch (error) {
      const message = shortError(error);
      logger.error({ chainId: chain.id, err: message }, 'skynet: following the chain failed');
      await recordChainError(handle.db, chain.id, message);
      report.chains.push({ chainId: chain.id, skipped: message });
    } finally {
      await leadership.release();
    }
  }
  await checkAuditCodeIfDue(handle.db);
  await refreshAdminPowersIfDue(handle.db);
  clearSkynetMemo();
  return report;
}

async function recordChainError(db: Database, chainId: number, message: string) {
  await db
    .insert(skynetChains)
    .values({ chainId, lastError: message.slice(0, 1000) })
    .onConflictDoUpdate({ target: skynetChains.chainId, set: { lastError: message.slice(0, 1000), updatedAt: new Date() } })
    .catch(() => {});
}

export type SkynetRunnerOptions = {
  /** Told of each head step that stored blocks (tests, the CLI). */
  onStep?: (step: FollowStep) => void;
  /** How long to wait between polls of a chain with no new block; by default an eighth of its block time. */
  pollMs?: (chain: SkynetChain) => number;
};

export type SkynetRunner = { stop(): Promise<void> };

/** A chain's pace: poll an eighth of a block time apart (at least 50 ms, at most SKYNET_POLL_SECONDS). */
const defaultPollMs = (chain: SkynetChain) => Math.min(getConfig().skynet.pollSeconds * 1000, Math.max(50, (chain.blockTimeSeconds * 1000) / 8));

/**
 * Follows every chain of the registry until stopped: per chain, while this process leads it, a head loop (a step
 * whenever the head moves, polled at the chain's pace, resting most of a block time after a new block), a history
 * lane and a powers lane beside it, and the slow safety re-reads. A process that does not lead tries again each
 * second, so a dead leader's chain is taken over within seconds.
 */
export function startSkynetRunner(options: SkynetRunnerOptions = {}): SkynetRunner {
  let stopped = false;
  const loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
    });
  const pollMs = options.pollMs ?? defaultPollMs;

  async function followChain(chain: SkynetChain) {
    const handle = await getDatabaseHandle();
    let lastFailure: string | null = null;
    while (!stopped) {
      let leadership: Leadership | null = null;
      try {
        leadership = await tryLead(handle, chain.id);
      } catch (error) {
        logger.warn({ chainId: chain.id, err: shortError(error) }, 'skynet: could not ask for the chain lease');
      }
      if (!leadership) {
        await sleep(1000);
        continue;
      }
      logger.info({ chainId: chain.id, chainName: chain.name }, 'skynet: following the chain (this process leads it)');
      const follower = createChainFollower(handle.db, chain, chainClient(chain));
      const lanes = runLanes(handle.db, chain, follower);
      try {
        while (!stopped) {
          if (!(await leadership.held())) throw new LostLeadershipError('the chain lease connection was lost');
          try {
            const step = await follower.step();
            if (lastFailure) logger.info({ chainId: chain.id }, 'skynet: the chain answers again');
            lastFailure = null;
            if (step.blocks > 0) options.onStep?.(step);
            const behind = step.toBlock < step.head || step.reorgTo !== undefined;
            // After a new block the next is a block time away: rest most of it, then poll at the chain's pace.
            await sleep(behind ? 0 : step.blocks > 0 ? Math.max(pollMs(chain), chain.blockTimeSeconds * 1000 * 0.6) : pollMs(chain));
          } catch (error) {
            if (error instanceof LostLeadershipError) throw error;
            // The endpoints fail: keep the lease and try again. Once per distinct failure in the log.
            const message = shortError(error);
            if (message !== lastFailure) logger.error({ chainId: chain.id, err: message }, 'skynet: following the chain failed; retrying');
            lastFailure = message;
            await recordChainError(handle.db, chain.id, message);
            await sleep(1000);
          }
        }
      } catch (error) {
        logger.warn({ chainId: chain.id, err: shortError(error) }, 'skynet: no longer leading the chain');
        await sleep(1000);
      } finally {
        lanes.stop();
        await lanes.done;
        await leadership.release();
      }
    }
  }

  /** History, powers and safety re-reads while this process leads the chain; they never hold up the head loop. */
  function runLanes(db: Database, chain: SkynetChain, follower: ChainFollower) {
    let laneStopped = false;
    const done = (async () => {
      let lastSafety = 0;
      while (!stopped && !laneStopped) {
        try {
          const turn = await runHistoryTurn(db, chain, HISTORY_BUDGET_MS);
          await runPowersTurn(db, chain, follower.takeTriggers());
          const firstReadings = await runFirstReadings(db, chain);
          await flushDailySeries(db, follower);
          if (Date.now() - lastSafety > getConfig().skynet.intervalSeconds * 1000) {
            lastSafety = Date.now();
            await checkAuditCodeIfDue(db);
            await refreshAdminPowersIfDue(db, chain.id);
          }
          if (turn.length) clearSkynetMemo();
          if (!turn.some((entry) => entry.behind) && firstReadings === 0) await sleep(250);
        } catch (error) {
          logger.error({ chainId: chain.id, err: shortError(error) }, 'skynet: a lane beside the head failed; retrying');
          await sleep(1000);
        }
      }
    })();
    return {
      done,
      stop: () => {
        laneStopped = true;
      },
    };
  }

  const started = (async () => {
    const chains = await listSkynetChains().catch((error: unknown) => {
      logger.error({ err: shortError(error) }, 'skynet: the chain registry could not be read (RPC_URL does not answer its chain id); Skynet is off');
      return [];
    });
    for (const chain of chains) loops.push(followChain(chain));
  })();

  return {
    async stop() {
      stopped = true;
      await started;
      for (const wake of [...sleepers]) wake();
      await Promise.all(loops);
    },
  };
}

let runner: SkynetRunner | null = null;

/**
 * With a chain registry (SKYNET_CHAINS, or RPC_URL), the server follows the chains by itself: on the embedded
 * database it is the only process that may open the data folder; on PostgreSQL, workers running beside it share the
 * chains, one leader each.
 */
export function startSkynetTimer(): void {
  if (runner) return;
  runner = startSkynetRunner();
  logger.info('skynet: following the chains of the registry');
}

/** Stops following the chains, waiting for the steps in flight. */
export async function stopSkynetTimer(): Promise<void> {
  const stopping = runner;
  runner = null;
  await stopping?.stop();
}
