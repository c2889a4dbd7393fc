import 'server-only';

import { and, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';

import { alertFieldChanges, type AlertFields } from '@/lib/alerts';
import { UserFacingError } from '@/lib/errors';
import { incidentScoreNote } from '@/lib/incident-score';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { AlertCorrectionInput, AlertInput, AlertListQuery } from '@/lib/schemas/staff-alert';
import { dayOf, startOfDay } from '@/lib/schemas/staff-audit';
import type { PublicationStatus } from '@/lib/staff';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { alertRevisions, projects, securityAlerts } from '../db/schema';
import { rescoreForIncidents } from '../incident-score';
import { nudgeMailWorker } from '../mail/worker';
import { notifyWatchersOfAlert } from '../notifications';
import { nudgeWebhookWorker } from '../webhooks/worker';
import { recordStaffChange, type StaffActor } from './audit-log';
import { containsPattern, readListPage, rowCount, type StaffListPage } from './list-page';

export type StaffAlertRow = {
  id: string;
  title: string;
  type: string;
  status: PublicationStatus;
  occurredAt: Date;
  projectId: string | null;
  projectName: string | null;
  amountLostUsd: number | null;
  isDemo: boolean;
  updatedAt: Date;
};

/** An alert as the console's form edits it. */
export type StaffAlert = AlertFields & {
  id: string;
  projectName: string | null;
  status: PublicationStatus;
  publishedAt: Date | null;
  fromReportId: string | null;
  isDemo: boolean;
  updatedAt: Date;
};

/** The console's alert list: search by title, project, chain or technique; filter by type, status and project. */
export async function listStaffAlerts(query: AlertListQuery): Promise<StaffListPage<StaffAlertRow>> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(securityAlerts.title, pattern), ilike(projects.name, pattern), ilike(securityAlerts.projectId, pattern), ilike(securityAlerts.chain, pattern), ilike(securityAlerts.technique, pattern))!,
    );
  }
  if (query.type) conditions.push(eq(securityAlerts.type, query.type));
  if (query.status) conditions.push(eq(securityAlerts.status, query.status));
  if (query.project) conditions.push(eq(securityAlerts.projectId, query.project));
  const where = and(...conditions);
  return readListPage(
    query.page,
    () => db.select({ total: rowCount }).from(securityAlerts).leftJoin(projects, eq(projects.id, securityAlerts.projectId)).where(where),
    ({ limit, offset }) =>
      db
        .select({
          id: securityAlerts.id,
          title: securityAlerts.title,
          type: securityAlerts.type,
          status: securityAlerts.status,
          occurredAt: securityAlerts.occurredAt,
          projectId: securityAlerts.projectId,
          projectName: projects.name,
          amountLostUsd: securityAlerts.amountLostUsd,
          isDemo: securityAlerts.isDemo,
          updatedAt: securityAlerts.updatedAt,
        })
        .from(securityAlerts)
        .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
        .where(where)
        .orderBy(desc(securityAlerts.updatedAt), desc(securityAlerts.occurredAt))
        .limit(limit)
        .offset(offset),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readAlert(db: Database, id: string, lock = false) {
  if (!UUID.test(id)) return null;
  const query = db.select({ alert: securityAlerts, projectName: projects.name }).from(securityAlerts).leftJoin(projects, eq(projects.id, securityAlerts.projectId)).where(eq(securityAlerts.id, id));
  const [row] = lock ? await query.for('update', { of: securityAlerts }) : await query;
  return row ?? null;
}

/** The editable fields of a stored alert, as the form and the correction log name them. */
export const fieldsOf = (alert: typeof securityAlerts.$inferSelect): AlertFields => ({
  title: alert.title,
  type: alert.type,
  occurredOn: dayOf(alert.occurredAt),
  chain: alert.chain,
  amountLostUsd: alert.amountLostUsd,
  amountReturnedUsd: alert.amountReturnedUsd,
  amountsPricedOn: alert.amountsPricedOn,
  technique: alert.technique,
  sourceUrls: alert.sourceUrls,
  confidence: alert.confidence,
  projectId: alert.projectId,
  description: alert.description,
});

const inputFields = ({ title, type, occurredOn, chain, amountLostUsd, amountReturnedUsd, amountsPricedOn, technique, sourceUrls, confidence, projectId, description }: AlertInput): AlertFields => ({
  title,
  type,
  occurredOn,
  chain,
  amountLostUsd,
  amountReturnedUsd,
  amountsPricedOn,
  technique,
  sourceUrls,
  confidence,
  projectId,
  description,
});

function toStaffAlert({ alert, projectName }: { alert: typeof securityAlerts.$inferSelect; projectName: string | null }): StaffAlert {
  return {
    ...fieldsOf(alert),
    id: alert.id,
    projectName,
    status: alert.status,
    publishedAt: alert.publishedAt,
    fromReportId: alert.fromReportId,
    isDemo: alert.isDemo,
    updatedAt: alert.updatedAt,
  };
}

/** One alert for the console's form, drafts included; null when there is none. */
export async function getStaffAlert(id: string): Promise<StaffAlert | null> {
  const row = await readAlert(await getDb(), id);
  return row ? toStaffAlert(row) : null;
}

/** Alerts a report may repeat: the project's own first, then the latest others, drafts included. */
export async function listDuplicateCandidates(projectId: string, limit = 30): Promise<{ id: string; title: string; occurredAt: Date; status: PublicationStatus; projectName: string | null }[]> {
  const db = await getDb();
  const columns = { id: securityAlerts.id, title: securityAlerts.title, occurredAt: securityAlerts.occurredAt, status: securityAlerts.status, projectName: projects.name };
  const own = await db.select(columns).from(securityAlerts).leftJoin(projects, eq(projects.id, securityAlerts.projectId)).where(eq(securityAlerts.projectId, projectId)).orderBy(desc(securityAlerts.occurredAt)).limit(limit);
  const others = await db
    .select(columns)
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(or(ne(securityAlerts.projectId, projectId), sql`${securityAlerts.projectId} is null`))
    .orderBy(desc(securityAlerts.occurredAt))
    .limit(limit);
  return [...own, ...others];
}

async function requireProject(db: Database, projectId: string | null): Promise<void> {
  if (projectId === null) return;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw new UserFacingError(STAFF_MESSAGES.unknownProject, 400);
}

/** The columns of the fields; a day left as it was keeps its stored time of day. */
const columnsOf = (fields: AlertFields, storedOccurredAt?: Date) => {
  const { occurredOn, ...rest } = fields;
  return { ...rest, occurredAt: storedOccurredAt && dayOf(storedOccurredAt) === occurredOn ? storedOccurredAt : startOfDay(occurredOn) };
};

/**
 * Inserts a draft alert in the caller's transaction and records it; the moderation queue uses it to draft an alert
 * from a community report in the same transaction as the decision.
 */
export async function insertDraftAlert(tx: Database, actor: StaffActor, fields: AlertFields, fromReportId: string | null = null): Promise<{ id: string }> {
  await requireProject(tx, fields.projectId);
  const [created] = await tx
    .insert(securityAlerts)
    .values({ ...columnsOf(fields), status: 'draft', isDemo: false, fromReportId })
    .returning({ id: securityAlerts.id });
  await recordStaffChange(tx, actor, { action: 'alert.create', entityType: 'alert', entityId: created.id, before: null, after: { ...fields, status: 'draft', fromReportId } });
  return created;
}

/** A new alert, saved as a draft: nothing shows publicly until it is published. */
export async function createAlert(actor: StaffActor, input: AlertInput): Promise<{ id: string }> {
  const db = await getDb();
  return db.transaction((tx) => insertDraftAlert(tx, actor, inputFields(input)));
}

/** Saves the form over a draft. A published alert is corrected instead (correctAlert), with a public reason. */
export async function updateDraftAlert(actor: StaffActor, id: string, input: AlertInput): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await readAlert(tx, id, true);
    if (!row) throw new UserFacingError(STAFF_MESSAGES.alertNotFound, 404);
    if (row.alert.status === 'published') throw new UserFacingError(STAFF_MESSAGES.alertPublishedCorrectInstead, 409);
    const fields = inputFields(input);
    await requireProject(tx, fields.projectId);
    await tx
      .update(securityAlerts)
      .set({ ...columnsOf(fields, row.alert.occurredAt), updatedAt: new Date() })
      .where(eq(securityAlerts.id, id));
    await recordStaffChange(tx, actor, { action: 'alert.update', entityType: 'alert', entityId: id, before: fieldsOf(row.alert), after: fields });
  });
}

