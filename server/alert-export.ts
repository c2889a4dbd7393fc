import 'server-only';

import { and, desc, eq, sql } from 'drizzle-orm';

import { csvStream, type CsvValue } from '@/lib/csv';
import { ALERT_DATABASE_MESSAGES } from '@/lib/messages/alert-database';
import { parseAlertFilters, type AlertFilters } from '@/lib/schemas/alert-filters';

import { alertDatabaseColumns, alertFilterConditions, toAlertDatabaseRow, type AlertDatabaseRow } from './alert-database';
import { getConfig } from './config';
import { getDb } from './db/client';
import { projects, securityAlerts } from './db/schema';

/** Rows read per query while streaming: one batch is all the export ever holds. */
export const ALERT_CSV_BATCH = 500;

export const ALERT_CSV_HEADER = [
  'Alert ID',
  'Page',
  'Title',
  'Project ID',
  'Project',
  'Project category',
  'Type',
  'Technique',
  'Chain',
  'Occurred (UTC)',
  'Amount lost (USD)',
  'Amount returned (USD)',
  'Amounts priced on',
  'Raised by',
  'Demo',
  'Retracted (UTC)',
  'Retraction reason',
  'Sources',
] as const;

function csvValues(row: AlertDatabaseRow, siteUrl: string): CsvValue[] {
  const absolute = (href: string) => (href.startsWith('/') ? `${siteUrl}${href}` : href);
  return [
    row.id,
    `${siteUrl}/alerts/${row.id}`,
    row.title,
    row.projectId,
    row.projectName,
    row.projectCategory,
    row.type,
    row.technique,
    row.chain,
    row.occurredAt.toISOString(),
    // An unknown amount stays an empty cell, never 0.
    row.amountLostUsd,
    row.amountReturnedUsd,
    row.amountsPricedOn,
    row.origin,
    row.isDemo ? 'yes' : 'no',
    row.retractedAt?.toISOString() ?? null,
    row.retractionReason,
    row.sources.map((source) => absolute(source.href)).join(' '),
  ];
}

/**
 * Every published alert matching the filters (the page is not one), newest first, as a CSV stream. Read in batches
 * by keyset on (occurred_at, id), so memory stays flat whatever the count; retracted alerts are listed with their
 * retraction, as on the page. Uncached: an export reads the database as it is.
 */
export function streamAlertsCsv(filters: AlertFilters): ReadableStream<Uint8Array> {
  const { siteUrl, explorerUrl } = getConfig();
  const conditions = alertFilterConditions(filters);
  // The cursor keeps the timestamp as the database's text (microseconds), which a JS Date would round to milliseconds.
  let cursor: { at: string; id: string } | null = null;
  return csvStream(ALERT_CSV_HEADER, async () => {
    const db = await getDb();
    const after = cursor ? sql`(${securityAlerts.occurredAt}, ${securityAlerts.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
    const rows = await db
      .select({ ...alertDatabaseColumns, cursorAt: sql<string>`${securityAlerts.occurredAt}::text` })
      .from(securityAlerts)
      .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
      .where(and(...conditions, after))
      .orderBy(desc(securityAlerts.occurredAt), desc(securityAlerts.id))
      .limit(ALERT_CSV_BATCH);
    if (rows.length > 0) cursor = { at: rows[rows.length - 1].cursorAt, id: rows[rows.length - 1].id };
    return rows.map((row) => csvValues(toAlertDatabaseRow(row, explorerUrl), siteUrl));
  });
}

/**
 * The export's answer to a request's query: the CSV as an attachment, or, when a filter is bad, a 400 problem
 * (RFC 9457) naming it. A CSV cannot carry the page's "ignored" notice, and a silently wider export would mislead.
 */
export function alertsCsvResponse(searchParams: URLSearchParams, now = new Date()): Response {
  const params = new URLSearchParams(searchParams);
  // The export is every page of the filtered set.
  params.delete('page');
  const { filters, ignored } = parseAlertFilters(params);
  if (ignored.length > 0) {
    const detail = ALERT_DATABASE_MESSAGES.ignoredNotice(ignored).replace(/^Ignored: /, '');
    return Response.json(
      { type: 'about:blank', title: ALERT_DATABASE_MESSAGES.csvBadFilterTitle, status: 400, detail, error: detail, invalidFilters: ignored },
      { status: 400, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } },
    );
  }
  return new Response(streamAlertsCsv(filters), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="alerts-${now.toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
