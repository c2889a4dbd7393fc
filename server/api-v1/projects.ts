import 'server-only';

import { and, eq, inArray } from 'drizzle-orm';
import { z } from '@/lib/zod';

import type { CsvValue } from '@/lib/csv';
import { API_V1_LIMIT_DEFAULT, type ProjectListQuery, type ProjectSummaryV1 } from '@/lib/schemas/api-v1';
import { CODE_MATCH_TEXTS } from '@/lib/code-match';
import { gradeFor } from '@/lib/score';

import { getDb } from '../db/client';
import { projects, projectScores } from '../db/schema';
import { latestAuditColumn, leaderboardConditions, leaderboardOrder } from '../leaderboard';
import { getProjectDetail, listProjectAudits, summaryColumns as projectSummaryColumns } from '../projects';
import { listScoreHistory } from '../score-history';
import { listAdminPowers } from '../skynet/admin-powers-read';
import { listCodeMatches } from '../skynet/code-match';
import { adminPowersV1 } from './admin-powers';
import { alertsOfProjectV1 } from './alerts';
import { decodeCursor, encodeCursor } from './cursor';
import { withoutFormat, type V1Answer } from './http';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

export const PROJECT_CSV_HEADER = ['id', 'name', 'rank', 'score', 'grade', 'category', 'chains', 'tokenTickers', 'auditStatus', 'kycVerified', 'latestAuditAt', 'isDemo'] as const;
const projectCsvRow = (row: ProjectSummaryV1): CsvValue[] => [
  row.id,
  row.name,
  row.rank,
  row.score,
  row.grade,
  row.category,
  row.chains.join(' '),
  row.tokenTickers.join(' '),
  row.auditStatus,
  row.kycVerified ? 'true' : 'false',
  row.latestAuditAt,
  row.isDemo ? 'true' : 'false',
];

const summaryColumns = { ...projectSummaryColumns, latestAuditAt: latestAuditColumn };

/** The leaderboard's filters and sort as the API names them, one page after the cursor's position. */
export async function listProjectsV1(query: ProjectListQuery): Promise<V1Answer> {
  const { cursor, limit = API_V1_LIMIT_DEFAULT, ...filters } = withoutFormat(query);
  const position = decodeCursor(cursor, filters, z.object({ offset: z.int().min(0).max(1_000_000) }));
  const offset = position?.offset ?? 0;
  const where = and(
    leaderboardConditions({
      category: filters.category ?? null,
      chain: filters.chain ?? null,
      grade: filters.grade ?? null,
      minScore: filters.minScore ?? null,
      maxScore: filters.maxScore ?? null,
      audit: filters.audit ?? null,
      kyc: filters.kyc === 'true',
    }),
    filters.ids ? inArray(projects.id, filters.ids) : undefined,
  );
  const db = await getDb();
  // One more row than asked says whether another page follows, without counting.
  const rows = await db
    .select(summaryColumns)
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(where)
    .orderBy(...leaderboardOrder(filters.sort ?? 'score'))
    .limit(limit + 1)
    .offset(offset);
  const data: ProjectSummaryV1[] = rows.slice(0, limit).map((row) => ({
    ...row,
    grade: row.score === null ? null : gradeFor(row.score).grade,
    latestAuditAt: iso(row.latestAuditAt),
  }));
  const nextCursor = rows.length > limit ? encodeCursor(filters, { offset: offset + limit }) : null;
  return { body: { data, nextCursor }, nextCursor, csv: { header: PROJECT_CSV_HEADER, rows: data.map(projectCsvRow) } };
}

/** One project: score, pillars, grade, methodology version, published audits with findings counts, alerts, code matches and admin powers. */
export async function getProjectV1(id: string): Promise<V1Answer | null> {
  const project = await getProjectDetail(id);
  if (!project) return null;
  const [audits, alerts, codeMatches, adminPowers] = await Promise.all([listProjectAudits(id), alertsOfProjectV1(id), listCodeMatches(id), listAdminPowers(id)]);
  return {
    body: {
      id: project.id,
      name: project.name,
      logo: project.logo,
      rank: project.rank,
      tokenTickers: project.tokenTickers,
      category: project.category,
      chains: project.chains,
      auditStatus: project.auditStatus,
      kycVerified: project.kycVerified,
      score: project.score,
      grade: project.grade,
      latestAuditAt: audits[0] ? iso(audits[0].publishedAt) : null,
      isDemo: project.isDemo,
      website: project.website,
      description: project.description,
      pillars: project.pillars,
      methodologyVersion: project.methodologyVersion,
      scoreUpdatedAt: iso(project.scoreUpdatedAt),
      audits: audits.map((audit) => ({
        id: audit.id,
        auditor: audit.auditor,
        publishedAt: iso(audit.publishedAt)!,
        startedOn: audit.startedOn,
        endedOn: audit.endedOn,
        scope: audit.scope,
        reportUrl: audit.reportUrl,
        findings: audit.findings,
        isDemo: audit.isDemo,
      })),
      alerts,
      codeMatches: codeMatches.map((match) => ({
        ...match,
        statusText: CODE_MATCH_TEXTS.status[match.status],
        reasonText: match.reason ? CODE_MATCH_TEXTS.reason[match.reason] : null,
        checkedAt: iso(match.checkedAt)!,
      })),
      adminPowers: adminPowers.map(adminPowersV1),
    },
  };
}

export const SCORE_HISTORY_CSV_HEADER = ['recordedAt', 'score', 'grade', 'methodologyVersion', 'note', 'isDemo'] as const;

/** A shown project's score history, oldest first (the last point is the current score); null for an unknown one. */
export async function getScoreHistoryV1(id: string): Promise<V1Answer | null> {
  const project = await getProjectDetail(id);
  if (!project) return null;
  const data = (await listScoreHistory(id)).map((point) => ({ ...point, recordedAt: iso(point.recordedAt)! }));
  return {
    body: { projectId: id, data },
    csv: { header: SCORE_HISTORY_CSV_HEADER, rows: data.map((point) => [point.recordedAt, point.score, point.grade, point.methodologyVersion, point.note, point.isDemo ? 'true' : 'false']) },
  };
}
