import 'server-only';

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { ALERT_CONFIDENCE, ALERT_ORIGINS, ALERT_TYPES, type AlertEvidence, type AlertType } from '@/lib/alerts';
import { ALERT_EMAIL_CHOICES } from '@/lib/notifications';
import type { Findings } from '@/lib/projects';
import type { SkynetEvidence } from '@/lib/skynet/types';
import { PUBLICATION_STATUSES, QUOTE_STATUSES, REPORT_STATUSES, STAFF_ROLES, type FindingStatus } from '@/lib/staff';

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
    socials: jsonb('socials').$type<{ network: string; url: string }[]>().notNull().default([]),
    description: text('description'),
    /** Contract addresses per chain, as staff entered them. */
    contracts: jsonb('contracts').$type<{ chain: string; address: string }[]>().notNull().default([]),
    auditStatus: text('audit_status', { enum: AUDIT_STATUSES }).notNull().default('none'),
    kycVerified: boolean('kyc_verified').notNull().default(false),
    /** True when any figure on the row (rank, category, …) was generated for the demo rather than measured. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Set when staff hide the project: it then answers 404 publicly. Nothing is hard-deleted. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('projects_rank_idx').on(table.rank),
    // The incident database's category filter matches ignoring case; the index also gives the planner its statistics.
    index('projects_category_lower_idx').on(sql`lower(${table.category})`),
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
    /** The sales team's handling: where the lead stands, who owns it, and their notes. */
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('new'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quote_requests_status_idx').on(table.status, table.createdAt),
    check('quote_requests_notes_length', sql`char_length(${table.notes}) <= 10000`),
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

/** A project's security score: overall 0–100 from six pillars, each from named signals (see lib/score.ts). */
export const projectScores = pgTable(
  'project_scores',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    /** { [pillarKey]: { score, signals: { [signalKey]: 0–100 } } } */
    pillars: jsonb('pillars').$type<Record<string, { score: number; signals: Record<string, number> }>>().notNull(),
    methodologyVersion: text('methodology_version').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('project_scores_score_idx').on(table.score), check('project_scores_range', sql`${table.score} between 0 and 100`)],
);

/** Every change of a project's score, with the methodology version it was computed by; the project page charts it. */
export const projectScoreHistory = pgTable(
  'project_score_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
    pillars: jsonb('pillars').$type<Record<string, { score: number; signals: Record<string, number> }>>().notNull(),
    methodologyVersion: text('methodology_version').notNull(),
    /** What the analyst said changed and why; empty for generated points. */
    note: text('note').notNull().default(''),
    changedByUserId: uuid('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    isDemo: boolean('is_demo').notNull().default(false),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('project_score_history_project_idx').on(table.projectId, table.recordedAt), check('project_score_history_range', sql`${table.score} between 0 and 100`)],
);

export const FINDING_SEVERITIES = ['critical', 'major', 'medium', 'minor', 'informational'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];
/** One finding of an audit as staff enter it. */
export type AuditFindingItem = { title: string; severity: FindingSeverity; status: FindingStatus };

export type { Findings };

/** A published security audit of a project. */
export const audits = pgTable(
  'audits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    auditor: text('auditor').notNull(),
    /** When the audit was published (the report's date); drafts carry the planned date. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    scope: text('scope').notNull(),
    /** Counts per severity, kept in step with `findingItems` when staff enter the findings one by one. */
    findings: jsonb('findings').$type<Findings>().notNull(),
    reportUrl: text('report_url'),
    isDemo: boolean('is_demo').notNull().default(false),
    status: text('status', { enum: PUBLICATION_STATUSES }).notNull().default('published'),
    startedOn: date('started_on', { mode: 'string' }),
    endedOn: date('ended_on', { mode: 'string' }),
    /** The audited commit, tag or source reference. */
    sourceRef: text('source_ref'),
    findingItems: jsonb('finding_items').$type<AuditFindingItem[]>().notNull().default([]),
    /** Key of the uploaded report PDF in the file store (server/files.ts); null when none was uploaded. */
    reportFile: text('report_file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audits_project_idx').on(table.projectId, table.publishedAt),
    index('audits_published_idx').on(table.publishedAt),
    check('audits_auditor_length', sql`char_length(${table.auditor}) between 1 and 200`),
  ],
);

// The vocabulary lives in lib/ so the console's forms validate against the same lists.
export { ALERT_CONFIDENCE, ALERT_TYPES, type AlertType };

