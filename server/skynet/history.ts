import 'server-only';

import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { decodeFunctionData, toFunctionSelector, type Abi, type AbiFunction, type Block, type Log, type PublicClient, type Transaction } from 'viem';

import type { Database } from '../db/client';
import { skynetContracts, skynetEvents, skynetMetricPoints, skynetPrivilegedFunctions, skynetTransactions, type SkynetContractRow } from '../db/schema';
import { logger } from '../logger';
import { shortError, withRetry } from './chain';
import { afterAlertsChanged, runDetectors, type CallFact } from './detectors';
import { decodeWatchedLog } from './standard-events';

// The history lane: a newly watched contract's blocks before the head follower took it on (its liveFromBlock), read
// per contract beside the head, so history never delays the alerts of new blocks.

export type HistoryOptions = {
  batchBlocks: number;
  /** Stop after the batch that passes this long (the lane goes on at its next turn). */
  budgetMs?: number;
};
export type HistoryReport = {
  contractId: string;
  address: string;
  fromBlock: number;
  toBlock: number;
  blocks: number;
  transactions: number;
  logs: number;
  skipped?: string;
  /** Stopped short of where the head follower took over, by the time budget: more history follows. */
  behind?: boolean;
};

/** Blocks per batch in history read for logs only (one eth_getLogs each; within what public endpoints allow). */
const LOG_ONLY_BATCH_BLOCKS = 2_000;

/** How many block reads are in flight at once (each is one request of a JSON-RPC batch). */
const BLOCK_READ_CONCURRENCY = 50;

export async function inChunks<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

type RangeFacts = {
  transactions: (typeof skynetTransactions.$inferInsert)[];
  events: (typeof skynetEvents.$inferInsert)[];
  calls: CallFact[];
  blockHashes: Map<number, string>;
  /** The times of the first and last block read, or null when none was. */
  span: { firstTime: Date; lastTime: Date } | null;
};

/** What endpoints answer when one eth_getLogs asks too much (too many blocks or results), by code or by words. */
const LOG_LIMIT = /block range|too many|limit|exceed|more than \d+ results|response size/i;

/** Rate limiting is not a query too large: halving would only send more requests. */
const RATE_LIMITED = /rate limit|too many requests|status: 429/i;

function isLogLimit(error: unknown): boolean {
  const text = `${shortError(error)} ${error instanceof Error ? ((error as { details?: string }).details ?? '') : ''}`;
  if (RATE_LIMITED.test(text)) return false;
  const walk = (error as { walk?: (match: (cause: unknown) => boolean) => unknown }).walk;
  const limitCode = typeof walk === 'function' && Boolean(walk.call(error, (cause) => (cause as { code?: unknown }).code === -32005));
  return limitCode || LOG_LIMIT.test(text);
}

/**
 * The contract's logs in blocks [from, to]. Endpoints cap one query (by blocks or by results, differently each): a
 * refusal that says so halves the range and asks again, down to one block, so history reads on any endpoint.
 */
export async function readLogs(client: PublicClient, address: `0x${string}`, from: bigint, to: bigint): Promise<Log[]> {
  const query = () => client.getLogs({ address, fromBlock: from, toBlock: to });
  if (to > from) {
    try {
      return await query();
    } catch (error) {
      if (isLogLimit(error)) {
        // Asking the same again gets the same refusal: halve at once.
        const middle = (from + to) / 2n;
        logger.debug({ address, from: Number(from), to: Number(to), err: shortError(error) }, 'skynet: log query refused as too large; halving it');
        return [...(await readLogs(client, address, from, middle)), ...(await readLogs(client, address, middle + 1n, to))];
      }
      // Anything else is retried below, as every read is.
    }
  }
  return withRetry(query, { what: `logs ${from}-${to}` });
}

/**
 * Reads blocks [from, to]: the contract's logs, and the transactions sent to it (with their receipts' status) in the
 * blocks from `transactionsFrom` on. Blocks before it are history read for logs only: of those, only the blocks
 * holding a log are fetched (without their transactions), for the logs' times.
 */