/** Publishes a draft: it shows on the project page, the home feed and its own page, and its project's watchers are notified. */
export async function publishAlert(actor: StaffActor, id: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const { mailed, webhooks } = await db.transaction(async (tx) => {
    const row = await readAlert(tx, id, true);
    if (!row) throw new UserFacingError(STAFF_MESSAGES.alertNotFound, 404);
    if (row.alert.status === 'published') throw new UserFacingError(STAFF_MESSAGES.alertAlreadyPublished, 409);
    await tx.update(securityAlerts).set({ status: 'published', publishedAt: now, updatedAt: now }).where(eq(securityAlerts.id, id));
    await recordStaffChange(tx, actor, { action: 'alert.publish', entityType: 'alert', entityId: id, before: { status: 'draft' }, after: { status: 'published', publishedAt: now } });
    // The methodology's incident rule: the project's score answers the incident the day it is published.
    if (row.alert.projectId) await rescoreForIncidents(tx, row.alert.projectId, { note: incidentScoreNote(row.alert.title), at: now, userId: actor.userId });
    // In the same transaction: the alert is never public without its watchers' notices and mails, nor they without it.
    return notifyWatchersOfAlert(tx, id);
  });
  if (mailed > 0) nudgeMailWorker();
  if (webhooks > 0) nudgeWebhookWorker();
  revalidatePublicData(CACHE_TAGS.alerts);
}

