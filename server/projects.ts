import 'server-only';

import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';

import type { AlertSummary } from '@/lib/alerts';
import { DEFAULT_FILTERS, LEADERBOARD_PAGE_SIZE, type LeaderboardFilters } from '@/lib/leaderboard';
import type { AuditStatus, AuditSummary, ProjectSummary } from '@/lib/projects';
import { gradeFor, scoreRangeForGrade, type Grade, type GradeTone, type PillarScores } from '@/lib/score';

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

type SummaryRow = Omit<ProjectSummary, 'grade' | 'gradeTone'>;

function withGrade<T extends { score: number | null }>(row: T): T & { grade: Grade | null; gradeTone: GradeTone | null } {
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
const publishedAudit = eq(audits.status, 'published');
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
function reviveDates<T, K extends keyof T>(rows: T[], keys: K[]): T[] {
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
      .orderBy(desc(securityAlerts.occurredAt))
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

/** The categories and chains present, for the filter controls (cached). */
export const listFilterOptions = unstable_cache(
  async (): Promise<{ categories: string[]; chains: string[] }> => {
    const db = await getDb();
    const categories = await db.selectDistinct({ value: projects.category }).from(projects).where(and(sql`${projects.category} is not null`, shownPublicly)).orderBy(asc(projects.category));
    const chains = await db.execute<{ value: string }>(sql`select distinct unnest(${projects.chains}) as value from ${projects} where ${projects.hiddenAt} is null order by 1`);
    const chainRows = (Array.isArray(chains) ? chains : (chains as { rows: { value: string }[] }).rows) as { value: string }[];
    return { categories: categories.map((row) => row.value!), chains: chainRows.map((row) => row.value) };
  },
  ['filter-options'],
  { tags: [CACHE_TAGS.projects], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

export type LeaderboardPage = { rows: (ProjectSummary & { latestAuditAt: Date | null })[]; total: number; page: number; pageCount: number };

/** The leaderboard's filters as SQL over projects left-joined to project_scores (also the public API's list). */
export function leaderboardConditions(filters: Omit<LeaderboardFilters, 'sort' | 'page'>): SQL | undefined {
  const conditions: SQL[] = [shownPublicly];
  if (filters.category) conditions.push(eq(projects.category, filters.category));
  if (filters.chain) conditions.push(sql`${filters.chain} = any(${projects.chains})`);
  if (filters.audit) conditions.push(eq(projects.auditStatus, filters.audit));
  if (filters.kyc) conditions.push(eq(projects.kycVerified, true));
  if (filters.grade) {
    const range = scoreRangeForGrade(filters.grade);
    conditions.push(gte(projectScores.score, range.min), lt(projectScores.score, range.max));
  }
  if (filters.minScore !== null) conditions.push(gte(projectScores.score, filters.minScore));
  if (filters.maxScore !== null) conditions.push(sql`${projectScores.score} <= ${filters.maxScore}`);
  return and(...conditions);
}

/** A project's latest published audit date, as a column. */
export const latestAuditColumn = sql<Date | null>`(select max(${audits.publishedAt}) from ${audits} where ${audits.projectId} = ${projects.id} and ${publishedAudit})`;

/** The leaderboard's sort orders, each ending on a unique column so pages never overlap. */
export function leaderboardOrder(sort: LeaderboardFilters['sort']): SQL[] {
  return {
    score: [sql`${projectScores.score} desc nulls last`, asc(projects.name), asc(projects.id)],
    rank: [sql`${projects.rank} asc nulls last`, asc(projects.name), asc(projects.id)],
    name: [asc(projects.name), asc(projects.id)],
    audit: [sql`${latestAuditColumn} desc nulls last`, asc(projects.name), asc(projects.id)],
  }[sort];
}

/** The filtered, sorted, paginated leaderboard. */
export async function listLeaderboard(filters: LeaderboardFilters): Promise<LeaderboardPage> {
  const db = await getDb();
  const where = leaderboardConditions(filters);
  const order = leaderboardOrder(filters.sort);

  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / LEADERBOARD_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select({ ...summaryColumns, latestAuditAt: latestAuditColumn })
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(where)
    .orderBy(...order)
    .limit(LEADERBOARD_PAGE_SIZE)
    .offset((page - 1) * LEADERBOARD_PAGE_SIZE);
  return {
    rows: rows.map((row) => withGrade({ ...(row as SummaryRow), latestAuditAt: row.latestAuditAt ? new Date(row.latestAuditAt) : null })),
    total,
    page,
    pageCount,
  };
}

/** The best-ranked projects. */
export async function listTopProjects(limit = 10): Promise<ProjectSummary[]> {
  const db = await getDb();
  const rows = await db.select(summaryColumns).from(projects).leftJoin(projectScores, eq(projectScores.projectId, projects.id)).where(shownPublicly).orderBy(asc(projects.rank), asc(projects.name)).limit(limit);
  return rows.map((row) => withGrade(row as SummaryRow));
}

/** Every project id with its last change, for the sitemap. */
export async function listProjectIdsForSitemap(): Promise<{ id: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db.select({ id: projects.id, updatedAt: projects.updatedAt }).from(projects).where(shownPublicly).orderBy(asc(projects.rank));
}

type LeaderboardRow = LeaderboardPage['rows'][number];

/**
 * The top of the default leaderboard, for the home page (cached like its other lists: counting and sorting every
 * project on each home request would cost more than the rest of the page; /projects reads listLeaderboard live).
 */
export async function listLeaderboardTop(limit: number): Promise<LeaderboardRow[]> {
  return reviveDates(await cachedLeaderboardTop(limit), ['latestAuditAt']);
}

const cachedLeaderboardTop = unstable_cache(
  async (limit: number): Promise<LeaderboardRow[]> => (await listLeaderboard(DEFAULT_FILTERS)).rows.slice(0, limit),
  ['leaderboard-top'],
  { tags: [CACHE_TAGS.projects, CACHE_TAGS.scores, CACHE_TAGS.audits], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);
