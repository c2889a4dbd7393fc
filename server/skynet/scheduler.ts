import 'server-only';

import { getConfig } from '../config';
import { getDb } from '../db/client';
import { skynetContracts } from '../db/schema';
import { logger } from '../logger';
import { getChainClient, resolveRpcUrl, shortError, withRetry } from './chain';
import { indexAllContracts, type IndexReport } from './indexer';

/**
 * How long one pass may spend on a contract before moving on: a contract catching up on its history (minutes of
 * blocks) goes on in the next passes, and the others' new blocks, so their alerts, wait at most about this long.
 */
const CONTRACT_BUDGET_MS = 2_000;

export type SkynetFollowerOptions = {
  /** How often the heads are read (eth_blockNumber on each endpoint the watched contracts use). */
  pollMs: number;
  /** A pass runs at least this often even when no head moved: a safety net for a head change the polls missed. */
  safetyMs: number;
  /** The index pass (all watched contracts towards the head, each within a time budget). */
  pass?: () => Promise<IndexReport[]>;
  /** Told of each pass that ran, with its reports. */
  onPass?: (reports: IndexReport[]) => void;
};

export type SkynetFollower = { stop(): Promise<void> };

/** The head of every endpoint the watched contracts read, as one comparable string ("" with nothing watched). */
async function readHeads(): Promise<string> {
  const db = await getDb();
  const endpoints = new Set((await db.selectDistinct({ rpcUrl: skynetContracts.rpcUrl }).from(skynetContracts)).map((row) => resolveRpcUrl(row.rpcUrl)));
  const heads = await Promise.all(
    [...endpoints].sort().map(async (url) => `${url}=${await withRetry(() => getChainClient(url).getBlockNumber({ cacheTime: 0 }), { what: 'block number', attempts: 1 })}`),
  );
  return heads.join(' ');
}

/**
 * Follows the chain heads: every `pollMs` it reads them (one cheap eth_blockNumber per endpoint) and runs an index
 * pass when one moved, or when `safetyMs` passed since the last pass. Passes never overlap (the next poll is
 * scheduled when a pass ends), and each re-reads the last blocks, so a reorg is still corrected.
 */
export function startSkynetFollower({ pollMs, safetyMs, pass = () => indexAllContracts({ budgetMs: CONTRACT_BUDGET_MS }), onPass }: SkynetFollowerOptions): SkynetFollower {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  let seenHeads: string | null = null;
  let lastPassAt = 0;
  let lastFailure: string | null = null;

  const poll = async () => {
    try {
      const heads = await readHeads();
      if (heads !== seenHeads || Date.now() - lastPassAt >= safetyMs) {
        lastPassAt = Date.now();
        const reports = await pass();
        // The heads read before the pass: a head that moved during it makes the next poll run another; so does a
        // contract the budget stopped short of the head.
        seenHeads = reports.some((report) => report.behind) ? null : heads;
        onPass?.(reports);
      }
      if (lastFailure) logger.info('skynet: the chain answers again');
      lastFailure = null;
    } catch (error) {
      // Once per distinct failure: a node that is down would otherwise fill the log every second.
      const message = shortError(error);
      if (message !== lastFailure) logger.error({ err: message }, 'skynet: following the head failed; retrying');
      lastFailure = message;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = poll().finally(() => {
        current = null;
        schedule();
      });
    }, pollMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

let follower: SkynetFollower | null = null;

/**
 * With RPC_URL set, the server indexes by itself, following the head every SKYNET_POLL_SECONDS (and passing at least
 * every SKYNET_INTERVAL_SECONDS): on the embedded database it is the only process that may open the data folder.
 * PostgreSQL workers running the CLI at the same time are kept apart by the per-contract advisory locks.
 */
export function startSkynetTimer(): void {
  const config = getConfig();
  if (!config.rpcUrl || follower) return;
  const { pollSeconds, intervalSeconds } = config.skynet;
  follower = startSkynetFollower({
    pollMs: pollSeconds * 1000,
    safetyMs: intervalSeconds * 1000,
    onPass: (reports) => {
      const indexed = reports.filter((report) => !report.skipped && report.blocks > 0);
      if (indexed.length) logger.debug({ contracts: indexed.length, blocks: indexed.reduce((sum, report) => sum + report.blocks, 0) }, 'skynet: indexed');
    },
  });
  logger.info({ pollSeconds, everySeconds: intervalSeconds }, 'skynet: indexer on, following the head');
}

/** Stops following the head, waiting for the pass in flight. */
export async function stopSkynetTimer(): Promise<void> {
  const stopping = follower;
  follower = null;
  await stopping?.stop();
}
