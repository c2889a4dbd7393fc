import 'server-only';

import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from '@/lib/zod';

import type { CsvValue } from '@/lib/csv';
import { EMPTY_ALERT_FILTERS, type AlertFilters } from '@/lib/schemas/alert-filters';
import { API_V1_LIMIT_DEFAULT, type AlertListQuery, type AlertV1, type IncidentListQuery } from '@/lib/schemas/api-v1';

import { alertDatabaseColumns, alertFilterConditions, toAlertDatabaseRow } from '../alert-database';
import { getPublishedAlert } from '../alerts';
import { getConfig } from '../config';
import { getDb } from '../db/client';
import { projects, securityAlerts } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { withoutFormat, type V1Answer } from './http';

/** The most alerts a project's own answer carries (newest first); the alerts list pages through the rest. */
const PROJECT_ALERTS_MAX = 50;

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

type StoredRow = Parameters<typeof toAlertDatabaseRow>[0];

function alertOf(row: StoredRow): AlertV1 {
  const listed = toAlertDatabaseRow(row, getConfig().explorerUrl);
  return {
    id: listed.id,
    projectId: listed.projectId,
    projectName: listed.projectName,
    projectCategory: listed.projectCategory,
    type: listed.type,
    title: listed.title,
    occurredAt: iso(listed.occurredAt)!,
    chain: listed.chain,
    technique: listed.technique,
    confidence: listed.confidence,
    origin: listed.origin,
    amountLostUsd: listed.amountLostUsd,
    amountReturnedUsd: listed.amountReturnedUsd,
    amountsPricedOn: listed.amountsPricedOn,
    retractedAt: iso(listed.retractedAt),
    retractionReason: listed.retractionReason,
    sources: listed.sources,
    isDemo: listed.isDemo,
    protocol: listed.protocol,
    record: listed.incident
      ? {
          sourceId: listed.incident.sourceId,
          source: listed.incident.source,
          chains: listed.incident.chains,
          sourceTechnique: listed.incident.sourceTechnique,
          lossNative: listed.incident.lossNative,
          attackers: listed.incident.attackers,
          attackContracts: listed.incident.attackContracts,
          victims: listed.incident.victims,
          attackTransactions: listed.incident.attackTransactions,
          links: listed.incident.links,
        }
      : null,
  };
}

export const ALERT_CSV_HEADER = ['id', 'occurredAt', 'title', 'type', 'origin', 'projectId', 'projectName', 'projectCategory', 'chain', 'technique', 'confidence', 'amountLostUsd', 'amountReturnedUsd', 'amountsPricedOn', 'retractedAt', 'retractionReason', 'sources', 'isDemo', 'protocol', 'recordSource'] as const;
const alertCsvRow = (alert: AlertV1): CsvValue[] => [
  alert.id,
  alert.occurredAt,
  alert.title,
  alert.type,
  alert.origin,
  alert.projectId,
  alert.projectName,
  alert.projectCategory,
  alert.chain,
  alert.technique,
  alert.confidence,
  alert.amountLostUsd,
  alert.amountReturnedUsd,
  alert.amountsPricedOn,
  alert.retractedAt,
  alert.retractionReason,
  alert.sources.map((source) => source.href).join(' '),
  alert.isDemo ? 'true' : 'false',
  alert.protocol,
  alert.record ? `${alert.record.source.name} (${alert.record.source.licence}) ${alert.record.sourceId}` : null,
];

// The cursor keeps the timestamp as the database's text (microseconds), which a JS Date would round to milliseconds.
const alertPosition = z.object({ at: z.string().max(40).regex(/^[0-9 :.+-]+$/), id: z.uuid() });

/** Published alerts of shown projects matching the filters, newest first, one page after the cursor (keyset). */
async function pageOfAlerts(filters: AlertFilters, limit: number, cursor: string | undefined, fingerprint: unknown): Promise<V1Answer> {
  const position = decodeCursor(cursor, fingerprint, alertPosition);
  const after = position ? sql`(${securityAlerts.occurredAt}, ${securityAlerts.id}) < (${position.at}::timestamptz, ${position.id}::uuid)` : undefined;
  const db = await getDb();
  const rows = await db
    .select({ ...alertDatabaseColumns, cursorAt: sql<string>`${securityAlerts.occurredAt}::text` })
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(and(...alertFilterConditions(filters), after))
    .orderBy(desc(securityAlerts.occurredAt), desc(securityAlerts.id))
    .limit(limit + 1);
  const data = rows.slice(0, limit).map(alertOf);
  const last = rows[limit - 1];
  const nextCursor = rows.length > limit ? encodeCursor(fingerprint, { at: last.cursorAt, id: last.id }) : null;
  return { body: { data, nextCursor }, nextCursor, csv: { header: ALERT_CSV_HEADER, rows: data.map(alertCsvRow) } };
}

/** The alerts feed: every published alert, optionally of one project, type or origin. */
export function listAlertsV1(query: AlertListQuery): Promise<V1Answer> {
  const { cursor, limit = API_V1_LIMIT_DEFAULT, ...chosen } = withoutFormat(query);
  const filters: AlertFilters = { ...EMPTY_ALERT_FILTERS, project: chosen.project ?? null, type: chosen.type ?? null, origin: chosen.origin ?? null };
  return pageOfAlerts(filters, limit, cursor, ['alerts', chosen]);
}

/** The incident database: the /alerts page's filters, cursor-paged. */
export function listIncidentsV1(query: IncidentListQuery): Promise<V1Answer> {
  const { cursor, limit = API_V1_LIMIT_DEFAULT, ...chosen } = withoutFormat(query);
  const filters: AlertFilters = { ...EMPTY_ALERT_FILTERS };
  for (const [key, value] of Object.entries(chosen)) if (value !== undefined) (filters as Record<string, unknown>)[key] = value;
  if (filters.from && filters.to && filters.from > filters.to) [filters.from, filters.to] = [filters.to, filters.from];
  if (filters.minLost !== null && filters.maxLost !== null && filters.minLost > filters.maxLost) [filters.minLost, filters.maxLost] = [filters.maxLost, filters.minLost];
  return pageOfAlerts(filters, limit, cursor, ['incidents', chosen]);
}

/** A project's latest published alerts in the API's shape. */
export async function alertsOfProjectV1(projectId: string): Promise<AlertV1[]> {
  const answer = await pageOfAlerts({ ...EMPTY_ALERT_FILTERS, project: projectId }, PROJECT_ALERTS_MAX, undefined, ['project', projectId]);
  return (answer.body as { data: AlertV1[] }).data;
}

/** One published alert with its sources, evidence and public correction log; null when not public. */
export async function getAlertV1(id: string): Promise<V1Answer | null> {
  const alert = await getPublishedAlert(id);
  if (!alert) return null;
  const db = await getDb();
  const [row] = await db
    .select(alertDatabaseColumns)
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(eq(securityAlerts.id, id))
    .limit(1);
  return {
    body: {
      ...alertOf(row),
      description: alert.description,
      publishedAt: iso(alert.publishedAt),
      evidence: alert.evidence,
      corrections: alert.corrections.map((correction) => ({ ...correction, createdAt: iso(correction.createdAt)! })),
    },
  };
}
