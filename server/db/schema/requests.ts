import 'server-only';

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { QUOTE_STATUSES, REPORT_STATUSES } from '@/lib/staff';

import { users } from './accounts';
import { projects, securityAlerts } from './catalog';

// What visitors send the firm: quote requests for the sales team and incident reports for staff review.

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

export type NewQuoteRequest = typeof quoteRequests.$inferInsert;

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
