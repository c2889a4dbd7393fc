import 'server-only';

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import { getConfig } from '../config';
import { getDb } from '../db/client';
import { projects, securityAlerts, skynetChains, skynetContracts } from '../db/schema';
import { logger } from '../logger';
import { shortError } from './chain';
import { listSkynetChains, type SkynetChain } from './chains';
import type { ChainFigures } from './metrics';

/** The window the published block-to-alert figures cover. */
export const STATUS_WINDOW_SECONDS = 3600;
/** A follower that stored a block within this many block times (and at least FOLLOWING_MIN_SECONDS) is alive. */
const FOLLOWING_BLOCK_TIMES = 5;
/** Blocks do not come like clockwork (missed slots, idle L2s): a follower is not called stopped sooner than this. */
const FOLLOWING_MIN_SECONDS = 30;
/** Blocks the follower may trail the head it saw and still be following: the block being read, and one or two more. */
const FOLLOWING_MAX_LAG_BLOCKS = 3;
/** RPC_URL's chain id is asked of its endpoint; a page must not wait on an endpoint that is down. */
const CHAIN_LIST_DEADLINE_MS = 2000;

export type SkynetChainState = 'following' | 'behind' | 'failing' | 'not-started';
/** The last failure, in words the public may read: the stored message can name an endpoint (and its key). */
export type SkynetFailure = 'timeout' | 'rate-limited' | 'failed';

/** One chain's place as the status page and /metrics show it. */
export type SkynetChainStatus = ChainFigures & {
  name: string;
  blockTimeSeconds: number;
  state: SkynetChainState;
  failure: SkynetFailure | null;
  /** Head minus indexed block as last stored; when the follower has gone quiet, at least the blocks its silence spans. */
  blocksBehind: number | null;
  /** blocksBehind × the block time, or the time since the last block was stored when that is longer. */
  secondsBehind: number | null;
  indexedAt: Date | null;
};

export type SkynetStatus = { readAt: Date; windowSeconds: number; chains: SkynetChainStatus[] };

type ListedChain = Pick<SkynetChain, 'id' | 'name' | 'blockTimeSeconds'>;

/** The chain registry, or, when RPC_URL's endpoint cannot tell its chain id now, the chains that have a stored place. */
async function chainsToReport(): Promise<ListedChain[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the chain registry did not answer in time')), CHAIN_LIST_DEADLINE_MS);
  });
  try {
    return await Promise.race([listSkynetChains(), deadline]);
  } catch (error) {
    logger.warn({ err: shortError(error) }, 'skynet status: the chain registry could not be read; showing the chains with a stored place');
    const db = await getDb();
    const rows = await db.select({ id: skynetChains.chainId }).from(skynetChains).orderBy(skynetChains.chainId);
    return rows.map(({ id }) => ({ id, name: `Chain ${id}`, blockTimeSeconds: getConfig().skynet.pollSeconds }));
  } finally {
    clearTimeout(timer);
  }
}

function failureOf(lastError: string | null): SkynetFailure | null {
  if (!lastError) return null;
  if (/\b429\b|rate.?limit|too many requests/i.test(lastError)) return 'rate-limited';
  if (/timed? ?out|timeout|took too long/i.test(lastError)) return 'timeout';
  return 'failed';
}

/** The state and lag of a chain from its stored place (see the constants above). */
export function placeOf(chain: Pick<ListedChain, 'blockTimeSeconds'>, stored: { headBlock: number | null; indexedBlock: number | null; secondsSinceIndexed: number | null; lastError: string | null }) {
  const { headBlock, indexedBlock, secondsSinceIndexed, lastError } = stored;
  const failure = failureOf(lastError);
  if (indexedBlock === null) return { state: failure ? ('failing' as const) : ('not-started' as const), failure, blocksBehind: null, secondsBehind: null };
  const recorded = headBlock === null ? 0 : Math.max(0, headBlock - indexedBlock);
  const window = Math.max(FOLLOWING_BLOCK_TIMES * chain.blockTimeSeconds, FOLLOWING_MIN_SECONDS);
  const alive = secondsSinceIndexed !== null && secondsSinceIndexed <= window;
  // A quiet follower stops updating the head it saw too: its silence is the better measure of how far behind it is.
  const silent = alive ? 0 : (secondsSinceIndexed ?? 0);
  const blocksBehind = Math.max(recorded, Math.floor(silent / chain.blockTimeSeconds));
  const secondsBehind = Math.max(recorded * chain.blockTimeSeconds, silent);
  const following = alive && recorded <= FOLLOWING_MAX_LAG_BLOCKS;
  const state = following ? ('following' as const) : failure ? ('failing' as const) : ('behind' as const);
  return { state, failure: following ? null : failure, blocksBehind, secondsBehind };
}

