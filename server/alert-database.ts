import 'server-only';

import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';

import { alertSources, type AlertSource } from '@/lib/alert-sources';
import type { AlertSummary } from '@/lib/alerts';
import type { IncidentFacts, IncidentSourceCredit } from '@/lib/incidents';
import { ALERT_DATABASE_PAGE_SIZE, type AlertFilters } from '@/lib/schemas/alert-filters';

import { alertSummaryColumns } from './alert-columns';
import { CACHE_TAGS, PUBLIC_DATA_REVALIDATE_SECONDS } from './cache-tags';
import { getConfig } from './config';
import { getDb } from './db/client';
import { alertTotals as alertTotalsTable, projects, securityAlerts } from './db/schema';

/** One row of the incident database: what the list shows of an alert. */
export type AlertDatabaseRow = AlertSummary & {
  technique: string | null;
  /** Every row carries its sources (issue #21; what a source is for each kind of alert: lib/alert-sources.ts). */
  sources: AlertSource[];
  amountReturnedUsd: number | null;
  /** The day the USD amounts were priced (YYYY-MM-DD), null when not stated. */
  amountsPricedOn: string | null;
  projectCategory: string | null;
  protocol: string | null;
  incident: IncidentFacts | null;
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
    // = any(array(…)): the matched ids are an array the planner looks up in the project index, not a join it scans for.
    // An incident of the public record is found by its own protocol name or title too, in the catalogue or not.
    conditions.push(
      sql`(${securityAlerts.projectId} = any(array(select matched.id from ${projects} as matched where matched.name ilike ${pattern} or matched.id = ${filters.q.toLowerCase()} or exists (select 1 from unnest(matched.token_tickers) as ticker where lower(ticker) = lower(${filters.q})))) or ${securityAlerts.protocol} ilike ${pattern} or ${securityAlerts.title} ilike ${pattern})`,
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
  protocol: securityAlerts.protocol,
  incident: securityAlerts.incident,
};
type StoredRow = AlertSummary & {
  projectCategory: string | null;
  amountReturnedUsd: number | null;
  amountsPricedOn: string | null;
  technique: string | null;
  sourceUrls: string[];
  evidence: typeof securityAlerts.$inferSelect.evidence;
  protocol: string | null;
  incident: IncidentFacts | null;
};

/** A stored row as the list shows it: its sources instead of the raw links and evidence they are made from. */
export function toAlertDatabaseRow({ sourceUrls, evidence, ...row }: StoredRow, explorerUrl: string | null): AlertDatabaseRow {
  return { ...row, sources: alertSources({ id: row.id, origin: row.origin, isDemo: row.isDemo, sourceUrls, evidence }, explorerUrl) };
}

/**
 * One page of the list's rows, read from the database (uncached: the bench measures it; the page reads it cached).
 * How many match comes from the totals (readAlertTotals' `listed`), not from a count of its own.
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
type AggregateRow = { listed: number; count: number; lostSum: string | null; lostKnown: number; returnedSum: string | null; returnedKnown: number; pricedFirst: string | null; pricedLast: string | null };

type GroupRow = AggregateRow & { set: number; year: number | null; technique: string | null; chain: string | null };

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

// Both sources give partial sums per (year, technique, chain), in these columns, summed once more by readAlertTotals.
const counted = sql.raw('retracted_at is null');
// Only counted alerts with an amount: a pricing day without an amount prices nothing in the sums.
const priced = sql.raw('retracted_at is null and (amount_lost_usd is not null or amount_returned_usd is not null)');

/** Partial sums from a scan of security_alerts alone (the reference alert_totals must equal). */
function scanPart(filters: AlertFilters): SQL {
  return sql`select extract(year from occurred_at at time zone 'UTC')::int as year, technique, chain, count(*) as listed,
    count(*) filter (where ${counted}) as count, sum(amount_lost_usd) filter (where ${counted}) as lost_sum,
    count(amount_lost_usd) filter (where ${counted}) as lost_known, sum(amount_returned_usd) filter (where ${counted}) as returned_sum,
    count(amount_returned_usd) filter (where ${counted}) as returned_known, min(amounts_priced_on) filter (where ${priced}) as priced_first,
    max(amounts_priced_on) filter (where ${priced}) as priced_last
    from ${securityAlerts} where ${and(...alertFilterConditions(filters))} group by 1, 2, 3`;
}

/** Partial sums read from alert_totals over whole years (filters on its dimensions only). */
function summaryPart(filters: AlertFilters, years: { first: number | null; last: number | null }): SQL {
  const t = alertTotalsTable;
  // GROUPING(type, origin, has_returned, category): a set bit is a dimension summed over, i.e. one not filtered on.
  const grouping = (filters.type ? 0 : 8) | (filters.origin ? 0 : 4) | (filters.returned ? 0 : 2) | (filters.category ? 0 : 1);
  const conditions: SQL[] = [eq(t.grouping, grouping)];
  if (filters.type) conditions.push(eq(t.type, filters.type));
  if (filters.origin) conditions.push(eq(t.origin, filters.origin));
  if (filters.returned) conditions.push(eq(t.hasReturned, filters.returned === 'yes'));
  if (filters.category) conditions.push(sql`lower(${t.category}) = lower(${filters.category})`);
  if (filters.technique) conditions.push(sql`lower(${t.technique}) = lower(${filters.technique})`);
  if (filters.chain) conditions.push(sql`lower(${t.chain}) = lower(${filters.chain})`);
  if (years.first !== null) conditions.push(gte(t.year, years.first));
  if (years.last !== null) conditions.push(lte(t.year, years.last));
  return sql`select year, technique, chain, listed, counted as count, lost_sum, lost_known, returned_sum, returned_known, priced_first, priced_last
    from ${t} where ${and(...conditions)}`;
}

const yearOf = (day: string) => Number(day.slice(0, 4));

/**
 * Where the totals of these filters are read: alert_totals when every filter is one of its dimensions, with a date
 * range split into the whole years inside it (summed ahead) and the days before and after them (scanned through the
 * date index); a scan for the filters it does not hold (project, search, amount range). Both give the same groups.
 */
export function planAlertTotals(filters: AlertFilters): { summaryYears: { first: number | null; last: number | null } | null; scans: AlertFilters[] } {
  if (filters.project || filters.q || filters.minLost !== null || filters.maxLost !== null) return { summaryYears: null, scans: [filters] };
  const first = filters.from === null ? null : filters.from.endsWith('-01-01') ? yearOf(filters.from) : yearOf(filters.from) + 1;
  const last = filters.to === null ? null : filters.to.endsWith('-12-31') ? yearOf(filters.to) : yearOf(filters.to) - 1;
  // No whole year inside the range (or an empty range): its days are all scanned.
  if (first !== null && last !== null && first > last) return { summaryYears: null, scans: [filters] };
  const scans: AlertFilters[] = [];
  if (filters.from !== null && first !== null && first !== yearOf(filters.from)) scans.push({ ...filters, to: `${first - 1}-12-31` });
  if (filters.to !== null && last !== null && last !== yearOf(filters.to)) scans.push({ ...filters, from: `${last + 1}-01-01` });
  return { summaryYears: { first, last }, scans };
}

/**
 * The totals and breakdowns, read from the database (uncached: the bench measures this; the page reads it cached).
 * Groups by (year, technique, chain) come from alert_totals and/or a scan (planAlertTotals); the list's count, the
 * totals and the three breakdowns are summed from those few groups here, exactly (amounts in cents).
 */
export async function readAlertTotals(filters: AlertFilters): Promise<AlertTotals> {
  const plan = planAlertTotals(filters);
  const parts = [...(plan.summaryYears ? [summaryPart(filters, plan.summaryYears)] : []), ...plan.scans.map(scanPart)];
  const db = await getDb();
  // The partial sums are summed once more per year, per technique, per chain and overall, in one grouping-sets pass.
  const result = await db.execute<GroupRow>(sql`select grouping(part.year, part.technique, part.chain)::int as "set", part.year, part.technique, part.chain,
      sum(part.listed)::int as "listed", sum(part.count)::int as "count", sum(part.lost_sum)::text as "lostSum", sum(part.lost_known)::int as "lostKnown",
      sum(part.returned_sum)::text as "returnedSum", sum(part.returned_known)::int as "returnedKnown",
      min(part.priced_first)::text as "pricedFirst", max(part.priced_last)::text as "pricedLast"
    from (${sql.join(parts, sql` union all `)}) as part
    group by grouping sets ((part.year), (part.technique), (part.chain), ())`);
  const rows = (Array.isArray(result) ? result : (result as { rows: GroupRow[] }).rows) as GroupRow[];
  const overall = emptyTally();
  const breakdowns = { byYear: new Map<string | null, Tally>(), byTechnique: new Map<string | null, Tally>(), byChain: new Map<string | null, Tally>() };
  // GROUPING(year, technique, chain): 7 is every row, 3 one year, 5 one technique, 6 one chain.
  const breakdownOf = { 3: 'byYear', 5: 'byTechnique', 6: 'byChain' } as const;
  for (const row of rows) {
    const set = Number(row.set);
    if (set === 7) addTo(overall, row);
    else if (set === 3 || set === 5 || set === 6) {
      const tally = emptyTally();
      addTo(tally, row);
      breakdowns[breakdownOf[set]].set(set === 3 ? String(row.year) : set === 5 ? row.technique : row.chain, tally);
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

/** Who the incidents of the public record come from, credited on /alerts with their licences (cached like the list). */
export const listRecordSources = unstable_cache(
  async (): Promise<IncidentSourceCredit[]> => {
    const db = await getDb();
    const rows = await db
      .selectDistinct({ source: sql<IncidentSourceCredit>`${securityAlerts.incident}->'source'` })
      .from(securityAlerts)
      .where(and(eq(securityAlerts.status, 'published'), sql`${securityAlerts.incident} is not null`));
    return rows.map((row) => row.source).sort((a, b) => a.name.localeCompare(b.name));
  },
  ['record-sources'],
  { tags: [CACHE_TAGS.alerts], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);
