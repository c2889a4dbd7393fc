import 'server-only';

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { CODE_MATCH_REASONS, CODE_MATCH_STATUSES } from '@/lib/code-match';

import { audits } from './catalog';

/** What an audit names as audited (issue #20): its source files, compiler and settings, contracts and addresses. */
export const auditCode = pgTable(
  'audit_code',
  {
    auditId: uuid('audit_id')
      .primaryKey()
      .references(() => audits.id, { onDelete: 'cascade' }),
    repository: text('repository'),
    commit: text('commit'),
    /** The uploaded files, path → content: what was audited is kept with the audit, not fetched from anywhere. */
    files: jsonb('files').$type<{ path: string; content: string }[]>().notNull(),
    compilerVersion: text('compiler_version').notNull(),
    optimizer: boolean('optimizer').notNull(),
    runs: integer('runs').notNull(),
    evmVersion: text('evm_version'),
    viaIR: boolean('via_ir').notNull().default(false),
    /** file.sol:Name of each contract covered. */
    contracts: jsonb('contracts').$type<string[]>().notNull(),
    deployments: jsonb('deployments').$type<{ contract: string; chainId: number; address: string }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** solc's output for one source + settings, by their hash: compiled once, whatever the number of audits naming it. */
export const codeCompilations = pgTable('code_compilations', {
  key: text('key').primaryKey(),
  compilerVersion: text('compiler_version').notNull(),
  /** file.sol:Name → runtime bytecode and the ranges to ignore in it; null with `error` when solc refused the source. */
  contracts: jsonb('contracts').$type<Record<string, { runtime: string; immutables: { start: number; length: number }[]; links: { start: number; length: number }[] }>>(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last comparison per audit, contract and address. */
export const codeMatches = pgTable(
  'code_matches',
  {
    auditId: uuid('audit_id')
      .notNull()
      .references(() => audits.id, { onDelete: 'cascade' }),
    contract: text('contract').notNull(),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: CODE_MATCH_STATUSES }).notNull(),
    reason: text('reason', { enum: CODE_MATCH_REASONS }),
    detail: text('detail'),
    /** For a proxy: the implementation compared now, and the one there at the first check after the audit was named. */
    implementation: text('implementation'),
    auditedImplementation: text('audited_implementation'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.auditId, table.contract, table.chainId, table.address] }),
    index('code_matches_implementation_idx').on(table.chainId, table.implementation),
    check('code_matches_address_format', sql`${table.address} ~ '^0x[0-9a-f]{40}$'`),
  ],
);
