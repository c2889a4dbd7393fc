import 'server-only';

import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { countFindings, dayOf, startOfDay, type AuditFinding, type AuditInput, type AuditListQuery } from '@/lib/schemas/staff-audit';
import type { PublicationStatus } from '@/lib/staff';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { audits, projects } from '../db/schema';
import { staffFileUrl } from '../files';
import { recordStaffChange, type StaffActor } from './audit-log';
import { containsPattern, readListPage, rowCount, type StaffListPage } from './list-page';

export type StaffAuditRow = {
  id: string;
  projectId: string;
  projectName: string;
  auditor: string;
  status: PublicationStatus;
  publishedAt: Date;
  findingCount: number;
  isDemo: boolean;
  updatedAt: Date;
};

/** An audit as the console's form edits it. */
export type StaffAudit = {
  id: string;
  projectId: string;
  projectName: string;
  auditor: string;
  startedOn: string | null;
  endedOn: string | null;
  publishedOn: string;
  scope: string;
  sourceRef: string | null;
  findingItems: AuditFinding[];
  /** Counts per severity; for audits entered only as counts (generated ones) they are all there is. */
  findings: ReturnType<typeof countFindings>;
  reportFile: string | null;
  reportFileUrl: string | null;
  /** A report link given before uploads existed (generated or imported rows). */
  reportUrl: string | null;
  status: PublicationStatus;
  isDemo: boolean;
  updatedAt: Date;
};

const totalFindings = sql<number>`coalesce((select sum((value->>'total')::int) from jsonb_each(${audits.findings})), 0)::int`;

/** The console's audit list: search by project or auditor, filter by status and project, newest change first. */
export async function listStaffAudits(query: AuditListQuery): Promise<StaffListPage<StaffAuditRow>> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(projects.name, pattern), ilike(projects.id, pattern), ilike(audits.auditor, pattern))!);
  }
  if (query.status) conditions.push(eq(audits.status, query.status));
  if (query.project) conditions.push(eq(audits.projectId, query.project));
  const where = and(...conditions);
  return readListPage(
    query.page,
    () => db.select({ total: rowCount }).from(audits).innerJoin(projects, eq(projects.id, audits.projectId)).where(where),
    ({ limit, offset }) =>
      db
        .select({
          id: audits.id,
          projectId: audits.projectId,
          projectName: projects.name,
          auditor: audits.auditor,
          status: audits.status,
          publishedAt: audits.publishedAt,
          findingCount: totalFindings,
          isDemo: audits.isDemo,
          updatedAt: audits.updatedAt,
        })
        .from(audits)
        .innerJoin(projects, eq(projects.id, audits.projectId))
        .where(where)
        .orderBy(desc(audits.updatedAt), desc(audits.publishedAt))
        .limit(limit)
        .offset(offset),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readAudit(db: Database, id: string, lock = false) {
  if (!UUID.test(id)) return null;
  const query = db.select({ audit: audits, projectName: projects.name }).from(audits).innerJoin(projects, eq(projects.id, audits.projectId)).where(eq(audits.id, id));
  const [row] = lock ? await query.for('update', { of: audits }) : await query;
  return row ?? null;
}

function toStaffAudit({ audit, projectName }: { audit: typeof audits.$inferSelect; projectName: string }): StaffAudit {
  return {
    id: audit.id,
    projectId: audit.projectId,
    projectName,
    auditor: audit.auditor,
    startedOn: audit.startedOn,
    endedOn: audit.endedOn,
    publishedOn: dayOf(audit.publishedAt),
    scope: audit.scope,
    sourceRef: audit.sourceRef,
    findingItems: audit.findingItems,
    findings: audit.findings,
    reportFile: audit.reportFile,
    reportFileUrl: audit.reportFile ? staffFileUrl(audit.reportFile) : null,
    reportUrl: audit.reportUrl,
    status: audit.status,
    isDemo: audit.isDemo,
    updatedAt: audit.updatedAt,
  };
}

/** One audit for the console's form, drafts included; null when there is none. */
export async function getStaffAudit(id: string): Promise<StaffAudit | null> {
  const row = await readAudit(await getDb(), id);
  return row ? toStaffAudit(row) : null;
}

/** What the audit log keeps of an audit: the fields staff edit, and its status. */
const snapshot = (audit: StaffAudit | (AuditInput & { status: PublicationStatus })) => ({
  projectId: audit.projectId,
  auditor: audit.auditor,
  startedOn: audit.startedOn,
  endedOn: audit.endedOn,
  publishedOn: audit.publishedOn,
  scope: audit.scope,
  sourceRef: audit.sourceRef,
  findingItems: audit.findingItems,
  reportFile: audit.reportFile,
  status: audit.status,
});

async function requireProject(db: Database, projectId: string): Promise<void> {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw new UserFacingError(STAFF_MESSAGES.unknownProject, 400);
}

const columnsOf = (input: AuditInput) => ({
  projectId: input.projectId,
  auditor: input.auditor,
  startedOn: input.startedOn,
  endedOn: input.endedOn,
  publishedAt: startOfDay(input.publishedOn),
  scope: input.scope,
  sourceRef: input.sourceRef,
  findingItems: input.findingItems,
  reportFile: input.reportFile,
});

/** A new audit, saved as a draft: nothing shows publicly until it is published. */
export async function createAudit(actor: StaffActor, input: AuditInput): Promise<{ id: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await requireProject(tx, input.projectId);
    const [created] = await tx
      .insert(audits)
      .values({ ...columnsOf(input), findings: countFindings(input.findingItems), status: 'draft', isDemo: false })
      .returning({ id: audits.id });
    await recordStaffChange(tx, actor, { action: 'audit.create', entityType: 'audit', entityId: created.id, before: null, after: snapshot({ ...input, status: 'draft' }) });
    return created;
  });
}

