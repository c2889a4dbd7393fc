import 'server-only';

import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';

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
  /** Alerts listed for the filters, retracted ones included (the list's count; every other figure leaves them out). */
  listed: number;
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

/**
 * The filters as SQL conditions over security_alerts alone (the page's value is not one). Project facts are asked of
 * small subqueries run once (the hidden projects, a category's projects), so the totals scan needs no join.
 */
export function alertFilterConditions(filters: AlertFilters): SQL[] {
  const conditions: SQL[] = [
    eq(securityAlerts.status, 'published'),
    // Ids are never null, so NOT IN is safe; an alert on no project is shown.
    sql`coalesce(${securityAlerts.projectId}, '') not in (select hidden.id from ${projects} as hidden where hidden.hidden_at is not null)`,
  ];
  if (filters.type) conditions.push(eq(securityAlerts.type, filters.type));
  // Technique, chain and category are free text typed by staff: matched whole, ignoring case.
  if (filters.technique) conditions.push(sql`lower(${securityAlerts.technique}) = lower(${filters.technique})`);
  if (filters.chain) conditions.push(sql`lower(${securityAlerts.chain}) = lower(${filters.chain})`);
  if (filters.category) conditions.push(sql`${securityAlerts.projectId} in (select in_category.id from ${projects} as in_category where lower(in_category.category) = lower(${filters.category}))`);
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

/**
 * One page of the list's rows, read from the database (uncached: the bench measures it; the page reads it cached).
 * How many match comes from the totals' scan (readAlertTotals' `listed`), not from a count of its own.
 */
export async function readAlertDatabasePage(filters: AlertFilters): Promise<StoredRow[]> {
  const db = await getDb();
  return db
    .select(alertDatabaseColumns)
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(and(...alertFilterConditions(filters)))
    .orderBy(desc(securityAlerts.occurredAt), desc(securityAlerts.id))
    .limit(ALERT_DATABASE_PAGE_SIZE)
    .offset((filters.page - 1) * ALERT_DATABASE_PAGE_SIZE);
}

const cachedPage = unstable_cache(readAlertDatabasePage, ['alert-database-page'], { tags: [CACHE_TAGS.alerts, CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS });

/**
 * One page (25) of published alerts of shown projects matching the filters, newest first, retracted ones included
 * and marked (cached by the alerts and projects tags, which every alert or project write expires).
 */
export async function listPublishedAlerts(filters: AlertFilters): Promise<AlertDatabasePage> {
  const [rows, { listed }] = await Promise.all([cachedPage(filters), alertTotals(filters)]);
  const { explorerUrl } = getConfig();
  // Next's data cache stores JSON: dates come back as strings.
  return {
    total: listed,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(listed / ALERT_DATABASE_PAGE_SIZE)),
    rows: rows.map((row) => toAlertDatabaseRow({ ...row, occurredAt: new Date(row.occurredAt), retractedAt: row.retractedAt ? new Date(row.retractedAt) : null }, explorerUrl)),
  };
}

// Totals never count a retracted alert (the fact it rested on is gone); the list's count includes it.
const counted = sql`${securityAlerts.retractedAt} is null`;
const aggregateColumns = {
  listed: sql<number>`count(*)::int`,
  count: sql<number>`(count(*) filter (where ${counted}))::int`,
  lostSum: sql<string | null>`(sum(${securityAlerts.amountLostUsd}) filter (where ${counted}))::text`,
  lostKnown: sql<number>`(count(${securityAlerts.amountLostUsd}) filter (where ${counted}))::int`,
  returnedSum: sql<string | null>`(sum(${securityAlerts.amountReturnedUsd}) filter (where ${counted}))::text`,
  returnedKnown: sql<number>`(count(${securityAlerts.amountReturnedUsd}) filter (where ${counted}))::int`,
  // Only counted alerts with an amount: a pricing day without an amount prices nothing in the sums.
  pricedFirst: sql<string | null>`(min(${securityAlerts.amountsPricedOn}) filter (where ${counted} and (${securityAlerts.amountLostUsd} is not null or ${securityAlerts.amountReturnedUsd} is not null)))::text`,
  pricedLast: sql<string | null>`(max(${securityAlerts.amountsPricedOn}) filter (where ${counted} and (${securityAlerts.amountLostUsd} is not null or ${securityAlerts.amountReturnedUsd} is not null)))::text`,
};
type AggregateRow = { listed: number; count: number; lostSum: string | null; lostKnown: number; returnedSum: string | null; returnedKnown: number; pricedFirst: string | null; pricedLast: string | null };

/** Exact sums across groups: a numeric(20, 2) sum as text, in cents. */
const cents = (text: string | null) => {
  if (text === null) return 0n;
  const [whole, fraction = ''] = text.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)));
};

