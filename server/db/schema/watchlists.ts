import 'server-only';

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { users } from './accounts';
import { projects, securityAlerts } from './catalog';
import { timestamps } from './columns';

// Watchlists and what reaches their owners: in-app notifications and signed webhooks with their deliveries.

/** A user's named list of projects. Names are unique per user and at most 20 characters, in the database too. */
export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('watchlists_user_name_idx').on(table.userId, table.name),
    index('watchlists_user_idx').on(table.userId, table.createdAt),
    check('watchlists_name_length', sql`char_length(${table.name}) between 1 and 20 and ${table.name} = btrim(${table.name})`),
  ],
);

/** The projects of a watchlist, in order; a project appears at most once per list. */
export const watchlistProjects = pgTable(
  'watchlist_projects',
  {
    watchlistId: uuid('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.watchlistId, table.projectId] }), index('watchlist_projects_order_idx').on(table.watchlistId, table.position)],
);

/* ───────────────────────────── Notifications ───────────────────────────── */

/**
 * An alert a user hears about in the site because they watch its project. (user, alert) is unique: it is the
 * idempotency key that lets the fan-out be re-run (a retry, a second publication) without a second notice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => securityAlerts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('notifications_user_alert_idx').on(table.userId, table.alertId), index('notifications_user_unread_idx').on(table.userId, table.readAt, table.createdAt)],
);

/** A user's HTTPS endpoint that receives their alerts, signed the Standard Webhooks way with its own secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The signing secret, sealed with the server's key (AES-GCM), shown to the user once. */
    secretSealed: text('secret_sealed').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('webhook_endpoints_user_url_idx').on(table.userId, table.url), check('webhook_endpoints_url_length', sql`char_length(${table.url}) between 8 and 2000`)],
);

/**
 * One message to one endpoint (an alert, or a test), written in the transaction that makes it due and delivered by a
 * worker with retries; its id is the webhook-id receivers deduplicate on. (endpoint, alert) is unique: an alert is
 * delivered once per endpoint however often the fan-out runs.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id').references(() => securityAlerts.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_alert_idx').on(table.endpointId, table.alertId),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`delivered_at is null and failed_at is null`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);

/** Every try of a delivery: the delivery log Settings shows. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
