import 'server-only';

import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { decodeEventLog, decodeFunctionData, toFunctionSelector, type Abi, type AbiFunction, type Block, type Log, type PublicClient, type Transaction } from 'viem';

import { getConfig } from '../config';
import { getDatabaseHandle, type Database, type DatabaseHandle } from '../db/client';
import { skynetContracts, skynetEvents, skynetMetricPoints, skynetTransactions, type SkynetContractRow } from '../db/schema';
import { logger } from '../logger';
import { nudgeMailWorker } from '../mail/worker';
import { nudgeWebhookWorker } from '../webhooks/worker';
import { plainArgs } from './abi';
import { getChainClient, resolveRpcUrl, shortError, withRetry } from './chain';
import { refreshAdminPowersIfDue } from './admin-powers';
import { checkAuditCodeIfDue } from './code-match';
import { runDetectors } from './detectors';
import { clearSkynetMemo } from './memo';
import { refreshPrivilegedAddresses } from './privileges';

export type IndexOptions = {
  reorgDepth: number;
  batchBlocks: number;
  /** Stop a contract after the batch that passes this long (the next pass goes on): one long backfill never holds up the others' head. */
  budgetMs?: number;
};
export type IndexReport = {
  contractId: string;
  address: string;
  fromBlock: number;
  toBlock: number;
  blocks: number;
  transactions: number;
  logs: number;
  skipped?: string;
  /** Stopped short of the head by the time budget: another pass should follow at once. */
  behind?: boolean;
};

/** Blocks per batch in history read for logs only (one eth_getLogs each; within what public endpoints allow). */
const LOG_ONLY_BATCH_BLOCKS = 2_000;

/** How many block reads are in flight at once (each is one request of a JSON-RPC batch). */
const BLOCK_READ_CONCURRENCY = 50;

async function inChunks<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