/** One group of a breakdown as it is summed: counts, and amounts in exact cents. */
type Tally = { listed: number; count: number; lostCents: bigint; lostKnown: number; returnedCents: bigint; returnedKnown: number; pricedFirst: string | null; pricedLast: string | null };
const emptyTally = (): Tally => ({ listed: 0, count: 0, lostCents: 0n, lostKnown: 0, returnedCents: 0n, returnedKnown: 0, pricedFirst: null, pricedLast: null });

function addTo(tally: Tally, row: AggregateRow): void {
  tally.listed += Number(row.listed);
  tally.count += Number(row.count);
  tally.lostCents += cents(row.lostSum);
  tally.lostKnown += Number(row.lostKnown);
  tally.returnedCents += cents(row.returnedSum);
  tally.returnedKnown += Number(row.returnedKnown);
  if (row.pricedFirst && (!tally.pricedFirst || row.pricedFirst < tally.pricedFirst)) tally.pricedFirst = row.pricedFirst;
  if (row.pricedLast && (!tally.pricedLast || row.pricedLast > tally.pricedLast)) tally.pricedLast = row.pricedLast;
}

const amounts = (tally: Tally) => ({
  count: tally.count,
  lost: { sum: Number(tally.lostCents) / 100, known: tally.lostKnown },
  returned: { sum: Number(tally.returnedCents) / 100, known: tally.returnedKnown },
});

/**
 * The totals and breakdowns, read from the database (uncached: the bench measures this; the page reads it cached).
 * One scan of security_alerts alone, grouped once by (year, technique, chain); the list's count, the totals and the
 * three breakdowns are summed from those few groups here (grouping sets cost a hash table per set on every row).
 */
export async function readAlertTotals(filters: AlertFilters): Promise<AlertTotals> {
  const db = await getDb();
  const year = sql<number>`extract(year from ${securityAlerts.occurredAt} at time zone 'UTC')::int`;
  const rows = await db
    .select({ year, technique: securityAlerts.technique, chain: securityAlerts.chain, ...aggregateColumns })
    .from(securityAlerts)
    .where(and(...alertFilterConditions(filters)))
    .groupBy(year, securityAlerts.technique, securityAlerts.chain);
  const overall = emptyTally();
  const breakdowns = { byYear: new Map<string | null, Tally>(), byTechnique: new Map<string | null, Tally>(), byChain: new Map<string | null, Tally>() };
  for (const row of rows) {
    addTo(overall, row);
    for (const [name, key] of [['byYear', String(row.year)], ['byTechnique', row.technique], ['byChain', row.chain]] as const) {
      const tally = breakdowns[name].get(key) ?? emptyTally();
      addTo(tally, row);
      breakdowns[name].set(key, tally);
    }
  }
  // A group of retracted alerts only counts nothing: it is not a group of the breakdown.
  const groups = (tallies: Map<string | null, Tally>) =>
    [...tallies].filter(([, tally]) => tally.count > 0).map(([key, tally]): AlertTotalsGroup => ({ key, ...amounts(tally) }));
  const biggestFirst = (a: AlertTotalsGroup, b: AlertTotalsGroup) => b.count - a.count || (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff');
  return {
    listed: overall.listed,
    ...amounts(overall),
    pricedOn: overall.pricedFirst && overall.pricedLast ? { first: overall.pricedFirst, last: overall.pricedLast } : null,
    byYear: groups(breakdowns.byYear).sort((a, b) => Number(b.key) - Number(a.key)),
    byTechnique: groups(breakdowns.byTechnique).sort(biggestFirst),
    byChain: groups(breakdowns.byChain).sort(biggestFirst),
  };
}

const cachedTotals = unstable_cache(readAlertTotals, ['alert-database-totals'], { tags: [CACHE_TAGS.alerts, CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS });

/**
 * Totals over every alert matching the filters (the page is not a filter): count, amount lost and returned with how
 * many amounts were known, and the same by year, technique and chain. Retracted alerts are never counted.
 */
export async function alertTotals(filters: AlertFilters): Promise<AlertTotals> {
  return totalsOfRequest(JSON.stringify({ ...filters, page: 1 }));
}

// The page and its list both need the totals (the list for its count): read once per request.
const totalsOfRequest = cache((key: string) => cachedTotals(JSON.parse(key) as AlertFilters));