/** A security alert or incident affecting a project. */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ALERT_TYPES }).notNull(),
    title: text('title').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    amountLostUsd: numeric('amount_lost_usd', { precision: 20, scale: 2, mode: 'number' }),
    chain: text('chain'),
    sourceUrls: text('source_urls').array().notNull().default(sql`'{}'::text[]`),
    confidence: text('confidence', { enum: ALERT_CONFIDENCE }).notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    status: text('status', { enum: PUBLICATION_STATUSES }).notNull().default('published'),
    amountReturnedUsd: numeric('amount_returned_usd', { precision: 20, scale: 2, mode: 'number' }),
    /** The day the USD amounts were priced (tokens are worth different sums on different days); null: not stated. */
    amountsPricedOn: date('amounts_priced_on', { mode: 'string' }),
    technique: text('technique'),
    description: text('description'),
    /** The community report this alert was drafted from, when a moderator approved one. */
    fromReportId: uuid('from_report_id'),
    /** Staff-published, or raised by a rule (a Skynet detector, a score drop); automatic ones carry their evidence. */
    origin: text('origin', { enum: ALERT_ORIGINS }).notNull().default('staff'),
    evidence: jsonb('evidence').$type<AlertEvidence>(),
    /** One fact makes one alert: a rule's key for what it saw (re-read after a reorg, it finds the alert it made). */
    dedupeKey: text('dedupe_key'),
    /** An automatic alert whose block left the chain is retracted, never deleted; totals leave it out. */
    retractedAt: timestamp('retracted_at', { withTimezone: true }),
    retractionReason: text('retraction_reason'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The incident database lists newest first with the id breaking ties: one index serves that sort (and ranges of days).
    index('security_alerts_occurred_id_idx').on(table.occurredAt, table.id),
    // Amount ranges of the incident database.
    index('security_alerts_amount_lost_idx').on(table.amountLostUsd),
    // Chain and technique filters match ignoring case: these indexes find rare values and tell the planner how many
    // rows a value has, so the newest-first list walks security_alerts_occurred_id_idx instead of sorting every match.
    index('security_alerts_chain_lower_idx').on(sql`lower(${table.chain})`),
    index('security_alerts_technique_lower_idx').on(sql`lower(${table.technique})`),
    index('security_alerts_project_idx').on(table.projectId, table.occurredAt),
    uniqueIndex('security_alerts_dedupe_key_idx').on(table.dedupeKey),
    check('security_alerts_title_length', sql`char_length(${table.title}) between 1 and 200`),
    check('security_alerts_amounts', sql`(${table.amountLostUsd} is null or ${table.amountLostUsd} >= 0) and (${table.amountReturnedUsd} is null or ${table.amountReturnedUsd} >= 0)`),
  ],
);

/**
 * A correction of a published alert: what changed (field → before and after) and why. Public: the alert's page shows
 * them as its correction log. Never updated or deleted.
 */
export const alertRevisions = pgTable(
  'alert_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => securityAlerts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    editorUserId: uuid('editor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('alert_revisions_alert_idx').on(table.alertId, table.createdAt), check('alert_revisions_reason_length', sql`char_length(${table.reason}) between 3 and 1000`)],
);

/** An incident reported by a visitor, kept for staff review. */
export const incidentReports = pgTable(
  'incident_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    links: text('links').array().notNull().default(sql`'{}'::text[]`),
    contact: text('contact'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('new'),
    reporterKey: text('reporter_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The moderator's decision: the alert it became or duplicates, the reason of a rejection, who and when. */
    alertId: uuid('alert_id').references(() => securityAlerts.id, { onDelete: 'set null' }),
    resolutionReason: text('resolution_reason'),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    index('incident_reports_status_idx').on(table.status, table.createdAt),
    check('incident_reports_description_length', sql`char_length(${table.description}) between 20 and 5000`),
    check('incident_reports_links_count', sql`cardinality(${table.links}) <= 5`),
  ],
);

/** One vote per voter (a user, or an anonymous visitor id) per project; changing it overwrites. */
export const votes = pgTable(
  'votes',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    voterKey: text('voter_key').notNull(),
    vote: boolean('vote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.voterKey] })],
);

/** Page views per project per day, counted with one upsert each. */
export const pageViews = pgTable(
  'page_views',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.day] }), index('page_views_day_idx').on(table.day)],
);

/** Who has been counted in page_views: one view per visitor (a keyed hash, never the raw id) per project per day. */
export const pageViewVisitors = pgTable(
  'page_view_visitors',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.day, table.visitorHash] }), index('page_view_visitors_day_idx').on(table.day)],
);

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

export type WalletRow = typeof wallets.$inferSelect;

// ─── Skynet ──────────────────────────────────────────────────────────────────────────────────────────────────
// The monitoring product (issue 8): watched contracts with their indexing cursor, the facts read from the chain
// (one row per transaction to a contract and per log it emitted, so a re-read block can be deleted and read
// again without counting twice), privileged functions and addresses with their evidence, named metric series,
// social activity, and the token contracts each seeded project is known to have.

/** How a privileged function or address was found; kept with it as evidence. */
export type { SkynetEvidence };

/** A contract of a project that the indexer follows; `cursorBlock` is the last block fully stored. */
export const skynetContracts = pgTable(
  'skynet_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    /** The contract's own endpoint; null reads RPC_URL. */
    rpcUrl: text('rpc_url'),
    abi: jsonb('abi').$type<unknown[]>().notNull(),
    fromBlock: bigint('from_block', { mode: 'number' }).notNull(),
    /** The block that created the contract (found by binary search on eth_getCode), when known. */
    creationBlock: bigint('creation_block', { mode: 'number' }),
    /** Transactions are scanned from this block (logs from fromBlock): the figures' first block on the project page. */
    transactionsFromBlock: bigint('transactions_from_block', { mode: 'number' }),
    cursorBlock: bigint('cursor_block', { mode: 'number' }),
    headBlock: bigint('head_block', { mode: 'number' }),
    lastError: text('last_error'),
    lastIndexedAt: timestamp('last_indexed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('skynet_contracts_project_chain_address_idx').on(table.projectId, table.chainId, table.address),
    index('skynet_contracts_address_idx').on(table.address),
    check('skynet_contracts_address_format', sql`${table.address} ~ '^0x[0-9a-f]{40}$'`),
    check('skynet_contracts_from_block', sql`${table.fromBlock} >= 0`),
  ],
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

export * from './schema-alert-totals';
export * from './schema-audit-code';
export * from './schema-admin-powers';
export * from './schema-seed-state';
