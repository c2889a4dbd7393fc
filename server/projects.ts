import 'server-only';

import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';

import type { AlertSummary } from '@/lib/alerts';
import type { AuditStatus, AuditSummary, ProjectSummary } from '@/lib/projects';
import { gradeFor, type Grade, type GradeTone, type PillarScores } from '@/lib/score';

import { alertSummaryColumns } from './alert-columns';
import { CACHE_TAGS, PUBLIC_DATA_REVALIDATE_SECONDS } from './cache-tags';
import { getDb } from './db/client';
import { audits, projects, projectScores, securityAlerts } from './db/schema';
import { staffFileUrl } from './files';

export type { AuditStatus, AuditSummary, ProjectSummary };

const PROJECT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * Staff may hide a project (nothing is deleted): publicly it then answers 404 and is absent from every list, so
 * every public read of projects keeps to these.
 */
export const shownPublicly = isNull(projects.hiddenAt);
/** An alert is listed publicly when it names no project or a project that is shown. */
const alertOfShownProject = or(isNull(securityAlerts.projectId), isNull(projects.hiddenAt));
export const isProjectId = (id: unknown): id is string => typeof id === 'string' && PROJECT_ID.test(id);

/** The columns of a project summary (lists, search, the leaderboard, the public API). */
export const summaryColumns = {
  id: projects.id,
  name: projects.name,
  logo: projects.logo,
  rank: projects.rank,
  tokenTickers: projects.tokenTickers,
  category: projects.category,
  chains: projects.chains,
  auditStatus: projects.auditStatus,
  kycVerified: projects.kycVerified,
  isDemo: projects.isDemo,
  score: projectScores.score,
};

export type SummaryRow = Omit<ProjectSummary, 'grade' | 'gradeTone'>;

export function withGrade<T extends { score: number | null }>(row: T): T & { grade: Grade | null; gradeTone: GradeTone | null } {
  if (row.score === null) return { ...row, grade: null, gradeTone: null };
  const { grade, tone } = gradeFor(row.score);
  return { ...row, grade, gradeTone: tone };
}

/** One project with its score, or null when the id is malformed or unknown. */
export const getProject = cache(async (id: string): Promise<ProjectSummary | null> => {
  if (!isProjectId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(summaryColumns)
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(and(eq(projects.id, id), shownPublicly))
    .limit(1);
  return row ? withGrade(row as SummaryRow) : null;
});

export type ProjectDetail = ProjectSummary & {
  website: string | null;
  socials: { network: string; url: string }[];
  description: string | null;
  pillars: PillarScores | null;
  methodologyVersion: string | null;
  scoreUpdatedAt: Date | null;
  scoreIsDemo: boolean;
};

/** Everything the project page shows above its panels. */
export const getProjectDetail = cache(async (id: string): Promise<ProjectDetail | null> => {
  if (!isProjectId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...summaryColumns,
      website: projects.website,
      socials: projects.socials,
      description: projects.description,
      pillars: projectScores.pillars,
      methodologyVersion: projectScores.methodologyVersion,
      scoreUpdatedAt: projectScores.updatedAt,
      scoreIsDemo: projectScores.isDemo,
    })
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(and(eq(projects.id, id), shownPublicly))
    .limit(1);
  if (!row) return null;
  return withGrade({ ...row, scoreIsDemo: row.scoreIsDemo ?? false }) as ProjectDetail;
});

/** Drafts never show publicly: every public read of audits and alerts keeps to published ones. */
export const publishedAudit = eq(audits.status, 'published');
const publishedAlert = eq(securityAlerts.status, 'published');

/** A project's published audits, newest first, with the uploaded report's address. */
export async function listProjectAudits(projectId: string): Promise<AuditSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: audits.id,
      auditor: audits.auditor,
      publishedAt: audits.publishedAt,
      startedOn: audits.startedOn,
      endedOn: audits.endedOn,
      scope: audits.scope,
      sourceRef: audits.sourceRef,
      findings: audits.findings,
      findingItems: audits.findingItems,
      reportFile: audits.reportFile,
      reportUrl: audits.reportUrl,
      isDemo: audits.isDemo,
    })
    .from(audits)
    .where(and(eq(audits.projectId, projectId), publishedAudit))
    .orderBy(desc(audits.publishedAt));
  return rows.map(({ reportFile, ...audit }) => ({ ...audit, reportUrl: reportFile ? staffFileUrl(reportFile) : audit.reportUrl }));
}


