import 'server-only';

import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { AdminRiskLevel, HolderChainReading, PowerCategory } from '@/lib/skynet/admin-powers';
import type { SkynetEvidence } from '@/lib/skynet/types';

import { skynetContracts } from './skynet';

/** The current admin-powers reading of a watched contract (issue #20): replaced at each refresh, one row per contract. */
export const adminPowers = pgTable(
  'admin_powers',
  {
    contractId: uuid('contract_id')
      .primaryKey()
      .references(() => skynetContracts.id, { onDelete: 'cascade' }),
    pattern: text('pattern', { enum: ['transparent', 'uups', 'beacon', 'none'] }).notNull(),
    implementation: text('implementation'),
    proxyAdmin: text('proxy_admin'),
    /** Per holder followed (owner, proxy admin): its chain of links to the final controller, and the delay on the way. */
    holders: jsonb('holders').$type<HolderChainReading[]>().notNull(),
    powers: jsonb('powers').$type<{ category: PowerCategory; functions: string[]; holder: string | null; delaySeconds: number }[]>().notNull(),
    /** Upgraded / AdminChanged / BeaconUpgraded events of the contract, oldest first, read on from the last reading's block. */
    upgrades: jsonb('upgrades').$type<{ kind: 'upgraded' | 'admin-changed' | 'beacon-upgraded'; to: string; from: string | null; blockNumber: number; txHash: string; logIndex: number }[]>().notNull().default([]),
    summary: text('summary').notNull(),
    riskLevel: text('risk_level').$type<AdminRiskLevel>().notNull(),
    riskRule: text('risk_rule').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    evidence: jsonb('evidence').$type<SkynetEvidence[]>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('admin_powers_risk_level', sql`${table.riskLevel} in ('low', 'medium', 'high')`)],
);
