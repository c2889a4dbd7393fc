import 'server-only';

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { SkynetEvidence } from '@/lib/skynet/types';

import { projects } from './catalog';

// ─── Skynet ──────────────────────────────────────────────────────────────────────────────────────────────────
// The monitoring product (issue 8): watched contracts with their indexing cursor, the facts read from the chain
// (one row per transaction to a contract and per log it emitted, so a re-read block can be deleted and read
// again without counting twice), privileged functions and addresses with their evidence, named metric series,
// social activity, and the token contracts each seeded project is known to have.

/** How a privileged function or address was found; kept with it as evidence. */
export type { SkynetEvidence };

/**
 * A contract of a project that Skynet follows on a chain of the registry (SKYNET_CHAINS). Its history, blocks
 * [fromBlock, liveFromBlock), is read by the history lane with `cursorBlock` its last block stored; from
 * `liveFromBlock` on, the chain's head follower hands it the facts of each block it reads (skynet_chains).
 */
export const skynetContracts = pgTable(
  'skynet_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    abi: jsonb('abi').$type<unknown[]>().notNull(),
    fromBlock: bigint('from_block', { mode: 'number' }).notNull(),
    /** The block that created the contract (found by binary search on eth_getCode), when known. */
    creationBlock: bigint('creation_block', { mode: 'number' }),
    /** Transactions are scanned from this block (logs from fromBlock): the figures' first block on the project page. */
    transactionsFromBlock: bigint('transactions_from_block', { mode: 'number' }),
    cursorBlock: bigint('cursor_block', { mode: 'number' }),
    /** The first block the head follower read for it; null until it joins (then history runs up to the block before). */
    liveFromBlock: bigint('live_from_block', { mode: 'number' }),
    headBlock: bigint('head_block', { mode: 'number' }),
    lastError: text('last_error'),
    lastIndexedAt: timestamp('last_indexed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved whenever its ABI, start or privileged functions change: the head follower reloads what it watches then. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('skynet_contracts_project_chain_address_idx').on(table.projectId, table.chainId, table.address),
    index('skynet_contracts_address_idx').on(table.address),
    index('skynet_contracts_chain_idx').on(table.chainId, table.updatedAt),
    check('skynet_contracts_address_format', sql`${table.address} ~ '^0x[0-9a-f]{40}$'`),
    check('skynet_contracts_from_block', sql`${table.fromBlock} >= 0`),
  ],
);

/**
 * The head follower's place on each chain: the last block whose facts are stored for every live contract (with its
 * hash, so the next block's parent hash proves no reorg), the head last seen, and the last failure.
 */
export const skynetChains = pgTable('skynet_chains', {
  chainId: integer('chain_id').primaryKey(),
  indexedBlock: bigint('indexed_block', { mode: 'number' }),
  headBlock: bigint('head_block', { mode: 'number' }),
  /** When the follower last stored a block, or found the head with nothing newer (at most every few seconds). */
  indexedAt: timestamp('indexed_at', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The recent blocks a chain's follower stored (number, hash, parent): a new block's parent hash is checked against them, and a fork point found. */
export const skynetChainBlocks = pgTable(
  'skynet_chain_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
);

/** A transaction sent to a watched contract (reverted ones included), decoded with the contract's ABI. */
export const skynetTransactions = pgTable(
  'skynet_transactions',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => skynetContracts.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    fromAddress: text('from_address').notNull(),
    /** The 4-byte selector, or '0x' for a plain transfer of ether. */
    selector: text('selector').notNull(),
    functionName: text('function_name'),
    succeeded: boolean('succeeded').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.txHash] }),
    index('skynet_transactions_block_idx').on(table.contractId, table.blockNumber),
    index('skynet_transactions_project_caller_idx').on(table.projectId, table.fromAddress),
    index('skynet_transactions_project_function_idx').on(table.projectId, table.functionName),
    index('skynet_transactions_selector_idx').on(table.contractId, table.selector, table.blockNumber),
  ],
);

/** A log emitted by a watched contract, decoded with its ABI (name null when the ABI does not know it). */
export const skynetEvents = pgTable(
  'skynet_events',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => skynetContracts.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    name: text('name'),
    args: jsonb('args').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.blockNumber, table.logIndex] }),
    index('skynet_events_project_name_idx').on(table.projectId, table.name),
    index('skynet_events_contract_name_idx').on(table.contractId, table.name, table.blockNumber),
  ],
);

/** A function of a watched contract that only some callers may use, with how we know. */
export const skynetPrivilegedFunctions = pgTable(
  'skynet_privileged_functions',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => skynetContracts.id, { onDelete: 'cascade' }),
    selector: text('selector').notNull(),
    signature: text('signature').notNull(),
    evidence: jsonb('evidence').$type<SkynetEvidence[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.selector] })],
);

/** An address holding (or having held) a privilege on a watched contract. */
export const skynetPrivilegedAddresses = pgTable(
  'skynet_privileged_addresses',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => skynetContracts.id, { onDelete: 'cascade' }),
    holder: text('holder').notNull(),
    /** 'owner', 'proxy-admin', or 'role:<bytes32>' */
    privilege: text('privilege').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull(),
    sinceBlock: bigint('since_block', { mode: 'number' }),
    sinceTx: text('since_tx'),
    evidence: jsonb('evidence').$type<SkynetEvidence[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractId, table.holder, table.privilege] })],
);

/** A named series with labels, e.g. `transactions(projectId=bitcoin)`, as timestamped values. */
export const skynetMetricPoints = pgTable(
  'skynet_metric_points',
  {
    /** The canonical name with its labels sorted: the key every read uses. */
    series: text('series').notNull(),
    name: text('name').notNull(),
    labels: jsonb('labels').$type<Record<string, string>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
    /** Extra structure of a point, e.g. the exchanges behind an `exchanges` count. */
    detail: jsonb('detail').$type<unknown>(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.series, table.at] })],
);

/** Social activity of a project by day (imported by an operator; demo otherwise). */
export const skynetSocialActivity = pgTable(
  'skynet_social_activity',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.type, table.day] })],
);

/** Token contracts a project is known to have on each chain, from a public token list. */
export const skynetKnownContracts = pgTable(
  'skynet_known_contracts',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    symbol: text('symbol').notNull(),
    source: text('source').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.chainId, table.address] })],
);

export type SkynetContractRow = typeof skynetContracts.$inferSelect;