/**
 * Saves the form over an audit, draft or published. The per-severity counts follow the findings entered; an audit
 * that has only counts (a generated one) keeps them until findings are entered one by one.
 */
export async function updateAudit(actor: StaffActor, id: string, input: AuditInput): Promise<void> {
  const db = await getDb();
  const status = await db.transaction(async (tx) => {
    const row = await readAudit(tx, id, true);
    if (!row) throw new UserFacingError(STAFF_MESSAGES.auditNotFound, 404);
    await requireProject(tx, input.projectId);
    const before = toStaffAudit(row);
    const countsOnly = before.findingItems.length === 0 && input.findingItems.length === 0;
    await tx
      .update(audits)
      .set({ ...columnsOf(input), findings: countsOnly ? before.findings : countFindings(input.findingItems), updatedAt: new Date() })
      .where(eq(audits.id, id));
    await recordStaffChange(tx, actor, { action: 'audit.update', entityType: 'audit', entityId: id, before: snapshot(before), after: snapshot({ ...input, status: before.status }) });
    return before.status;
  });
  if (status === 'published') revalidatePublicData(CACHE_TAGS.audits, CACHE_TAGS.projects);
}

/** Publishes a draft: it shows on the project page, the home page and the leaderboard, and the project counts as audited. */
export async function publishAudit(actor: StaffActor, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await readAudit(tx, id, true);
    if (!row) throw new UserFacingError(STAFF_MESSAGES.auditNotFound, 404);
    if (row.audit.status === 'published') throw new UserFacingError(STAFF_MESSAGES.auditAlreadyPublished, 409);
    await tx.update(audits).set({ status: 'published', updatedAt: new Date() }).where(eq(audits.id, id));
    const [project] = await tx.select({ auditStatus: projects.auditStatus }).from(projects).where(eq(projects.id, row.audit.projectId)).for('update');
    if (project.auditStatus !== 'audited') await tx.update(projects).set({ auditStatus: 'audited', updatedAt: new Date() }).where(eq(projects.id, row.audit.projectId));
    await recordStaffChange(tx, actor, {
      action: 'audit.publish',
      entityType: 'audit',
      entityId: id,
      before: { status: 'draft', projectAuditStatus: project.auditStatus },
      after: { status: 'published', projectAuditStatus: 'audited' },
    });
  });
  revalidatePublicData(CACHE_TAGS.audits, CACHE_TAGS.projects);
}
