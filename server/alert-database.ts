import 'server-only';

import { and, count, desc, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';

import { alertSources, type AlertSource } from '@/lib/alert-sources';
import type { AlertSummary } from '@/lib/alerts';
import { ALERT_DATABASE_PAGE_SIZE, type AlertFilters } from '@/lib/schemas/alert-filters';

import { alertSummaryColumns } from './alert-columns';
import { CACHE_TAGS, PUBLIC_DATA_REVALIDATE_SECONDS } from './cache-tags';
import { getConfig } from './config';
import { getDb } from './db/client';
import { projects, securityAlerts } from './db/schema';

/** One row of the incident database: what the list shows of an alert. */
export type AlertDatabaseRow = AlertSummary & {
  technique: string | null;
  /** Every row carries its sources (issue #21; what a source is for each kind of alert: lib/alert-sources.ts). */
  sources: AlertSource[];
  amountReturnedUsd: number | null;
  /** The day the USD amounts were priced (YYYY-MM-DD), null when not stated. */
  amountsPricedOn: string | null;
  projectCategory: string | null;
};

export type AlertDatabasePage = { rows: AlertDatabaseRow[]; total: number; page: number; pageCount: number };

/** A sum over the rows whose amount is known: "unknown" is not zero, so how many were known is given too. */
export type KnownAmount = { sum: number; known: number };

/** One group of a breakdown; key null when the alerts do not say (no technique, no chain). */
export type AlertTotalsGroup = { key: string | null; count: number; lost: KnownAmount; returned: KnownAmount };

export type AlertTotals = {
  count: number;
  lost: KnownAmount;
  returned: KnownAmount;
  /** The first and last days the summed amounts were priced on (null when no counted alert states one). */
  pricedOn: { first: string; last: string } | null;
  byYear: AlertTotalsGroup[];
  byTechnique: AlertTotalsGroup[];
  byChain: AlertTotalsGroup[];
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The filters as SQL conditions over security_alerts left-joined to projects; the page's value is not one. */
export function alertFilterConditions(filters: AlertFilters): SQL[] {
  const conditions: SQL[] = [eq(securityAlerts.status, 'published'), or(isNull(securityAlerts.projectId), isNull(projects.hiddenAt))!];
  if (filters.type) conditions.push(eq(securityAlerts.type, filters.type));
  // Technique, chain and category are free text typed by staff: matched whole, ignoring case.
  if (filters.technique) conditions.push(sql`lower(${securityAlerts.technique}) = lower(${filters.technique})`);
  if (filters.chain) conditions.push(sql`lower(${securityAlerts.chain}) = lower(${filters.chain})`);
  if (filters.category) conditions.push(sql`lower(${projects.category}) = lower(${filters.category})`);
  if (filters.project) conditions.push(eq(securityAlerts.projectId, filters.project));
  if (filters.from) conditions.push(gte(securityAlerts.occurredAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(securityAlerts.occurredAt, nextDay(filters.to)));
  // An unknown amount is in no range: it is not zero, and not "at most" anything either.
  if (filters.minLost !== null) conditions.push(gte(securityAlerts.amountLostUsd, filters.minLost));
  if (filters.maxLost !== null) conditions.push(lte(securityAlerts.amountLostUsd, filters.maxLost));
  if (filters.origin) conditions.push(eq(securityAlerts.origin, filters.origin));
  if (filters.returned === 'yes') conditions.push(sql`${securityAlerts.amountReturnedUsd} > 0`);
  if (filters.returned === 'no') conditions.push(sql`coalesce(${securityAlerts.amountReturnedUsd}, 0) = 0`);
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    // The few matching projects are found once, not tested again on every alert's row.
    conditions.push(
      sql`${securityAlerts.projectId} in (select matched.id from ${projects} as matched where matched.name ilike ${pattern} or matched.id = ${filters.q.toLowerCase()} or exists (select 1 from unnest(matched.token_tickers) as ticker where lower(ticker) = lower(${filters.q})))`,
    );
  }
  return conditions;
}

export const alertDatabaseColumns = {
  ...alertSummaryColumns,
  projectCategory: projects.category,
  amountReturnedUsd: securityAlerts.amountReturnedUsd,
  amountsPricedOn: securityAlerts.amountsPricedOn,
  technique: securityAlerts.technique,
  sourceUrls: securityAlerts.sourceUrls,
  evidence: securityAlerts.evidence,
};
type StoredRow = AlertSummary & { projectCategory: string | null; amountReturnedUsd: number | null; amountsPricedOn: string | null; technique: string | null; sourceUrls: string[]; evidence: typeof securityAlerts.$inferSelect.evidence };

/** A stored row as the list shows it: its sources instead of the raw links and evidence they are made from. */
export function toAlertDatabaseRow({ sourceUrls, evidence, ...row }: StoredRow, explorerUrl: string | null): AlertDatabaseRow {
  return { ...row, sources: alertSources({ id: row.id, origin: row.origin, isDemo: row.isDemo, sourceUrls, evidence }, explorerUrl) };
}

const cachedPage = unstable_cache(
  async (filters: AlertFilters): Promise<{ rows: StoredRow[]; total: number; page: number; pageCount: number }> => {
    const db = await getDb();
    const where = and(...alertFilterConditions(filters));
    const [{ total }] = await db.select({ total: count() }).from(securityAlerts).leftJoin(projects, eq(projects.id, securityAlerts.projectId)).where(where);
    const rows = await db
      .select(alertDatabaseColumns)
      .from(securityAlerts)
      .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
      .where(where)
      .orderBy(desc(securityAlerts.occurredAt), desc(securityAlerts.id))
      .limit(ALERT_DATABASE_PAGE_SIZE)
      .offset((filters.page - 1) * ALERT_DATABASE_PAGE_SIZE);
    const totalCount = Number(total);
    return { rows, total: totalCount, page: filters.page, pageCount: Math.max(1, Math.ceil(totalCount / ALERT_DATABASE_PAGE_SIZE)) };
  },
  ['alert-database-page'],
  { tags: [CACHE_TAGS.alerts, CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

/**
 * One page (25) of published alerts of shown projects matching the filters, newest first, retracted ones included
 * and marked (cached by the alerts and projects tags, which every alert or project write expires).
 */
export async function listPublishedAlerts(filters: AlertFilters): Promise<AlertDatabasePage> {
  const page = await cachedPage(filters);
  const { explorerUrl } = getConfig();
  // Next's data cache stores JSON: dates come back as strings.
  return {
    ...page,
    rows: page.rows.map((row) => toAlertDatabaseRow({ ...row, occurredAt: new Date(row.occurredAt), retractedAt: row.retractedAt ? new Date(row.retractedAt) : null }, explorerUrl)),
  };
}

const aggregateColumns = {
  count: sql<number>`count(*)::int`,
  lostSum: sql<string | null>`sum(${securityAlerts.amountLostUsd})::text`,
  lostKnown: sql<number>`count(${securityAlerts.amountLostUsd})::int`,
  returnedSum: sql<string | null>`sum(${securityAlerts.amountReturnedUsd})::text`,
  returnedKnown: sql<number>`count(${securityAlerts.amountReturnedUsd})::int`,
  // Only alerts with an amount: a pricing day without an amount prices nothing in the sums.
  pricedFirst: sql<string | null>`min(${securityAlerts.amountsPricedOn}) filter (where ${securityAlerts.amountLostUsd} is not null or ${securityAlerts.amountReturnedUsd} is not null)::text`,
  pricedLast: sql<string | null>`max(${securityAlerts.amountsPricedOn}) filter (where ${securityAlerts.amountLostUsd} is not null or ${securityAlerts.amountReturnedUsd} is not null)::text`,
};
type AggregateRow = { count: number; lostSum: string | null; lostKnown: number; returnedSum: string | null; returnedKnown: number };

const amounts = (row: AggregateRow) => ({
  count: Number(row.count),
  lost: { sum: Number(row.lostSum ?? 0), known: Number(row.lostKnown) },
  returned: { sum: Number(row.returnedSum ?? 0), known: Number(row.returnedKnown) },
});

const cachedTotals = unstable_cache(
  async (filters: AlertFilters): Promise<AlertTotals> => {
    const db = await getDb();
    const year = sql<string | null>`extract(year from ${securityAlerts.occurredAt} at time zone 'UTC')::int::text`;
    // One scan for the totals and the three breakdowns: grouping sets, and grouping() tells the sets apart.
    const rows = await db
      .select({
        year,
        technique: securityAlerts.technique,
        chain: securityAlerts.chain,
        byYear: sql<number>`grouping(${year})::int`,
        byTechnique: sql<number>`grouping(${securityAlerts.technique})::int`,
        byChain: sql<number>`grouping(${securityAlerts.chain})::int`,
        ...aggregateColumns,
      })
      .from(securityAlerts)
      .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
      // Totals never count a retracted alert: the fact it rested on is gone.
      .where(and(...alertFilterConditions(filters), isNull(securityAlerts.retractedAt)))
      .groupBy(sql`grouping sets ((), (${year}), (${securityAlerts.technique}), (${securityAlerts.chain}))`);
    // grouping(x) is 0 in the set grouped by x, 1 elsewhere; the grand total has 1 for all three.
    const overall = rows.find((row) => Number(row.byYear) && Number(row.byTechnique) && Number(row.byChain));
    const groups = (pick: (row: (typeof rows)[number]) => boolean, key: (row: (typeof rows)[number]) => string | null) =>
      rows.filter(pick).map((row): AlertTotalsGroup => ({ key: key(row), ...amounts(row) }));
    const biggestFirst = (a: AlertTotalsGroup, b: AlertTotalsGroup) => b.count - a.count || (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff');
    return {
      ...amounts(overall ?? { count: 0, lostSum: null, lostKnown: 0, returnedSum: null, returnedKnown: 0 }),
      pricedOn: overall?.pricedFirst && overall.pricedLast ? { first: overall.pricedFirst, last: overall.pricedLast } : null,
      byYear: groups((row) => !Number(row.byYear), (row) => row.year).sort((a, b) => Number(b.key) - Number(a.key)),
      byTechnique: groups((row) => !Number(row.byTechnique), (row) => row.technique).sort(biggestFirst),
      byChain: groups((row) => !Number(row.byChain), (row) => row.chain).sort(biggestFirst),
    };
  },
  ['alert-database-totals'],
  { tags: [CACHE_TAGS.alerts, CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

/**
 * Totals over every alert matching the filters (the page is not a filter): count, amount lost and returned with how
 * many amounts were known, and the same by year, technique and chain. Retracted alerts are never counted.
 */
export async function alertTotals(filters: AlertFilters): Promise<AlertTotals> {
  return cachedTotals({ ...filters, page: 1 });
}