/** A project's alert history, newest first; retracted automatic alerts stay listed, marked as such. */
export async function listProjectAlerts(projectId: string): Promise<AlertSummary[]> {
  const db = await getDb();
  return db
    .select(alertSummaryColumns)
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(and(eq(securityAlerts.projectId, projectId), publishedAlert, alertOfShownProject))
    .orderBy(desc(securityAlerts.occurredAt));
}

/** Next's data cache stores JSON, so dates come back as strings: turn them back into dates. */
export function reviveDates<T, K extends keyof T>(rows: T[], keys: K[]): T[] {
  return rows.map((row) => {
    const copy = { ...row };
    for (const key of keys) if (copy[key] !== null && copy[key] !== undefined) copy[key] = new Date(copy[key] as string) as T[K];
    return copy;
  });
}

/** The latest alerts across all projects, for the home feed (cached, refreshed by tag); retracted ones are left out. */
export async function listRecentAlerts(limit: number): Promise<AlertSummary[]> {
  return reviveDates(await cachedRecentAlerts(limit), ['occurredAt', 'retractedAt']);
}

const cachedRecentAlerts = unstable_cache(
  async (limit: number): Promise<AlertSummary[]> => {
    const db = await getDb();
    return db
      .select(alertSummaryColumns)
      .from(securityAlerts)
      .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
      .where(and(publishedAlert, alertOfShownProject, isNull(securityAlerts.retractedAt)))
      // Real alerts (the public record, staff's, Skynet's) before generated demo ones, each newest first.
      .orderBy(asc(securityAlerts.isDemo), desc(securityAlerts.occurredAt))
      .limit(limit);
  },
  ['recent-alerts'],
  { tags: [CACHE_TAGS.alerts], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

export type RecentlyAudited = ProjectSummary & { auditor: string; publishedAt: Date };

/** Projects by their latest published audit (cached). */
export async function listRecentlyAudited(limit: number): Promise<RecentlyAudited[]> {
  return reviveDates(await cachedRecentlyAudited(limit), ['publishedAt']);
}

const cachedRecentlyAudited = unstable_cache(
  async (limit: number): Promise<RecentlyAudited[]> => {
    const db = await getDb();
    const latest = db
      .select({ projectId: audits.projectId, publishedAt: sql<Date>`max(${audits.publishedAt})`.as('latest_published') })
      .from(audits)
      .where(publishedAudit)
      .groupBy(audits.projectId)
      .as('latest');
    const rows = await db
      .select({ ...summaryColumns, publishedAt: latest.publishedAt, auditor: sql<string>`(select ${audits.auditor} from ${audits} where ${audits.projectId} = ${projects.id} and ${publishedAudit} order by ${audits.publishedAt} desc limit 1)` })
      .from(latest)
      .innerJoin(projects, eq(projects.id, latest.projectId))
      .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
      .where(shownPublicly)
      .orderBy(desc(latest.publishedAt))
      .limit(limit);
    return rows.map((row) => withGrade({ ...(row as SummaryRow), auditor: row.auditor, publishedAt: new Date(row.publishedAt) }));
  },
  ['recently-audited'],
  { tags: [CACHE_TAGS.audits, CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

/** Projects whose audit is in progress, best ranked first (cached). */
export const listUnderAudit = unstable_cache(
  async (limit: number): Promise<ProjectSummary[]> => {
    const db = await getDb();
    const rows = await db
      .select(summaryColumns)
      .from(projects)
      .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
      .where(and(eq(projects.auditStatus, 'under_audit'), shownPublicly))
      .orderBy(sql`${projects.rank} asc nulls last`)
      .limit(limit);
    return rows.map((row) => withGrade(row as SummaryRow));
  },
  ['under-audit'],
  { tags: [CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

/** Every project id with its last change, for the sitemap. */
export async function listProjectIdsForSitemap(): Promise<{ id: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db.select({ id: projects.id, updatedAt: projects.updatedAt }).from(projects).where(shownPublicly).orderBy(asc(projects.rank));
}
