import 'server-only';

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from '@/lib/zod';

import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { DuplicateReportInput, RejectReportInput, ReportListQuery } from '@/lib/schemas/staff-report';
import { dayOf } from '@/lib/schemas/staff-audit';
import type { ReportStatus } from '@/lib/staff';

import { getConfig } from '../config';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { incidentReports, projects, securityAlerts, users } from '../db/schema';
import { enqueueMail } from '../mail';
import { noticeMail } from '../mail/templates';
import { nudgeMailWorker } from '../mail/worker';
import { insertDraftAlert } from './alerts';
import { recordStaffChange, type StaffActor } from './audit-log';
import { readListPage, rowCount, type StaffListPage } from './list-page';

export type IncidentReportRow = {
  id: string;
  projectId: string;
  projectName: string;
  excerpt: string;
  linkCount: number;
  hasEmail: boolean;
  status: ReportStatus;
  createdAt: Date;
};

export type IncidentReportDetail = {
  id: string;
  projectId: string;
  projectName: string;
  description: string;
  links: string[];
  contact: string | null;
  /** The contact is an email address: the reporter is mailed the outcome. */
  hasEmail: boolean;
  status: ReportStatus;
  createdAt: Date;
  alertId: string | null;
  alertTitle: string | null;
  resolutionReason: string | null;
  resolvedAt: Date | null;
  resolvedByEmail: string | null;
};

const isEmail = (contact: string | null): contact is string => contact !== null && z.email().safeParse(contact).success;

/** What a report holds, read for its page and for a decision on it. */
const reportColumns = {
  id: incidentReports.id,
  projectId: incidentReports.projectId,
  projectName: projects.name,
  description: incidentReports.description,
  links: incidentReports.links,
  contact: incidentReports.contact,
  status: incidentReports.status,
  createdAt: incidentReports.createdAt,
};

/** The moderation queue: undecided reports first, newest first within each; optionally one status only. */
export async function listIncidentReports(query: ReportListQuery): Promise<StaffListPage<IncidentReportRow>> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(incidentReports.status, query.status));
  const where = and(...conditions);
  return readListPage(
    query.page,
    () => db.select({ total: rowCount }).from(incidentReports).where(where),
    async ({ limit, offset }) => {
      const rows = await db
        .select({
          id: incidentReports.id,
          projectId: incidentReports.projectId,
          projectName: projects.name,
          description: incidentReports.description,
          linkCount: sql<number>`cardinality(${incidentReports.links})::int`,
          contact: incidentReports.contact,
          status: incidentReports.status,
          createdAt: incidentReports.createdAt,
        })
        .from(incidentReports)
        .innerJoin(projects, eq(projects.id, incidentReports.projectId))
        .where(where)
        .orderBy(sql`(${incidentReports.status} = 'new') desc`, desc(incidentReports.createdAt))
        .limit(limit)
        .offset(offset);
      return rows.map(({ description, contact, ...row }) => ({ ...row, excerpt: description.length > 160 ? `${description.slice(0, 157)}…` : description, hasEmail: isEmail(contact) }));
    },
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One report with its decision, if any; null when there is none. */
export async function getIncidentReport(id: string): Promise<IncidentReportDetail | null> {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...reportColumns,
      alertId: incidentReports.alertId,
      alertTitle: securityAlerts.title,
      resolutionReason: incidentReports.resolutionReason,
      resolvedAt: incidentReports.resolvedAt,
      resolvedByEmail: users.email,
    })
    .from(incidentReports)
    .innerJoin(projects, eq(projects.id, incidentReports.projectId))
    .leftJoin(securityAlerts, eq(securityAlerts.id, incidentReports.alertId))
    .leftJoin(users, eq(users.id, incidentReports.resolvedByUserId))
    .where(eq(incidentReports.id, id));
  return row ? { ...row, hasEmail: isEmail(row.contact) } : null;
}

type OpenReport = { id: string; projectId: string; projectName: string; description: string; links: string[]; contact: string | null; createdAt: Date };

/** The report, locked for this decision; refused when unknown or already decided (a decision is final). */
async function takeOpenReport(tx: Database, id: string): Promise<OpenReport> {
  const [report] = UUID.test(id)
    ? await tx
        .select(reportColumns)
        .from(incidentReports)
        .innerJoin(projects, eq(projects.id, incidentReports.projectId))
        .where(eq(incidentReports.id, id))
        .for('update', { of: incidentReports })
    : [];
  if (!report) throw new UserFacingError(STAFF_MESSAGES.reportNotFound, 404);
  if (report.status !== 'new') throw new UserFacingError(STAFF_MESSAGES.reportAlreadyDecided, 409);
  return report;
}