/**
 * Per chain Skynet follows: its place (head, indexed block, how far behind), the automatic alerts of the last hour
 * with their block-to-alert p50 and p95 (block timestamp to publication, when watchers were notified), and the
 * contracts watched on it. One query for every chain. Public: alerts of hidden projects and demo alerts are left
 * out, and no stored error text leaves the server.
 */
export async function readSkynetStatus(): Promise<SkynetStatus> {
  const chains = await chainsToReport();
  const readAt = new Date();
  if (chains.length === 0) return { readAt, windowSeconds: STATUS_WINDOW_SECONDS, chains: [] };
  const db = await getDb();
  const ids = chains.map((chain) => chain.id);
  const chainId = sql<number>`chain.chain_id`;
  const alertChain = sql<number>`(${securityAlerts.evidence}->>'chainId')::int`;
  // A reorg can move an alert's fact to a later block than its publication; it was still published that fast.
  const latency = sql`greatest(extract(epoch from ${securityAlerts.publishedAt} - ${securityAlerts.occurredAt})::float8, 0)`;
  const lastHour = db.$with('last_hour').as(
    db
      .select({
        chainId: alertChain.as('alert_chain_id'),
        alerts: sql<number>`count(*)::int`.as('alerts'),
        p50: sql<number | null>`percentile_cont(0.5) within group (order by ${latency})`.as('p50'),
        p95: sql<number | null>`percentile_cont(0.95) within group (order by ${latency})`.as('p95'),
      })
      .from(securityAlerts)
      .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
      .where(
        and(
          eq(securityAlerts.origin, 'automatic'),
          eq(securityAlerts.status, 'published'),
          eq(securityAlerts.isDemo, false),
          isNull(projects.hiddenAt),
          // Only alerts resting on a block have a block-to-alert time (an unaudited implementation has none).
          sql`${securityAlerts.evidence}->>'blockNumber' is not null`,
          sql`${securityAlerts.publishedAt} > now() - make_interval(secs => ${STATUS_WINDOW_SECONDS})`,
          inArray(alertChain, ids),
        ),
      )
      .groupBy(alertChain),
  );
  const watched = db.$with('watched').as(
    db
      .select({ chainId: skynetContracts.chainId, contracts: sql<number>`count(*)::int`.as('contracts') })
      .from(skynetContracts)
      .where(inArray(skynetContracts.chainId, ids))
      .groupBy(skynetContracts.chainId),
  );
  const rows = await db
    .with(lastHour, watched)
    .select({
      chainId: chainId.mapWith(Number),
      headBlock: skynetChains.headBlock,
      indexedBlock: skynetChains.indexedBlock,
      indexedAt: skynetChains.indexedAt,
      lastError: skynetChains.lastError,
      secondsSinceIndexed: sql<number | null>`extract(epoch from now() - ${skynetChains.indexedAt})::float8`.mapWith(Number),
      alerts: lastHour.alerts,
      p50: lastHour.p50,
      p95: lastHour.p95,
      contracts: watched.contracts,
    })
    .from(sql`(values ${sql.join(ids.map((id) => sql`(${id}::int)`), sql`, `)}) as chain(chain_id)`)
    .leftJoin(skynetChains, eq(skynetChains.chainId, chainId))
    .leftJoin(lastHour, eq(lastHour.chainId, chainId))
    .leftJoin(watched, eq(watched.chainId, chainId));
  const byChain = new Map(rows.map((row) => [row.chainId, row]));
  return {
    readAt,
    windowSeconds: STATUS_WINDOW_SECONDS,
    chains: chains.map((chain) => {
      const row = byChain.get(chain.id);
      const stored = { headBlock: row?.headBlock ?? null, indexedBlock: row?.indexedBlock ?? null, secondsSinceIndexed: row?.secondsSinceIndexed ?? null, lastError: row?.lastError ?? null };
      return {
        id: chain.id,
        name: chain.name,
        blockTimeSeconds: chain.blockTimeSeconds,
        headBlock: stored.headBlock,
        indexedBlock: stored.indexedBlock,
        indexedAt: row?.indexedAt ?? null,
        secondsSinceIndexed: stored.secondsSinceIndexed,
        ...placeOf(chain, stored),
        alertsLastHour: row?.alerts ?? 0,
        p50Seconds: row?.p50 === null || row?.p50 === undefined ? null : Number(row.p50),
        p95Seconds: row?.p95 === null || row?.p95 === undefined ? null : Number(row.p95),
        watchedContracts: row?.contracts ?? 0,
      };
    }),
  };
}