/**
 * Corrects a published alert. The change, field by field, and its reason become a public revision in the alert's
 * correction log, written in the same transaction as the change and its audit-log entry.
 */
export async function correctAlert(actor: StaffActor, id: string, input: AlertCorrectionInput): Promise<{ revisionId: string }> {
  const db = await getDb();
  const revision = await db.transaction(async (tx) => {
    const row = await readAlert(tx, id, true);
    if (!row) throw new UserFacingError(STAFF_MESSAGES.alertNotFound, 404);
    if (row.alert.status !== 'published') throw new UserFacingError(STAFF_MESSAGES.alertDraftEditInstead, 409);
    const before = fieldsOf(row.alert);
    const after = inputFields(input);
    const changes = alertFieldChanges(before, after);
    if (Object.keys(changes).length === 0) throw new UserFacingError(STAFF_MESSAGES.nothingChanged, 400);
    await requireProject(tx, after.projectId);
    await tx
      .update(securityAlerts)
      .set({ ...columnsOf(after, row.alert.occurredAt), updatedAt: new Date() })
      .where(eq(securityAlerts.id, id));
    const [created] = await tx.insert(alertRevisions).values({ alertId: id, reason: input.reason, changes, editorUserId: actor.userId }).returning({ id: alertRevisions.id });
    const changedBefore = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.before]));
    const changedAfter = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.after]));
    await recordStaffChange(tx, actor, { action: 'alert.correct', entityType: 'alert', entityId: id, before: changedBefore, after: { ...changedAfter, reason: input.reason, revisionId: created.id } });
    // The incident's project (and the one it left) answer the corrected facts by the incident rule.
    for (const projectId of new Set([before.projectId, after.projectId].filter((value): value is string => value !== null))) {
      await rescoreForIncidents(tx, projectId, { note: incidentScoreNote(after.title, input.reason), at: new Date(), userId: actor.userId });
    }
    // Moved to another project: that project's watchers hear of it too (those already told are not told twice).
    const { mailed, webhooks } = changes.projectId ? await notifyWatchersOfAlert(tx, id) : { mailed: 0, webhooks: 0 };
    return { revisionId: created.id, mailed, webhooks };
  });
  if (revision.mailed > 0) nudgeMailWorker();
  if (revision.webhooks > 0) nudgeWebhookWorker();
  revalidatePublicData(CACHE_TAGS.alerts);
  return { revisionId: revision.revisionId };
}
