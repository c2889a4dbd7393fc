import 'server-only';

import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';

import type { MetricName } from '@/lib/skynet/metric-name';
import type { MetricPoint, ProjectSkynetView, TopCaller, TopEvent, TopFunctionCall } from '@/lib/skynet/types';

import { getDb } from '../db/client';
import { skynetChains, skynetContracts, skynetEvents, skynetMetricPoints, skynetSocialActivity, skynetTransactions } from '../db/schema';
import { memo } from './memo';
import { getPrivilegedAddresses, getPrivilegedFunctions, getPrivilegedTransactions } from './privileged-queries';
import { isHiddenProject } from './visibility';

const toPoint = (row: { at: Date; value: number; detail: unknown; isDemo: boolean }): MetricPoint => ({
  timestamp: Math.floor(row.at.getTime() / 1000),
  value: row.value,
  detail: row.detail ?? null,
  isDemo: row.isDemo,
});

const pointColumns = { at: skynetMetricPoints.at, value: skynetMetricPoints.value, detail: skynetMetricPoints.detail, isDemo: skynetMetricPoints.isDemo };

/** The newest value of a series (or null). One index read: the primary key is (series, at). */
export function getMetricLatest(metric: MetricName): Promise<{ series: string; name: string; labels: Record<string, string>; latest: MetricPoint | null }> {
  return memo(`latest:${metric.series}`, async () => {
    if (await isHiddenProject(metric.labels.projectId)) return { series: metric.series, name: metric.name, labels: metric.labels, latest: null };
    const db = await getDb();
    const [row] = await db.select(pointColumns).from(skynetMetricPoints).where(eq(skynetMetricPoints.series, metric.series)).orderBy(desc(skynetMetricPoints.at)).limit(1);
    return { series: metric.series, name: metric.name, labels: metric.labels, latest: row ? toPoint(row) : null };
  });
}

/** For each timestamp (unix seconds), the series' value in force then: the newest point at or before it. */
export function getMetricByTimestamps(metric: MetricName, timestamps: number[]) {
  return memo(`at:${metric.series}:${timestamps.join(',')}`, async () => {
    if (await isHiddenProject(metric.labels.projectId)) return { series: metric.series, name: metric.name, labels: metric.labels, points: timestamps.map((timestamp) => ({ timestamp, point: null })) };
    const db = await getDb();
    const points = await Promise.all(
      timestamps.map(async (timestamp) => {
        const [row] = await db
          .select(pointColumns)
          .from(skynetMetricPoints)
          .where(and(eq(skynetMetricPoints.series, metric.series), lte(skynetMetricPoints.at, new Date(timestamp * 1000))))
          .orderBy(desc(skynetMetricPoints.at))
          .limit(1);
        return { timestamp, point: row ? toPoint(row) : null };
      }),
    );
    return { series: metric.series, name: metric.name, labels: metric.labels, points };
  });
}

/** A series' points in a time window, oldest first (for the page's charts). */
export function getMetricSeries(series: string, sinceSeconds: number) {
  return memo(`series:${series}:${sinceSeconds}`, async () => {
    const db = await getDb();
    const rows = await db
      .select(pointColumns)
      .from(skynetMetricPoints)
      .where(and(eq(skynetMetricPoints.series, series), gte(skynetMetricPoints.at, new Date(sinceSeconds * 1000))))
      .orderBy(asc(skynetMetricPoints.at));
    return rows.map(toPoint);
  });
}

/** The addresses that sent the most transactions to the project's contracts. */
export function getTopCallers(projectId: string, count: number): Promise<TopCaller[]> {
  return memo(`callers:${projectId}:${count}`, async () => {
    if (await isHiddenProject(projectId)) return [];
    const db = await getDb();
    const calls = sql<number>`count(*)::int`;
    return db
      .select({ address: skynetTransactions.fromAddress, calls })
      .from(skynetTransactions)
      .where(eq(skynetTransactions.projectId, projectId))
      .groupBy(skynetTransactions.fromAddress)
      .orderBy(desc(calls), asc(skynetTransactions.fromAddress))
      .limit(count);
  });
}

/** The project's events by name, most frequent first (unnamed logs, which the ABI does not describe, left out). */
export function getTopEvents(projectId: string, count: number): Promise<TopEvent[]> {
  return memo(`events:${projectId}:${count}`, async () => {
    if (await isHiddenProject(projectId)) return [];
    const db = await getDb();
    const total = sql<number>`count(*)::int`;
    const rows = await db
      .select({ name: skynetEvents.name, count: total })
      .from(skynetEvents)
      .where(and(eq(skynetEvents.projectId, projectId), isNotNull(skynetEvents.name)))
      .groupBy(skynetEvents.name)
      .orderBy(desc(total), asc(skynetEvents.name))
      .limit(count);
    return rows.map((row) => ({ name: row.name!, count: row.count }));
  });
}

/** The project's functions by number of calls (reverted calls included), most called first. */
export function getTopFunctionCalls(projectId: string, count: number): Promise<TopFunctionCall[]> {
  return memo(`functions:${projectId}:${count}`, async () => {
    if (await isHiddenProject(projectId)) return [];
    const db = await getDb();
    const calls = sql<number>`count(*)::int`;
    const name = sql<string>`coalesce(${skynetTransactions.functionName}, ${skynetTransactions.selector})`;
    return db
      .select({ name, calls, reverted: sql<number>`(count(*) filter (where not ${skynetTransactions.succeeded}))::int` })
      .from(skynetTransactions)
      .where(eq(skynetTransactions.projectId, projectId))
      .groupBy(name)
      .orderBy(desc(calls), asc(name))
      .limit(count);
  });
}

