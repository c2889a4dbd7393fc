import 'server-only';

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

/** A member of our user pool. Emails are unique regardless of case; the password hash never leaves server/. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    image: text('image'),
    passwordHash: text('password_hash').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_idx').on(table.username),
    check('users_email_length', sql`char_length(${table.email}) between 3 and 254`),
    check('users_username_length', sql`char_length(${table.username}) between 1 and 64`),
  ],
);

export const CODE_PURPOSES = ['confirm-signup', 'reset-password'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/** One-time codes mailed to users; only a keyed hash is stored, and each allows a few wrong tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verification_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    check('verification_codes_attempts', sql`${table.attempts} >= 0`),
  ],
);

/** Mail kept by the outbox when no SMTP server is configured (listed at /dev/mailbox outside production). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
