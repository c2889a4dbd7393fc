import 'server-only';

import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';

import { DEFAULT_FILTERS, LEADERBOARD_PAGE_SIZE, type LeaderboardFilters } from '@/lib/leaderboard';
import type { ProjectSummary } from '@/lib/projects';
import { scoreRangeForGrade } from '@/lib/score';

import { CACHE_TAGS, PUBLIC_DATA_REVALIDATE_SECONDS } from './cache-tags';
import { getDb } from './db/client';
import { audits, projects, projectScores } from './db/schema';
import { publishedAudit, reviveDates, shownPublicly, summaryColumns, withGrade, type SummaryRow } from './projects';

// The leaderboard (/projects, the home page's top, the public API's list): its filters as SQL, its sort orders, its
// pages, and the filter controls' choices.

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
