import 'server-only';

import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { STAFF_ROLES } from '@/lib/staff';

import { users } from './accounts';
import { timestamps } from './columns';

// ─── Staff ───────────────────────────────────────────────────────────────────────────────────────────────────
// The firm's console (issue 15): who is staff and in which role, their second factor, invitations, the sessions
// that passed the second factor, and the append-only log of every staff change.

/** A user who works for the firm. The TOTP secret is stored encrypted (server/staff/totp.ts). */
export const staffMembers = pgTable('staff_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  totpSecret: text('totp_secret'),
  /** Null until the member proved the first code: until then the console asks them to enrol. */
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  /** The last accepted TOTP time step, so one code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** Wrong codes since the last right one (issue #42): past a few each try waits, past more the app's codes lock. */
  totpFailedCount: integer('totp_failed_count').notNull().default(0),
  /** When the last wrong code came: the wait before the next try runs from here. */
  totpLastFailureAt: timestamp('totp_last_failure_at', { withTimezone: true }),
  /** Set when the failures locked the app's codes; a recovery code or an admin's reset lifts it. */
  totpLockedAt: timestamp('totp_locked_at', { withTimezone: true }),
  ...timestamps,
});

/** Single-use recovery codes for a member who lost their authenticator; only keyed hashes are stored. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffMembers.userId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_recovery_codes_user_idx').on(table.userId)],
);

/** An invitation to an address that has no account yet; taken when that address signs up and opens the console. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_invitations_email_idx').on(sql`lower(${table.email})`)],
);

/** A session (the JWT's `sid`) that passed the second factor, until it expires. */
export const staffVerifiedSessions = pgTable(
  'staff_verified_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_verified_sessions_user_idx').on(table.userId)],
);

/** Every staff change: who, what, before and after, when. Append-only: the database refuses updates and deletes. */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: uuid('actor_user_id'),
    /** Kept as text so the entry still says who after the account is gone; 'cli' for the command line. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_audit_log_created_idx').on(table.createdAt), index('staff_audit_log_entity_idx').on(table.entityType, table.entityId)],
);