type RangeFacts = {
  transactions: (typeof skynetTransactions.$inferInsert)[];
  events: (typeof skynetEvents.$inferInsert)[];
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
async function readLogs(client: PublicClient, address: `0x${string}`, from: bigint, to: bigint): Promise<Log[]> {
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
  const unscannedWithLogs = [...new Set(logs.map((log) => log.blockNumber!).filter((blockNumber) => !timeOf.has(blockNumber)))];
  const headers = await inChunks(unscannedWithLogs, BLOCK_READ_CONCURRENCY, (blockNumber) => withRetry(() => client.getBlock({ blockNumber }), { what: `block ${blockNumber}` }));
  for (const block of headers) timeOf.set(block.number!, new Date(Number(block.timestamp) * 1000));
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
  const events = logs.map((log) => {
    let name: string | null = null;
    let args: Record<string, string> = {};
    try {
      const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
      name = decoded.eventName ?? null;
      const item = abi.find((entry) => entry.type === 'event' && entry.name === name);
      args = item && item.type === 'event' ? plainArgs(decoded.args, item.inputs) : {};
    } catch {
      // An event the ABI does not describe is kept unnamed.
    }
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
  return { transactions, events, span };
}

/** Recomputes the daily series (transactions, unique callers, events) of a project for the days in [from, to]. */
async function refreshDailyMetrics(db: Database, projectId: string, from: Date, to: Date) {
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
 * Follows one contract from its cursor to the head. The first batch starts `reorgDepth` blocks before the cursor;
 * every batch replaces the facts of its blocks and moves the cursor in one transaction, so a re-read block is
 * never counted twice and a failure loses nothing (the cursor stays where the last committed batch left it).
 */
export async function indexContract(db: Database, contract: SkynetContractRow, options: IndexOptions): Promise<IndexReport> {
  const client = getChainClient(resolveRpcUrl(contract.rpcUrl));
  const abi = contract.abi as Abi;
  const head = await withRetry(() => client.getBlockNumber({ cacheTime: 0 }), { what: 'block number' });
  const first = contract.cursorBlock === null ? contract.fromBlock : Math.max(contract.fromBlock, contract.cursorBlock + 1 - options.reorgDepth);
  const report: IndexReport = { contractId: contract.id, address: contract.address, fromBlock: first, toBlock: first - 1, blocks: 0, transactions: 0, logs: 0 };
  // Contracts watched before transactions had their own start scan them from fromBlock.
  const transactionsFrom = BigInt(contract.transactionsFromBlock ?? contract.fromBlock);
  const started = performance.now();
  for (let from = BigInt(first); from <= head; ) {
    // History before transactionsFrom costs one eth_getLogs per batch, not a read per block: longer batches, and
    // none straddles transactionsFrom.
    const logsOnly = from < transactionsFrom;
    const length = BigInt(logsOnly ? Math.max(options.batchBlocks, LOG_ONLY_BATCH_BLOCKS) : options.batchBlocks);
    const last = logsOnly && transactionsFrom - 1n < head ? transactionsFrom - 1n : head;
    const to = from + length - 1n < last ? from + length - 1n : last;
    const facts = await readRange(client, contract, abi, from, to, transactionsFrom);
    await db.transaction(async (tx) => {
      const inRange = <T extends typeof skynetTransactions | typeof skynetEvents>(table: T) =>
        and(eq(table.contractId, contract.id), gte(table.blockNumber, Number(from)), lte(table.blockNumber, Number(to)));
      await tx.delete(skynetTransactions).where(inRange(skynetTransactions));
      await tx.delete(skynetEvents).where(inRange(skynetEvents));
      for (let i = 0; i < facts.transactions.length; i += 500) await tx.insert(skynetTransactions).values(facts.transactions.slice(i, i + 500));
      for (let i = 0; i < facts.events.length; i += 500) await tx.insert(skynetEvents).values(facts.events.slice(i, i + 500));
      if (facts.span) await refreshDailyMetrics(tx as unknown as Database, contract.projectId, facts.span.firstTime, facts.span.lastTime);
      await runDetectors(tx as unknown as Database, contract, { from: Number(from), to: Number(to) }, client);
      await tx
        .update(skynetContracts)
        .set({ cursorBlock: Number(to), headBlock: Number(head), lastError: null, lastIndexedAt: new Date() })
        .where(eq(skynetContracts.id, contract.id));
    });
    // The batch may have notified watchers of new alerts: their mails and webhooks go out now, not at the next poll.
    if (facts.events.length || facts.transactions.length) {
      nudgeMailWorker();
      nudgeWebhookWorker();
    }
    report.blocks += Number(to - from) + 1;
    report.transactions += facts.transactions.length;
    report.logs += facts.events.length;
    report.toBlock = Number(to);
    from = to + 1n;
    // Never within the re-read blocks: stopping there would move the cursor back and the next pass would re-read again.
    const pastCursor = contract.cursorBlock === null || Number(to) > contract.cursorBlock;
    if (options.budgetMs !== undefined && from <= head && pastCursor && performance.now() - started > options.budgetMs) {
      report.behind = true;
      break;
    }
  }
  await refreshPrivilegedAddresses(db, client, { ...contract, cursorBlock: report.toBlock }, head);
  return report;
}

const running = new Set<string>();

/**
 * Runs work for one contract unless another worker already does. PostgreSQL: a session advisory lock per contract
 * (on a reserved connection), so several indexer processes share the contracts without doing one twice. PGlite:
 * one process owns the folder (DATA_DIR lock), so an in-process guard is enough.
 */
async function withContractLock<T>(handle: DatabaseHandle, contractId: string, work: () => Promise<T>): Promise<T | null> {
  if (running.has(contractId)) return null;
  running.add(contractId);
  try {
    if (handle.kind !== 'postgres') return await work();
    const pool = (handle.db as unknown as { $client: import('postgres').Sql }).$client;
    const connection = await pool.reserve();
    try {
      const [{ locked }] = await connection`select pg_try_advisory_lock(hashtext(${`skynet:${contractId}`})) as locked`;
      if (!locked) return null;
      try {
        return await work();
      } finally {
        await connection`select pg_advisory_unlock(hashtext(${`skynet:${contractId}`}))`;
      }
    } finally {
      connection.release();
    }
  } finally {
    running.delete(contractId);
  }
}

/** One pass over every watched contract; a failing contract keeps its cursor, records its error and does not stop the others. */
export async function indexAllContracts(options: Partial<IndexOptions> = {}): Promise<IndexReport[]> {
  const handle = await getDatabaseHandle();
  const { reorgDepth, batchBlocks, budgetMs } = { ...getConfig().skynet, ...options };
  const contracts = await handle.db.select().from(skynetContracts).orderBy(asc(skynetContracts.createdAt));
  const reports: IndexReport[] = [];
  for (const listed of contracts) {
    try {
      const report = await withContractLock(handle, listed.id, async () => {
        // Read again under the lock: another worker may have moved the cursor.
        const [contract] = await handle.db.select().from(skynetContracts).where(eq(skynetContracts.id, listed.id));
        return indexContract(handle.db, contract, { reorgDepth, batchBlocks, budgetMs });
      });
      reports.push(report ?? { contractId: listed.id, address: listed.address, fromBlock: 0, toBlock: -1, blocks: 0, transactions: 0, logs: 0, skipped: 'another worker holds it' });
    } catch (error) {
      const message = shortError(error);
      logger.error({ contract: listed.address, chainId: listed.chainId, err: message }, 'skynet: indexing failed; the cursor is kept');
      await handle.db.update(skynetContracts).set({ lastError: message.slice(0, 1000) }).where(eq(skynetContracts.id, listed.id));
      reports.push({ contractId: listed.id, address: listed.address, fromBlock: 0, toBlock: -1, blocks: 0, transactions: 0, logs: 0, skipped: message });
    }
  }
  // Audited code against the chain (#20): upgrades since an audit show here, off the request path.
  await checkAuditCodeIfDue(handle.db);
  // Admin powers (#20): who can change each contract, read again at most once per interval.
  await refreshAdminPowersIfDue(handle.db);
  clearSkynetMemo();
  return reports;
}
