import 'server-only';

import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { hexToNumber, toHex, type Block, type Hex, type PublicClient, type Transaction } from 'viem';

import type { Database } from '../db/client';
import { skynetChainBlocks, skynetChains, skynetContracts, skynetEvents, skynetTransactions } from '../db/schema';
import { logger } from '../logger';
import { nudgeMailWorker } from '../mail/worker';
import { nudgeWebhookWorker } from '../webhooks/worker';
import { inChunks } from './history';
import { shortError, withRetry } from './chain';
import type { SkynetChain } from './chains';
import { afterAlertsChanged, retractAlertsAfter, runDetectors, type CallFact, type ContractFacts } from './detectors';
import { clearSkynetMemo } from './memo';
import { skynetMetrics } from './metrics';
import { ADMIN_CHANGE_TOPICS, decodeStandardLog, decodeWatchedLog, PRIVILEGE_EVENT_NAMES, TIMELOCK_TOPICS } from './standard-events';
import { saveTimelockFacts, type TimelockFact } from './timelock-alerts';
import { loadWatchedIndex, watchedVersion, type WatchedContract, type WatchedIndex } from './watched-index';

// The head follower of one chain: each new block is read once (the block with its transactions, and all its
// receipts in one eth_getBlockReceipts), its facts handed in memory to every watched contract of the chain, and
// stored with the chain's cursor in one transaction. A new block whose parent hash is not the stored hash of the
// block before is a reorg: the chain is rolled back to the fork point and read again from there.

/** At most this many blocks are read and stored per step when behind; a step then commits them together. */
const MAX_BLOCKS_PER_STEP = 20;

/** How often a follower with no new block checks whether what it watches changed. */
const INDEX_CHECK_MS = 1_000;

/** How often a follower at the head with no new block marks its chain row as checked. */
const IDLE_TOUCH_MS = 10_000;

type RawLog = { address: string; topics: [Hex, ...Hex[]] | []; data: Hex; logIndex: Hex | number; transactionHash: Hex };
type RawReceipt = { transactionHash: Hex; status: Hex | 'success' | 'reverted'; blockHash: Hex; logs: RawLog[] };
type ReadBlock = { block: Block<bigint, true>; receipts: RawReceipt[] };

/** A change of who controls a watched contract, seen in a block: whose powers to read again, and the transaction. */
export type PowersTrigger = { contractId: string; txHash: string; blockNumber: number; privileges: boolean };

export type FollowStep = { chainId: number; head: number; fromBlock: number; toBlock: number; blocks: number; transactions: number; logs: number; reorgTo?: number };

export type ChainFollower = {
  chain: SkynetChain;
  /** Reads the new blocks up to the head (at most MAX_BLOCKS_PER_STEP); answers what it did. */
  step(): Promise<FollowStep>;
  /** The triggers the stored blocks raised since the last call (the powers lane reads them). */
  takeTriggers(): PowersTrigger[];
  /** Projects whose daily series changed since the last call, with the span of block times. */
  takeDirtySeries(): Map<string, { first: Date; last: Date }>;
  index(): WatchedIndex | null;
};

export class LostLeadershipError extends Error {
  name = 'LostLeadershipError';
}

const receiptSucceeded = (status: RawReceipt['status']) => status === 'success' || status === '0x1';
const logIndexOf = (log: RawLog) => (typeof log.logIndex === 'number' ? log.logIndex : hexToNumber(log.logIndex));