async function readRange(client: PublicClient, contract: SkynetContractRow, abi: Abi, from: bigint, to: bigint, transactionsFrom: bigint): Promise<RangeFacts> {
  const address = contract.address as `0x${string}`;
  const scanFrom = from > transactionsFrom ? from : transactionsFrom;
  const scanned = scanFrom <= to ? Array.from({ length: Number(to - scanFrom) + 1 }, (_, i) => scanFrom + BigInt(i)) : [];
  const [blocks, logs] = await Promise.all([
    inChunks(scanned, BLOCK_READ_CONCURRENCY, (blockNumber) =>
      withRetry(() => client.getBlock({ blockNumber, includeTransactions: true }), { what: `block ${blockNumber}` }),
    ),
    readLogs(client, address, from, to),
  ]);
  const timeOf = new Map<bigint, Date>(blocks.map((block: Block) => [block.number!, new Date(Number(block.timestamp) * 1000)]));
  const blockHashes = new Map<number, string>(blocks.map((block: Block) => [Number(block.number), block.hash!]));
  const unscannedWithLogs = [...new Set(logs.map((log) => log.blockNumber!).filter((blockNumber) => !timeOf.has(blockNumber)))];
  const headers = await inChunks(unscannedWithLogs, BLOCK_READ_CONCURRENCY, (blockNumber) => withRetry(() => client.getBlock({ blockNumber }), { what: `block ${blockNumber}` }));
  for (const block of headers) {
    timeOf.set(block.number!, new Date(Number(block.timestamp) * 1000));
    blockHashes.set(Number(block.number), block.hash!);
  }
  const sent = blocks.flatMap((block) => (block.transactions as Transaction[]).filter((tx) => tx.to?.toLowerCase() === address));
  const receipts = await inChunks(sent, BLOCK_READ_CONCURRENCY, (tx) => withRetry(() => client.getTransactionReceipt({ hash: tx.hash }), { what: `receipt ${tx.hash}` }));

  const functionsBySelector = new Map<string, AbiFunction>(abi.filter((item): item is AbiFunction => item.type === 'function').map((fn) => [toFunctionSelector(fn), fn]));
  const transactions = sent.map((tx, index) => {
    const selector = tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : '0x';
    let functionName = functionsBySelector.get(selector)?.name ?? null;
    if (functionName) {
      try {
        functionName = decodeFunctionData({ abi, data: tx.input }).functionName;
      } catch {
        // Calldata that does not decode still counts, under its selector's name.
      }
    }
    return {
      contractId: contract.id,
      projectId: contract.projectId,
      txHash: tx.hash,
      blockNumber: Number(tx.blockNumber),
      blockTime: timeOf.get(tx.blockNumber!)!,
      fromAddress: tx.from.toLowerCase(),
      selector,
      functionName: functionName ?? (selector === '0x' ? 'receive' : null),
      succeeded: receipts[index].status === 'success',
    };
  });
  const calls: CallFact[] = transactions.map((row, index) => ({ ...row, input: sent[index].input }));
  const events = logs.map((log) => {
    const { name, args } = decodeWatchedLog(abi, log);
    return {
      contractId: contract.id,
      projectId: contract.projectId,
      txHash: log.transactionHash!,
      logIndex: log.logIndex!,
      blockNumber: Number(log.blockNumber),
      blockTime: timeOf.get(log.blockNumber!)!,
      name,
      args,
    };
  });
  const times = [...timeOf.values()].map((time) => time.getTime());
  // A stretch of history with no log has no time: it changes no day's figures.
  const span = times.length ? { firstTime: new Date(Math.min(...times)), lastTime: new Date(Math.max(...times)) } : null;
  return { transactions, events, calls, blockHashes, span };
}

/** Recomputes the daily series (transactions, unique callers, events) of a project for the days in [from, to]. */
export async function refreshDailyMetrics(db: Database, projectId: string, from: Date, to: Date) {
  // ISO strings with casts: postgres.js takes no Date objects as raw parameters.
  const dayStart = sql`${new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())).toISOString()}::timestamptz`;
  const dayEnd = sql`${new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()) + 86_400_000).toISOString()}::timestamptz`;
  const labels = JSON.stringify({ projectId });
  const day = (column: unknown) => sql`(date_trunc('day', ${column} at time zone 'UTC') at time zone 'UTC')`;
  const upsert = async (name: string, source: 'tx' | 'callers' | 'events') => {
    const series = `${name}(projectId=${projectId})`;
    // Measured figures replace the demo series of the same name: one series never mixes the two.
    await db.delete(skynetMetricPoints).where(and(eq(skynetMetricPoints.series, series), eq(skynetMetricPoints.isDemo, true)));
    const select =
      source === 'events'
        ? sql`select ${day(skynetEvents.blockTime)} as at, count(*)::float8 as value from ${skynetEvents} where ${skynetEvents.projectId} = ${projectId} and ${skynetEvents.blockTime} >= ${dayStart} and ${skynetEvents.blockTime} < ${dayEnd} group by 1`
        : sql`select ${day(skynetTransactions.blockTime)} as at, ${source === 'tx' ? sql`count(*)` : sql`count(distinct ${skynetTransactions.fromAddress})`}::float8 as value from ${skynetTransactions} where ${skynetTransactions.projectId} = ${projectId} and ${skynetTransactions.blockTime} >= ${dayStart} and ${skynetTransactions.blockTime} < ${dayEnd} group by 1`;
    return db.execute(sql`
      insert into ${skynetMetricPoints} (series, name, labels, at, value, is_demo)
      select ${series}, ${name}, ${labels}::jsonb, daily.at, daily.value, false from (${select}) as daily
      on conflict (series, at) do update set value = excluded.value, is_demo = false`);
  };
  await upsert('transactions', 'tx');
  await upsert('unique-callers', 'callers');
  await upsert('events', 'events');
}


