import 'server-only';

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const AUDIT_STATUSES = ['audited', 'under_audit', 'none'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A blockchain project; its id is the URL slug. */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    logo: text('logo'),
    rank: integer('rank'),
    tokenTickers: text('token_tickers').array().notNull().default(sql`'{}'::text[]`),
    category: text('category'),
    chains: text('chains').array().notNull().default(sql`'{}'::text[]`),
    website: text('website'),
    description: text('description'),
    auditStatus: text('audit_status', { enum: AUDIT_STATUSES }).notNull().default('none'),
    kycVerified: boolean('kyc_verified').notNull().default(false),
    /** True when any figure on the row (rank, category, …) was generated for the demo rather than measured. */
    isDemo: boolean('is_demo').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('projects_rank_idx').on(table.rank),
    check('projects_id_slug', sql`${table.id} ~ '^[a-z0-9][a-z0-9-]{0,99}$'`),
    check('projects_name_length', sql`char_length(${table.name}) between 1 and 200`),
    check('projects_rank_positive', sql`${table.rank} is null or ${table.rank} > 0`),
  ],
);

/** A "Request a Quote" submission, kept for the sales team. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    website: text('website'),
    services: text('services').array().notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('quote_requests_name_length', sql`char_length(${table.name}) between 1 and 100`),
    check('quote_requests_email_length', sql`char_length(${table.email}) between 3 and 254`),
    check('quote_requests_message_length', sql`char_length(${table.message}) <= 5000`),
    check('quote_requests_services_nonempty', sql`cardinality(${table.services}) > 0`),
  ],
);

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type NewQuoteRequest = typeof quoteRequests.$inferInsert;