export function createChainFollower(db: Database, chain: SkynetChain, client: PublicClient): ChainFollower {
  let indexed: number | null = null;
  let indexedHash: string | null = null;
  let loaded = false;
  let watched: WatchedIndex | null = null;
  /** eth_getBlockReceipts answers on most endpoints; one that lacks it gets the block's logs and the watched receipts. */
  let blockReceipts = true;
  let triggers: PowersTrigger[] = [];
  let dirty = new Map<string, { first: Date; last: Date }>();
  let lastTouch = 0;
  let lastIndexCheck = 0;
  const label = { chain: String(chain.id) };
  const metrics = skynetMetrics();

  async function loadCursor(head: number) {
    // An endpoint of another chain would store its blocks under this chain's id: refused before anything is read.
    const answered = await withRetry(() => client.getChainId(), { what: 'chain id', attempts: 2 });
    if (answered !== chain.id) throw new Error(`The endpoints of chain ${chain.id} (${chain.name}) answer chain id ${answered}: fix SKYNET_CHAINS.`);
    const [row] = await db.select().from(skynetChains).where(eq(skynetChains.chainId, chain.id));
    if (row?.indexedBlock !== null && row?.indexedBlock !== undefined) {
      indexed = row.indexedBlock;
      const [stored] = await db.select({ hash: skynetChainBlocks.hash }).from(skynetChainBlocks).where(and(eq(skynetChainBlocks.chainId, chain.id), eq(skynetChainBlocks.number, indexed)));
      indexedHash = stored?.hash ?? null;
    } else {
      // The first start on this chain begins at the head: what came before is each contract's history lane.
      const block = await withRetry(() => client.getBlock({ blockNumber: BigInt(head) }), { what: `block ${head}` });
      await db.transaction(async (tx) => {
        await tx
          .insert(skynetChains)
          .values({ chainId: chain.id, indexedBlock: head, headBlock: head, indexedAt: new Date() })
          .onConflictDoUpdate({ target: skynetChains.chainId, set: { indexedBlock: head, headBlock: head, indexedAt: new Date() } });
        await tx
          .insert(skynetChainBlocks)
          .values({ chainId: chain.id, number: head, hash: block.hash!, parentHash: block.parentHash, blockTime: new Date(Number(block.timestamp) * 1000) })
          .onConflictDoNothing();
      });
      indexed = head;
      indexedHash = block.hash!;
    }
    loaded = true;
  }

  async function refreshIndex() {
    lastIndexCheck = Date.now();
    const version = await watchedVersion(db, chain.id);
    if (watched && watched.version === version) return;
    watched = await loadWatchedIndex(db, chain.id, indexed! + 1);
    metrics.watched.set(label, watched.size);
  }

  async function readReceipts(block: Block<bigint, true>): Promise<RawReceipt[]> {
    const number = block.number!;
    if (blockReceipts) {
      try {
        return await withRetry(() => client.request({ method: 'eth_getBlockReceipts' as never, params: [toHex(number)] as never }) as Promise<RawReceipt[]>, {
          what: `receipts of block ${number}`,
        });
      } catch (error) {
        if (!/method.*(not|does not exist|unsupported|not available)|-32601/i.test(`${shortError(error)} ${(error as { details?: string }).details ?? ''}`)) throw error;
        logger.warn({ chainId: chain.id }, 'skynet: the endpoint has no eth_getBlockReceipts; reading the block logs and one receipt per watched transaction');
        blockReceipts = false;
      }
    }
    // Without block receipts: the block's logs in one query, and a receipt for each transaction sent to a watched address.
    const logs = await withRetry(() => client.getLogs({ blockHash: block.hash! }), { what: `logs of block ${number}` });
    const sent = (block.transactions as Transaction[]).filter((tx) => tx.to && watched?.byAddress.has(tx.to.toLowerCase()));
    const receipts = await inChunks(sent, 50, (tx) => withRetry(() => client.getTransactionReceipt({ hash: tx.hash }), { what: `receipt ${tx.hash}` }));
    const byTx = new Map<string, RawLog[]>();
    for (const log of logs) {
      const raw: RawLog = { address: log.address, topics: log.topics, data: log.data, logIndex: log.logIndex!, transactionHash: log.transactionHash! };
      byTx.set(log.transactionHash!, [...(byTx.get(log.transactionHash!) ?? []), raw]);
    }
    const withStatus = new Set(receipts.map((receipt) => receipt.transactionHash));
    return [
      ...receipts.map((receipt) => ({ transactionHash: receipt.transactionHash, status: receipt.status, blockHash: receipt.blockHash, logs: byTx.get(receipt.transactionHash) ?? [] })),
      ...[...byTx].filter(([hash]) => !withStatus.has(hash as Hex)).map(([hash, txLogs]) => ({ transactionHash: hash as Hex, status: '0x1' as const, blockHash: block.hash!, logs: txLogs })),
    ];
  }

  /** A block and its receipts, read again when the two answers come from different forks. */
  async function readBlock(number: number): Promise<ReadBlock> {
    for (let attempt = 0; ; attempt++) {
      const block = (await withRetry(() => client.getBlock({ blockNumber: BigInt(number), includeTransactions: true }), { what: `block ${number}` })) as Block<bigint, true>;
      const receipts = await readReceipts(block);
      if (receipts.every((receipt) => receipt.blockHash === block.hash) || attempt >= 3) return { block, receipts };
    }
  }

  /** The facts of the read blocks for the live watched contracts, the timelock operations and the powers triggers. */
  function factsOf(read: ReadBlock[]) {
    const index = watched!;
    const perContract = new Map<string, ContractFacts>();
    const transactions: (typeof skynetTransactions.$inferInsert)[] = [];
    const events: (typeof skynetEvents.$inferInsert)[] = [];
    const timelock: TimelockFact[] = [];
    const newTriggers: PowersTrigger[] = [];
    const blockHashes = new Map<number, string>();
    const factsFor = (contract: WatchedContract) => {
      let facts = perContract.get(contract.row.id);
      if (!facts) {
        facts = { contract: contract.row, events: [], calls: [], privileged: contract.privileged, blockHashes };
        perContract.set(contract.row.id, facts);
      }
      return facts;
    };
    for (const { block, receipts } of read) {
      const number = Number(block.number);
      const blockTime = new Date(Number(block.timestamp) * 1000);
      blockHashes.set(number, block.hash!);
      const live = (address: string | null | undefined) => (address ? (index.byAddress.get(address.toLowerCase()) ?? []).filter((entry) => entry.row.liveFromBlock !== null && entry.row.liveFromBlock <= number) : []);
      const statusOf = new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receiptSucceeded(receipt.status)]));
      for (const tx of block.transactions as Transaction[]) {
        for (const contract of live(tx.to)) {
          const selector = tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : '0x';
          const fn = contract.functionsBySelector.get(selector);
          const call: CallFact = {
            txHash: tx.hash,
            blockNumber: number,
            blockTime,
            fromAddress: tx.from.toLowerCase(),
            selector,
            functionName: fn?.name ?? (selector === '0x' ? 'receive' : null),
            input: tx.input,
            succeeded: statusOf.get(tx.hash.toLowerCase()) ?? false,
          };
          factsFor(contract).calls.push(call);
          // Calldata is kept in memory for the detectors, not stored.
          transactions.push({
            contractId: contract.row.id,
            projectId: contract.row.projectId,
            txHash: call.txHash,
            blockNumber: number,
            blockTime,
            fromAddress: call.fromAddress,
            selector,
            functionName: call.functionName,
            succeeded: call.succeeded,
          });
        }
      }
      for (const receipt of receipts) {
        for (const log of receipt.logs) {
          const address = log.address.toLowerCase();
          const logIndex = logIndexOf(log);
          for (const contract of live(address)) {
            const { name, args } = decodeWatchedLog(contract.abi, log);
            const event = { txHash: receipt.transactionHash, logIndex, blockNumber: number, blockTime, name, args };
            factsFor(contract).events.push({ ...event, name: name ?? '' });
            events.push({ ...event, contractId: contract.row.id, projectId: contract.row.projectId });
            if (name && PRIVILEGE_EVENT_NAMES.has(name)) newTriggers.push({ contractId: contract.row.id, txHash: receipt.transactionHash, blockNumber: number, privileges: true });
          }
          const topic = log.topics[0];
          if (topic === TIMELOCK_TOPICS.scheduled || topic === TIMELOCK_TOPICS.executed || topic === TIMELOCK_TOPICS.cancelled) {
            const decoded = decodeStandardLog(log);
            if (decoded) {
              const { args } = decoded;
              const kind = topic === TIMELOCK_TOPICS.scheduled ? 'scheduled' : topic === TIMELOCK_TOPICS.executed ? 'executed' : 'cancelled';
              const target = args.target?.toLowerCase() ?? null;
              // Scheduled against a watched contract, or the ProxyAdmin (a holder) that upgrades one; settling is looked up by id.
              if (kind !== 'scheduled' || (target && (index.byAddress.has(target) || index.holders.has(target)))) {
                timelock.push({
                  kind,
                  timelock: address,
                  operationId: args.id,
                  index: args.index ?? null,
                  target,
                  value: args.value ?? null,
                  data: (args.data as Hex | undefined) ?? null,
                  delaySeconds: args.delay !== undefined ? Number(args.delay) : null,
                  txHash: receipt.transactionHash,
                  logIndex,
                  blockNumber: number,
                  blockTime,
                });
              }
            }
          }
          // A holder's own event (a Safe's threshold, a timelock's delay or roles, a ProxyAdmin's owner): its contracts are read again.
          const held = index.holders.get(address);
          if (held && ADMIN_CHANGE_TOPICS.includes(topic!)) {
            for (const contractId of held) newTriggers.push({ contractId, txHash: receipt.transactionHash, blockNumber: number, privileges: false });
          }
        }
      }
    }
    return { perContract: [...perContract.values()], transactions, events, timelock, newTriggers, blockHashes };
  }

  /** Contracts a timelock operation's target names: the watched contract itself, or those a ProxyAdmin holds. */
  function targetsOf(address: string) {
    const index = watched!;
    const direct = (index.byAddress.get(address) ?? []).map((entry) => entry.row);
    const held = [...(index.holders.get(address) ?? [])];
    const viaHolder = [...index.byAddress.values()].flat().filter((entry) => held.includes(entry.row.id)).map((entry) => entry.row);
    return [...new Map([...direct, ...viaHolder].map((row) => [row.id, row])).values()];
  }

  /** Walks back from the stored blocks to the last one the endpoint still has: the fork point. */
  async function findForkPoint(): Promise<number> {
    const stored = await db
      .select({ number: skynetChainBlocks.number, hash: skynetChainBlocks.hash })
      .from(skynetChainBlocks)
      .where(and(eq(skynetChainBlocks.chainId, chain.id), sql`${skynetChainBlocks.number} <= ${indexed!}`))
      .orderBy(sql`${skynetChainBlocks.number} desc`)
      .limit(chain.confirmations + 1);
    for (const entry of stored) {
      const block = await withRetry(() => client.getBlock({ blockNumber: BigInt(entry.number) }), { what: `block ${entry.number}` });
      if (block.hash === entry.hash) return entry.number;
    }
    // Deeper than the hashes kept: go back as far as they reach, and say so.
    const deepest = stored.length ? stored[stored.length - 1].number - 1 : indexed! - chain.confirmations;
    logger.error({ chainId: chain.id, indexed, deepest }, 'skynet: a reorg deeper than the confirmation depth; re-reading from the oldest kept block');
    return deepest;
  }

  /** Rolls the chain back to `fork`: later facts of every contract of the chain go, their alerts are retracted. */
  async function rollBack(fork: number) {
    const expected = indexed!;
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(skynetChains)
        .set({ indexedBlock: fork, updatedAt: new Date() })
        .where(and(eq(skynetChains.chainId, chain.id), eq(skynetChains.indexedBlock, expected)))
        .returning({ chainId: skynetChains.chainId });
      if (moved.length === 0) throw new LostLeadershipError('another follower moved the cursor of this chain');
      const ofChain = tx.select({ id: skynetContracts.id }).from(skynetContracts).where(eq(skynetContracts.chainId, chain.id));
      await tx.delete(skynetTransactions).where(and(inArray(skynetTransactions.contractId, ofChain), gt(skynetTransactions.blockNumber, fork)));
      await tx.delete(skynetEvents).where(and(inArray(skynetEvents.contractId, ofChain), gt(skynetEvents.blockNumber, fork)));
      await tx
        .update(skynetContracts)
        .set({ cursorBlock: sql`least(${skynetContracts.cursorBlock}, ${fork})`, liveFromBlock: sql`least(${skynetContracts.liveFromBlock}, ${fork + 1})` })
        .where(eq(skynetContracts.chainId, chain.id));
      await tx.delete(skynetChainBlocks).where(and(eq(skynetChainBlocks.chainId, chain.id), gt(skynetChainBlocks.number, fork)));
      await retractAlertsAfter(tx as unknown as Database, chain.id, fork);
    });
    const [kept] = await db.select({ hash: skynetChainBlocks.hash }).from(skynetChainBlocks).where(and(eq(skynetChainBlocks.chainId, chain.id), eq(skynetChainBlocks.number, fork)));
    indexed = fork;
    indexedHash = kept?.hash ?? null;
    watched = null; // live-from blocks moved
    metrics.reorgs.inc(label);
    logger.warn({ chainId: chain.id, fork, was: expected }, 'skynet: reorg; rolled back to the fork point and reading again');
  }

  async function step(): Promise<FollowStep> {
    const head = Number(await withRetry(() => client.getBlockNumber({ cacheTime: 0 }), { what: 'block number', attempts: 2 }));
    metrics.head.set(label, head);
    if (!loaded) await loadCursor(head);
    // Newly watched contracts join within a second even while no block comes (their history lane starts then).
    if (!watched || Date.now() - lastIndexCheck > INDEX_CHECK_MS) await refreshIndex();
    const from = indexed! + 1;
    const report: FollowStep = { chainId: chain.id, head, fromBlock: from, toBlock: indexed!, blocks: 0, transactions: 0, logs: 0 };
    metrics.indexed.set(label, indexed!);
    metrics.lag.set(label, Math.max(0, head - indexed!));
    if (head < from) {
      if (head < indexed!) {
        // The endpoint's head went back (a reorg to a shorter chain, or a node behind the last one): check by hash.
        await rollBack(await findForkPoint());
        return { ...report, reorgTo: indexed! };
      }
      // At the head with nothing new: the row says so now and then, so /status can tell a quiet chain from a stopped follower.
      if (Date.now() - lastTouch > IDLE_TOUCH_MS) {
        lastTouch = Date.now();
        await db.update(skynetChains).set({ headBlock: head, indexedAt: new Date(), lastError: null }).where(eq(skynetChains.chainId, chain.id));
      }
      return report;
    }
    lastTouch = Date.now();
    // What is watched is checked only when there are blocks to hand out (one cheap query), not at every poll.
    await refreshIndex();
    const to = Math.min(head, indexed! + MAX_BLOCKS_PER_STEP);
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const read = await Promise.all(numbers.map(readBlock));
    let parent = indexedHash;
    for (const { block } of read) {
      if (parent !== null && block.parentHash !== parent) {
        await rollBack(await findForkPoint());
        return { ...report, reorgTo: indexed! };
      }
      parent = block.hash!;
    }
    const facts = factsOf(read);
    const last = read[read.length - 1].block;
    const expected = indexed!;
    const outcome = await db.transaction(async (tx) => {
      const moved = await tx
        .update(skynetChains)
        .set({ indexedBlock: to, headBlock: head, indexedAt: new Date(), lastError: null, updatedAt: new Date() })
        .where(and(eq(skynetChains.chainId, chain.id), eq(skynetChains.indexedBlock, expected)))
        .returning({ chainId: skynetChains.chainId });
      if (moved.length === 0) throw new LostLeadershipError('another follower moved the cursor of this chain');
      for (let i = 0; i < facts.transactions.length; i += 500) await tx.insert(skynetTransactions).values(facts.transactions.slice(i, i + 500)).onConflictDoNothing();
      for (let i = 0; i < facts.events.length; i += 500) await tx.insert(skynetEvents).values(facts.events.slice(i, i + 500)).onConflictDoNothing();
      await tx
        .insert(skynetChainBlocks)
        .values(read.map(({ block }) => ({ chainId: chain.id, number: Number(block.number), hash: block.hash!, parentHash: block.parentHash, blockTime: new Date(Number(block.timestamp) * 1000) })))
        .onConflictDoUpdate({ target: [skynetChainBlocks.chainId, skynetChainBlocks.number], set: { hash: sql`excluded.hash`, parentHash: sql`excluded.parent_hash`, blockTime: sql`excluded.block_time` } });
      await tx.delete(skynetChainBlocks).where(and(eq(skynetChainBlocks.chainId, chain.id), lt(skynetChainBlocks.number, to - chain.confirmations)));
      const detected = await runDetectors(tx as unknown as Database, facts.perContract, client, chain.explorerUrl);
      const scheduled = await saveTimelockFacts(tx as unknown as Database, chain.id, facts.timelock, targetsOf, facts.blockHashes, chain.explorerUrl);
      return { changed: detected.changed + scheduled.changed, raised: [...detected.raised, ...scheduled.raised] };
    });
    indexed = to;
    indexedHash = last.hash!;
    triggers.push(...facts.newTriggers);
    for (const entry of facts.perContract) {
      const times = [...entry.events.map((event) => event.blockTime), ...entry.calls.map((call) => call.blockTime)];
      if (!times.length) continue;
      const span = dirty.get(entry.contract.projectId);
      const first = new Date(Math.min(...times.map(Number), span?.first.getTime() ?? Infinity));
      const lastTime = new Date(Math.max(...times.map(Number), span?.last.getTime() ?? -Infinity));
      dirty.set(entry.contract.projectId, { first, last: lastTime });
    }
    afterAlertsChanged(outcome.changed, outcome.raised);
    if (outcome.raised.length || facts.transactions.length || facts.events.length) {
      // The block may have notified watchers: their mails and webhooks go out now, not at the workers' next poll.
      nudgeMailWorker();
      nudgeWebhookWorker();
      clearSkynetMemo();
    }
    metrics.blocks.inc(label, read.length);
    metrics.indexed.set(label, to);
    metrics.lag.set(label, Math.max(0, head - to));
    return { ...report, toBlock: to, blocks: read.length, transactions: facts.transactions.length, logs: facts.events.length };
  }

  return {
    chain,
    step,
    takeTriggers: () => {
      const taken = triggers;
      triggers = [];
      return taken;
    },
    takeDirtySeries: () => {
      const taken = dirty;
      dirty = new Map();
      return taken;
    },
    index: () => watched,
  };
}

