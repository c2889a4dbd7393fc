import 'server-only';

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { ALERT_EMAIL_CHOICES } from '@/lib/notifications';

import { timestamps } from './columns';

// The user pool: accounts, one-time codes, the mail outbox, ended sessions, outside sign-in identities, the
// survey reply, settings (wallets, product events) and public API keys.

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
    /** Carried in every session token; raising it ends every session issued before (server/auth/sessions.ts). */
    sessionVersion: integer('session_version').notNull().default(0),
    /** The one session that survived the last raise (the browser that changed the password or signed out the rest). */
    keptSessionId: text('kept_session_id'),
    /** How alerts on watched projects are also mailed: one mail each, a daily digest, or not; the bell shows them either way. */
    alertEmail: text('alert_email', { enum: ALERT_EMAIL_CHOICES }).notNull().default('immediate'),
    /** The last daily digest covered notifications up to this time (null: none sent yet). */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    /** When the avatar store last got a picture for this user (null: none), so no browser asks for a missing one. */
    avatarUpdatedAt: timestamp('avatar_updated_at', { withTimezone: true }),
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

/**
 * Every mail the site sends, written in the same transaction as what it announces and delivered by a worker
 * (server/mail/worker.ts) with retries: a row is never deleted, so no mail is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra header fields the mail carries (List-Unsubscribe for alert mails). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Delivery tries so far, and when the next one is due. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that took the row holds it until then; past it, another worker may take it again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the worker gave up (see server/mail/worker.ts); the row stays for the operator. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * Queued by a request that did not come straight from this machine (a code someone asked for from elsewhere):
     * with DEV_MAILBOX on, its text is neither logged nor shown at /dev/mailbox (issue #42).
     */
    requestedElsewhere: boolean('requested_elsewhere').notNull().default(false),
  },
  (table) => [index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`sent_at is null and failed_at is null`)],
);

/** Sessions ended by signing out: their id (the JWT's `sid`) is refused until the token would have expired anyway. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_sessions_expires_idx').on(table.expiresAt)],
);

/** A sign-in identity at an outside provider (Google) linked to one of our users. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.providerAccountId] }), index('user_accounts_user_idx').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;

/* ───────────────────────────── Survey ───────────────────────────── */

/** A user's personalisation survey reply (SPEC §3): one per user, replaced when the survey is redone. */
export const surveyResponses = pgTable('survey_responses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The validated answers (lib/schemas/survey.ts); `{}` when every step was skipped. */
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
  ...timestamps,
});

// ---- Settings (issue #7: account settings, wallets, user events) ----

/** An EVM wallet a user added in settings, stored in its EIP-55 checksummed form; each at most once per user. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallets_user_address_idx').on(table.userId, sql`lower(${table.address})`),
    index('wallets_user_idx').on(table.userId, table.createdAt),
    check('wallets_address_format', sql`${table.address} ~ '^0x[0-9a-fA-F]{40}$'`),
  ],
);

/** A product event posted by the browser for a signed-in user (POST /api/user/events). */
export const userEvents = pgTable(
  'user_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_events_user_idx').on(table.userId, table.createdAt),
    check('user_events_name_length', sql`char_length(${table.eventName}) between 1 and 100`),
    check('user_events_properties_object', sql`jsonb_typeof(${table.properties}) = 'object'`),
  ],
);

/**
 * A key for the public API (/api/v1): a higher rate than anonymous use. The key is shown once; only its SHA-256 is
 * kept (keys are long random strings, so a fast hash is enough), with its first characters to tell keys apart.
 * Revoked keys stay, so their use is refused with a clear answer rather than an unknown key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (its public prefix and a few more), shown in Settings. */
    displayPrefix: text('display_prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_idx').on(table.keyHash),
    index('api_keys_user_idx').on(table.userId, table.createdAt),
    check('api_keys_name_length', sql`char_length(${table.name}) between 1 and 60`),
  ],
);