/** Social activity of one type for the given days (null where nothing was recorded). */
export function getSocialActivityByDates(projectId: string, type: string, dates: string[]): Promise<{ date: string; value: number | null; isDemo: boolean }[]> {
  return memo(`social:${projectId}:${type}:${dates.join(',')}`, async () => {
    if (await isHiddenProject(projectId)) return dates.map((date) => ({ date, value: null, isDemo: false }));
    const db = await getDb();
    const rows = await db
      .select({ day: skynetSocialActivity.day, value: skynetSocialActivity.value, isDemo: skynetSocialActivity.isDemo })
      .from(skynetSocialActivity)
      .where(and(eq(skynetSocialActivity.projectId, projectId), eq(skynetSocialActivity.type, type), inArray(skynetSocialActivity.day, dates)));
    const byDay = new Map(rows.map((row) => [row.day, row]));
    return dates.map((date) => ({ date, value: byDay.get(date)?.value ?? null, isDemo: byDay.get(date)?.isDemo ?? false }));
  });
}

/** What the project page shows about a project's monitoring. */
export function getProjectMonitoring(projectId: string) {
  return memo(`project:${projectId}`, async () => {
    if (await isHiddenProject(projectId)) return { contracts: [], socialTypes: [] };
    const db = await getDb();
    const contracts = await db
      .select({
        id: skynetContracts.id,
        chainId: skynetContracts.chainId,
        address: skynetContracts.address,
        fromBlock: skynetContracts.fromBlock,
        transactionsFromBlock: skynetContracts.transactionsFromBlock,
        // Stored up to: its history's cursor until the history is read, then the chain's head follower's.
        cursorBlock: sql<number | null>`case
          when ${skynetContracts.liveFromBlock} is not null and coalesce(${skynetContracts.cursorBlock}, ${skynetContracts.fromBlock} - 1) >= ${skynetContracts.liveFromBlock} - 1
          then greatest(${skynetContracts.cursorBlock}, ${skynetChains.indexedBlock})
          else ${skynetContracts.cursorBlock} end`.mapWith(Number),
        lastIndexedAt: sql<Date | null>`greatest(${skynetContracts.lastIndexedAt}, ${skynetChains.indexedAt})`.mapWith(skynetContracts.lastIndexedAt),
      })
      .from(skynetContracts)
      .leftJoin(skynetChains, eq(skynetChains.chainId, skynetContracts.chainId))
      .where(eq(skynetContracts.projectId, projectId))
      .orderBy(asc(skynetContracts.createdAt));
    const socialTypes = await db
      .selectDistinct({ type: skynetSocialActivity.type })
      .from(skynetSocialActivity)
      .where(eq(skynetSocialActivity.projectId, projectId));
    return { contracts, socialTypes: socialTypes.map((row) => row.type).sort() };
  });
}

const DAY_SECONDS = 86_400;

/**
 * Everything the project page's Skynet panels show, as one plain object: the top lists, the privileges and
 * privileged transactions of each watched contract, exchange listings, and activity over the last 30 days of data.
 */
export async function getProjectSkynetView(projectId: string): Promise<ProjectSkynetView> {
  const { contracts, socialTypes } = await getProjectMonitoring(projectId);
  const [topCallers, topEvents, topFunctions, exchanges] = await Promise.all([
    getTopCallers(projectId, 10),
    getTopEvents(projectId, 10),
    getTopFunctionCalls(projectId, 10),
    getMetricLatest({ name: 'exchanges', labels: { projectId }, series: `exchanges(projectId=${projectId})` }),
  ]);
  const perContract = await Promise.all(
    contracts.map(async (contract) => ({
      chainId: contract.chainId,
      address: contract.address,
      cursorBlock: contract.cursorBlock,
      fromBlock: contract.fromBlock,
      transactionsFromBlock: contract.transactionsFromBlock ?? contract.fromBlock,
      functions: (await getPrivilegedFunctions(contract.address)).filter((row) => row.chainId === contract.chainId),
      holders: (await getPrivilegedAddresses(contract.address)).filter((row) => row.chainId === contract.chainId),
      transactions: (await getPrivilegedTransactions(contract.address, 20)).filter((row) => row.chainId === contract.chainId),
    })),
  );
  const latestTx = await getMetricLatest({ name: 'transactions', labels: { projectId }, series: `transactions(projectId=${projectId})` });
  const since = latestTx.latest ? latestTx.latest.timestamp - 29 * DAY_SECONDS : 0;
  const transactionsSeries = latestTx.latest ? await getMetricSeries(`transactions(projectId=${projectId})`, since) : [];
  const social = await Promise.all(
    socialTypes.map(async (type) => {
      const rows = await memo(`social-series:${projectId}:${type}`, async () => {
        const db = await getDb();
        return db
          .select({ date: skynetSocialActivity.day, value: skynetSocialActivity.value, isDemo: skynetSocialActivity.isDemo })
          .from(skynetSocialActivity)
          .where(and(eq(skynetSocialActivity.projectId, projectId), eq(skynetSocialActivity.type, type)))
          .orderBy(desc(skynetSocialActivity.day))
          .limit(30);
      });
      return { type, points: [...rows].reverse() };
    }),
  );
  return { contracts: perContract, topCallers, topEvents, topFunctions, exchanges: exchanges.latest, transactionsSeries, social };
}

