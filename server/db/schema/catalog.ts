import 'server-only';

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { ALERT_CONFIDENCE, ALERT_ORIGINS, ALERT_TYPES, type AlertEvidence, type AlertType } from '@/lib/alerts';
import type { Findings } from '@/lib/projects';
import type { IncidentFacts } from '@/lib/incidents';
import { PUBLICATION_STATUSES, type FindingStatus } from '@/lib/staff';

import { users } from './accounts';
import { timestamps } from './columns';

// Projects and what the site shows about them: scores and their history, audits, alerts, votes and page views.
export const AUDIT_STATUSES = ['audited', 'under_audit', 'none'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

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

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

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
    /**
     * The signals as assessed (staff's entries, or the demo's), before the incident record's rule: the score is
     * computed again from them when an incident is published. Null on rows from before the rule: their pillars' signals.
     */
    entries: jsonb('entries').$type<Record<string, Record<string, number | null>>>(),
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
    /** The protocol an incident of the public record names, whether or not it is a catalogue project (searchable). */
    protocol: text('protocol'),
    /** An imported incident's facts beyond the alert's fields: its source and licence, chains, addresses, attack transactions, links. */
    incident: jsonb('incident').$type<IncidentFacts>(),
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
