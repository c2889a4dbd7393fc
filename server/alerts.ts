import 'server-only';

import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { cache } from 'react';

import { ALERT_FIELD_LABELS, type AlertCorrection, type AlertDetail } from '@/lib/alerts';

import { alertSummaryColumns } from './alert-columns';
import { getDb } from './db/client';
import { alertRevisions, projects, securityAlerts } from './db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A revision's changes in the order the form lists the fields, each with its label. */
export function correctionChanges(changes: Record<string, { before: unknown; after: unknown }>): AlertCorrection['changes'] {
  const order = Object.keys(ALERT_FIELD_LABELS);
  return Object.entries(changes)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([field, change]) => ({ field, label: ALERT_FIELD_LABELS[field as keyof typeof ALERT_FIELD_LABELS] ?? field, before: change.before, after: change.after }));
}

/** The corrections of an alert, oldest first: the public correction log. */
export async function listAlertCorrections(alertId: string): Promise<AlertCorrection[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: alertRevisions.id, createdAt: alertRevisions.createdAt, reason: alertRevisions.reason, changes: alertRevisions.changes })
    .from(alertRevisions)
    .where(eq(alertRevisions.alertId, alertId))
    .orderBy(asc(alertRevisions.createdAt), asc(alertRevisions.id));
  return rows.map((row) => ({ ...row, changes: correctionChanges(row.changes) }));
}

/**
 * A published alert for its public page, with its correction log; null for a draft, an unknown id, or an alert of a
 * hidden project (which answers 404 everywhere publicly).
 */
export const getPublishedAlert = cache(async (id: string): Promise<AlertDetail | null> => {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [alert] = await db
    .select({
      ...alertSummaryColumns,
      amountReturnedUsd: securityAlerts.amountReturnedUsd,
      amountsPricedOn: securityAlerts.amountsPricedOn,
      technique: securityAlerts.technique,
      description: securityAlerts.description,
      sourceUrls: securityAlerts.sourceUrls,
      publishedAt: securityAlerts.publishedAt,
      evidence: securityAlerts.evidence,
      protocol: securityAlerts.protocol,
      incident: securityAlerts.incident,
    })
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(and(eq(securityAlerts.id, id), eq(securityAlerts.status, 'published'), or(isNull(securityAlerts.projectId), isNull(projects.hiddenAt))))
    .limit(1);
  if (!alert) return null;
  return { ...alert, corrections: await listAlertCorrections(id) };
});