/**
 * Reads a contract's history from its cursor up to the block before the head follower took it on, batch by batch:
 * each batch stores its facts, runs the detectors and moves the cursor in one transaction, the cursor guarded so a
 * reorg rollback that moved it meanwhile voids the batch (it is read again). A failure loses nothing.
 */
export async function indexContractHistory(db: Database, client: PublicClient, contract: SkynetContractRow, options: HistoryOptions & { explorerUrl: string | null }): Promise<HistoryReport> {
  const abi = contract.abi as Abi;
  const first = contract.cursorBlock === null ? contract.fromBlock : contract.cursorBlock + 1;
  const report: HistoryReport = { contractId: contract.id, address: contract.address, fromBlock: first, toBlock: first - 1, blocks: 0, transactions: 0, logs: 0 };
  if (contract.liveFromBlock === null) return report;
  const last = BigInt(contract.liveFromBlock - 1);
  // Contracts watched before transactions had their own start scan them from fromBlock.
  const transactionsFrom = BigInt(contract.transactionsFromBlock ?? contract.fromBlock);
  const started = performance.now();
  let cursor = contract.cursorBlock;
  for (let from = BigInt(first); from <= last; ) {
    // History before transactionsFrom costs one eth_getLogs per batch, not a read per block: longer batches, and
    // none straddles transactionsFrom.
    const logsOnly = from < transactionsFrom;
    const length = BigInt(logsOnly ? Math.max(options.batchBlocks, LOG_ONLY_BATCH_BLOCKS) : options.batchBlocks);
    const end = logsOnly && transactionsFrom - 1n < last ? transactionsFrom - 1n : last;
    const to = from + length - 1n < end ? from + length - 1n : end;
    const facts = await readRange(client, contract, abi, from, to, transactionsFrom);
    const outcome = await db.transaction(async (tx) => {
      const moved = await tx
        .update(skynetContracts)
        .set({ cursorBlock: Number(to), lastError: null, lastIndexedAt: new Date() })
        .where(and(eq(skynetContracts.id, contract.id), cursor === null ? sql`${skynetContracts.cursorBlock} is null` : eq(skynetContracts.cursorBlock, cursor)))
        .returning({ id: skynetContracts.id });
      if (moved.length === 0) return null;
      const inRange = <T extends typeof skynetTransactions | typeof skynetEvents>(table: T) =>
        and(eq(table.contractId, contract.id), gte(table.blockNumber, Number(from)), lte(table.blockNumber, Number(to)));
      await tx.delete(skynetTransactions).where(inRange(skynetTransactions));
      await tx.delete(skynetEvents).where(inRange(skynetEvents));
      for (let i = 0; i < facts.transactions.length; i += 500) await tx.insert(skynetTransactions).values(facts.transactions.slice(i, i + 500));
      for (let i = 0; i < facts.events.length; i += 500) await tx.insert(skynetEvents).values(facts.events.slice(i, i + 500));
      if (facts.span) await refreshDailyMetrics(tx as unknown as Database, contract.projectId, facts.span.firstTime, facts.span.lastTime);
      const privileged = await privilegedSelectors(tx as unknown as Database, contract.id);
      const events = facts.events.map((event) => ({ ...event, name: event.name ?? '', args: event.args ?? {} }));
      return runDetectors(tx as unknown as Database, [{ contract, events, calls: facts.calls, privileged, blockHashes: facts.blockHashes }], client, options.explorerUrl);
    });
    if (outcome === null) {
      logger.info({ contract: contract.address, from: Number(from) }, 'skynet: the history cursor moved under this batch (a reorg rollback); read again next turn');
      report.behind = true;
      break;
    }
    afterAlertsChanged(outcome.changed, outcome.raised);
    cursor = Number(to);
    report.blocks += Number(to - from) + 1;
    report.transactions += facts.transactions.length;
    report.logs += facts.events.length;
    report.toBlock = Number(to);
    from = to + 1n;
    if (options.budgetMs !== undefined && from <= last && performance.now() - started > options.budgetMs) {
      report.behind = true;
      break;
    }
  }
  return report;
}

/** A contract's privileged functions: selector → signature. */
async function privilegedSelectors(db: Database, contractId: string): Promise<Map<string, string>> {
  const rows = await db.select({ selector: skynetPrivilegedFunctions.selector, signature: skynetPrivilegedFunctions.signature }).from(skynetPrivilegedFunctions).where(eq(skynetPrivilegedFunctions.contractId, contractId));
  return new Map(rows.map((row) => [row.selector, row.signature]));
}

/** Whether a contract still has history to read before the head follower's first block for it. */
export const hasHistoryLeft = (contract: Pick<SkynetContractRow, 'cursorBlock' | 'fromBlock' | 'liveFromBlock'>) =>
  contract.liveFromBlock !== null && (contract.cursorBlock ?? contract.fromBlock - 1) < contract.liveFromBlock - 1;