type Decision = { status: Exclude<ReportStatus, 'new'>; alertId: string | null; reason: string | null };

/** Stores the decision on the report and records it, in the decision's transaction. */
async function decide(tx: Database, actor: StaffActor, report: OpenReport, decision: Decision, now: Date): Promise<void> {
  await tx
    .update(incidentReports)
    .set({ status: decision.status, alertId: decision.alertId, resolutionReason: decision.reason, resolvedByUserId: actor.userId, resolvedAt: now })
    .where(eq(incidentReports.id, report.id));
  const action = { approved: 'report.approve', rejected: 'report.reject', duplicate: 'report.duplicate' }[decision.status];
  await recordStaffChange(tx, actor, { action, entityType: 'report', entityId: report.id, before: { status: 'new' }, after: { ...decision } });
}

/** Tells the reporter the outcome, when they left an email address as their contact; in the decision's transaction. */
async function mailReporter(tx: Database, report: OpenReport, paragraphs: string[], link?: { text: string; url: string }): Promise<boolean> {
  if (!isEmail(report.contact)) return false;
  await enqueueMail(tx, noticeMail(report.contact, STAFF_MESSAGES.reportMailSubject(report.projectName), paragraphs, link));
  return true;
}

/**
 * Takes one decision on an open report, in one transaction with its record and the reporter's mail; `decideOn` says
 * whether it mailed, and the mail worker is woken once the transaction is committed.
 */
async function onOpenReport<Result>(id: string, decideOn: (tx: Database, report: OpenReport) => Promise<{ result: Result; mailed: boolean }>): Promise<Result> {
  const db = await getDb();
  const { result, mailed } = await db.transaction(async (tx) => decideOn(tx, await takeOpenReport(tx, id)));
  if (mailed) nudgeMailWorker();
  return result;
}

/** Approves a report: a draft alert prefilled from it (project, description, links) for an analyst to complete and publish. */
export async function approveReport(actor: StaffActor, id: string, now = new Date()): Promise<{ alertId: string }> {
  return onOpenReport(id, async (tx, report) => {
    const alert = await insertDraftAlert(
      tx,
      actor,
      {
        title: `Reported incident: ${report.projectName}`.slice(0, 200),
        // A starting point: the analyst sets the real type and confidence before publishing.
        type: 'exploit',
        occurredOn: dayOf(report.createdAt),
        chain: null,
        amountLostUsd: null,
        amountReturnedUsd: null,
        amountsPricedOn: null,
        technique: null,
        sourceUrls: report.links,
        confidence: 'low',
        projectId: report.projectId,
        description: report.description,
      },
      report.id,
    );
    await decide(tx, actor, report, { status: 'approved', alertId: alert.id, reason: null }, now);
    const mailed = await mailReporter(tx, report, [STAFF_MESSAGES.reportApprovedMail(report.projectName)]);
    return { result: { alertId: alert.id }, mailed };
  });
}

/** Rejects a report with a reason, which the reporter is told. */
export async function rejectReport(actor: StaffActor, id: string, input: RejectReportInput, now = new Date()): Promise<void> {
  return onOpenReport(id, async (tx, report) => {
    await decide(tx, actor, report, { status: 'rejected', alertId: null, reason: input.reason }, now);
    return { result: undefined, mailed: await mailReporter(tx, report, STAFF_MESSAGES.reportRejectedMail(report.projectName, input.reason)) };
  });
}

/** Marks a report as repeating an alert already recorded; the reporter's mail links to it once it is public. */
export async function markReportDuplicate(actor: StaffActor, id: string, input: DuplicateReportInput, now = new Date()): Promise<void> {
  return onOpenReport(id, async (tx, report) => {
    const [alert] = await tx
      .select({ id: securityAlerts.id, status: securityAlerts.status, hiddenAt: projects.hiddenAt })
      .from(securityAlerts)
      .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
      .where(eq(securityAlerts.id, input.alertId));
    if (!alert) throw new UserFacingError(STAFF_MESSAGES.alertNotFound, 400);
    await decide(tx, actor, report, { status: 'duplicate', alertId: alert.id, reason: null }, now);
    const isPublic = alert.status === 'published' && alert.hiddenAt === null;
    const link = isPublic ? { text: STAFF_MESSAGES.reportAlertLink, url: `${getConfig().siteUrl}/alerts/${alert.id}` } : undefined;
    return { result: undefined, mailed: await mailReporter(tx, report, [STAFF_MESSAGES.reportDuplicateMail(report.projectName)], link) };
  });
}
