import 'server-only';

import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';

import { csvStream, type CsvValue } from '@/lib/csv';
import { FINDING_SEVERITY_LABELS } from '@/lib/findings';
import { AUDIT_STATUS_LABELS } from '@/lib/format';
import type { LeaderboardFilters } from '@/lib/leaderboard';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import type { Findings } from '@/lib/projects';
import { leaderboardFilterProblems, parseLeaderboardFilters } from '@/lib/schemas/leaderboard';
import { gradeFor, PILLARS, type PillarScores } from '@/lib/score';

import { getConfig } from './config';
import { getDb } from './db/client';
import { audits, projects, projectScores } from './db/schema';
import { staffFileUrl } from './files';
import { latestAuditColumn, leaderboardConditions } from './leaderboard';
import { getProject } from './projects';

/** Rows read per query while streaming: one batch is all an export ever holds. */
export const PROJECT_CSV_BATCH = 500;

export const LEADERBOARD_CSV_HEADER = [
  'Rank',
  'Project ID',
  'Project',
  'Page',
  'Tickers',
  'Category',
  'Chains',
  'Audit status',
  'Latest audit (UTC)',
  'KYC verified',
  'Score',
  'Grade',
  ...PILLARS.map((pillar) => pillar.label),
  'Methodology version',
  'Score updated (UTC)',
  'Demo',
] as const;

const SEVERITIES = Object.keys(FINDING_SEVERITY_LABELS) as (keyof typeof FINDING_SEVERITY_LABELS)[];

export const AUDITS_CSV_HEADER = [
  'Audit ID',
  'Project ID',
  'Auditor',
  'Published (UTC)',
  'Started on',
  'Ended on',
  'Scope',
  'Source reference',
  'Report',
  ...SEVERITIES.flatMap((severity) => [`${FINDING_SEVERITY_LABELS[severity]} findings`, `${FINDING_SEVERITY_LABELS[severity]} resolved`]),
  'Open findings',
  'Demo',
] as const;

/**
 * One key of a keyset: a non-null expression (nulls are folded into a value that sorts where "nulls last" puts
 * them), its SQL type for reading a cursor back, and its direction.
 */
type SortKey = { expr: SQL; type: 'real' | 'integer' | 'timestamptz' | 'text'; dir: 'asc' | 'desc' };

/** The leaderboard's orders (server/projects.ts leaderboardOrder) as keysets, the same rows in the same order. */
function leaderboardKeys(sort: LeaderboardFilters['sort']): SortKey[] {
  const tail: SortKey[] = [
    { expr: sql`${projects.name}`, type: 'text', dir: 'asc' },
    { expr: sql`${projects.id}`, type: 'text', dir: 'asc' },
  ];
  const head: Record<LeaderboardFilters['sort'], SortKey[]> = {
    // Scores are 0–100, so -1 sorts unscored projects last in a descending order.
    score: [{ expr: sql`coalesce(${projectScores.score}, -1::real)`, type: 'real', dir: 'desc' }],
    rank: [{ expr: sql`coalesce(${projects.rank}, 2147483647)`, type: 'integer', dir: 'asc' }],
    name: [],
    audit: [{ expr: sql`coalesce(${latestAuditColumn}, '-infinity'::timestamptz)`, type: 'timestamptz', dir: 'desc' }],
  };
  return [...head[sort], ...tail];
}

/** Rows after the cursor in the keyset's order: (k0 after c0) or (k0 = c0 and k1 after c1) or … */
function afterCursor(keys: SortKey[], cursor: string[]): SQL {
  const value = (index: number) => sql`${cursor[index]}::${sql.raw(keys[index].type)}`;
  const branches = keys.map((key, index) => {
    const equalBefore = keys.slice(0, index).map((previous, j) => sql`${previous.expr} = ${value(j)}`);
    const beyond = key.dir === 'asc' ? sql`${key.expr} > ${value(index)}` : sql`${key.expr} < ${value(index)}`;
    return and(...equalBefore, beyond)!;
  });
  return or(...branches)!;
}

const orderOf = (keys: SortKey[]) => keys.map((key) => (key.dir === 'asc' ? sql`${key.expr} asc` : sql`${key.expr} desc`));

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function leaderboardValues(row: LeaderboardCsvRow, siteUrl: string): CsvValue[] {
  const pillars = row.pillars ?? ({} as PillarScores);
  return [
    row.rank,
    row.id,
    row.name,
    `${siteUrl}/projects/${row.id}`,
    row.tokenTickers.join(' '),
    row.category,
    row.chains.join(' '),
    AUDIT_STATUS_LABELS[row.auditStatus],
    iso(row.latestAuditAt),
    row.kycVerified ? 'yes' : 'no',
    row.score,
    row.score === null ? null : gradeFor(row.score).grade,
    ...PILLARS.map((pillar) => pillars[pillar.key]?.score ?? null),
    row.methodologyVersion,
    iso(row.scoreUpdatedAt),
    row.isDemo ? 'yes' : 'no',
  ];
}

type LeaderboardCsvRow = {
  id: string;
  name: string;
  rank: number | null;
  tokenTickers: string[];
  category: string | null;
  chains: string[];
  auditStatus: keyof typeof AUDIT_STATUS_LABELS;
  kycVerified: boolean;
  isDemo: boolean;
  score: number | null;
  pillars: PillarScores | null;
  methodologyVersion: string | null;
  scoreUpdatedAt: Date | null;
  latestAuditAt: Date | string | null;
};

/**
 * Every shown project matching the leaderboard's filters, in its order, as a CSV stream. Read in keyset batches
 * (the page's offset would rescan the rows before it on every batch), so memory stays flat whatever the count.
 * Uncached: an export reads the database as it is.
 */
export function streamLeaderboardCsv(filters: LeaderboardFilters): ReadableStream<Uint8Array> {
  const { siteUrl } = getConfig();
  const where = leaderboardConditions(filters);
  const keys = leaderboardKeys(filters.sort);
  // The cursor holds each key as the database's text, so a timestamp keeps its microseconds and a real its digits.
  let cursor: string[] | null = null;
  return csvStream(LEADERBOARD_CSV_HEADER, async () => {
    const db = await getDb();
    const rows = await db
      .select({
        id: projects.id,
        name: projects.name,
        rank: projects.rank,
        tokenTickers: projects.tokenTickers,
        category: projects.category,
        chains: projects.chains,
        auditStatus: projects.auditStatus,
        kycVerified: projects.kycVerified,
        isDemo: projects.isDemo,
        score: projectScores.score,
        pillars: projectScores.pillars,
        methodologyVersion: projectScores.methodologyVersion,
        scoreUpdatedAt: projectScores.updatedAt,
        latestAuditAt: latestAuditColumn,
        cursorKeys: sql<string[]>`array[${sql.join(keys.map((key) => sql`(${key.expr})::text`), sql`, `)}]`,
      })
      .from(projects)
      .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
      .where(and(where, cursor ? afterCursor(keys, cursor) : undefined))
      .orderBy(...orderOf(keys))
      .limit(PROJECT_CSV_BATCH);
    if (rows.length > 0) cursor = rows[rows.length - 1].cursorKeys;
    return rows.map((row) => leaderboardValues(row as LeaderboardCsvRow, siteUrl));
  });
}

function auditValues(row: AuditCsvRow, siteUrl: string): CsvValue[] {
  const report = row.reportFile ? staffFileUrl(row.reportFile) : row.reportUrl;
  const open = SEVERITIES.reduce((sum, severity) => sum + Math.max(0, (row.findings[severity]?.total ?? 0) - (row.findings[severity]?.resolved ?? 0)), 0);
  return [
    row.id,
    row.projectId,
    row.auditor,
    row.publishedAt.toISOString(),
    row.startedOn,
    row.endedOn,
    row.scope,
    row.sourceRef,
    // Uploaded reports may be served by this site: a spreadsheet needs the whole address.
    report?.startsWith('/') ? `${siteUrl}${report}` : report,
    ...SEVERITIES.flatMap((severity) => [row.findings[severity]?.total ?? 0, row.findings[severity]?.resolved ?? 0]),
    open,
    row.isDemo ? 'yes' : 'no',
  ];
}

type AuditCsvRow = {
  id: string;
  projectId: string;
  auditor: string;
  publishedAt: Date;
  startedOn: string | null;
  endedOn: string | null;
  scope: string;
  sourceRef: string | null;
  findings: Findings;
  reportFile: string | null;
  reportUrl: string | null;
  isDemo: boolean;
};

/** A project's published audits, newest first, as a CSV stream read in keyset batches on (published_at, id). */
export function streamProjectAuditsCsv(projectId: string): ReadableStream<Uint8Array> {
  const { siteUrl } = getConfig();
  let cursor: { at: string; id: string } | null = null;
  return csvStream(AUDITS_CSV_HEADER, async () => {
    const db = await getDb();
    const after = cursor ? sql`(${audits.publishedAt}, ${audits.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
    const rows = await db
      .select({
        id: audits.id,
        projectId: audits.projectId,
        auditor: audits.auditor,
        publishedAt: audits.publishedAt,
        startedOn: audits.startedOn,
        endedOn: audits.endedOn,
        scope: audits.scope,
        sourceRef: audits.sourceRef,
        findings: audits.findings,
        reportFile: audits.reportFile,
        reportUrl: audits.reportUrl,
        isDemo: audits.isDemo,
        cursorAt: sql<string>`${audits.publishedAt}::text`,
      })
      .from(audits)
      .where(and(eq(audits.projectId, projectId), eq(audits.status, 'published'), after))
      .orderBy(desc(audits.publishedAt), desc(audits.id))
      .limit(PROJECT_CSV_BATCH);
    if (rows.length > 0) cursor = { at: rows[rows.length - 1].cursorAt, id: rows[rows.length - 1].id };
    return rows.map((row) => auditValues(row as AuditCsvRow, siteUrl));
  });
}

const day = (now: Date) => now.toISOString().slice(0, 10);

function csvResponse(stream: ReadableStream<Uint8Array>, filename: string): Response {
  return new Response(stream, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
}

/** An RFC 9457 problem, with `error` too, as the site's other JSON errors carry it. */
function problem(status: number, title: string, detail: string, extra: Record<string, unknown> = {}): Response {
  return Response.json(
    { type: 'about:blank', title, status, detail, error: detail, ...extra },
    { status, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } },
  );
}

/**
 * The leaderboard export's answer to a request's query: every page of the filtered, sorted list as a CSV attachment,
 * or a 400 problem naming each bad filter (a silently wider export would mislead).
 */
export function leaderboardCsvResponse(searchParams: URLSearchParams, now = new Date()): Response {
  const params = new URLSearchParams(searchParams);
  // The export is every page of the filtered set; the page's own link carries its page number.
  params.delete('page');
  const problems = leaderboardFilterProblems(params);
  if (problems.length > 0) return problem(400, OPEN_DATA_TEXTS.csvBadFilterTitle, `${problems.join('; ')}.`, { invalidFilters: problems });
  return csvResponse(streamLeaderboardCsv(parseLeaderboardFilters(params)), `projects-${day(now)}.csv`);
}

/** A project's audits as a CSV attachment; an unknown or hidden project is a 404 problem. */
export async function projectAuditsCsvResponse(projectId: string, now = new Date()): Promise<Response> {
  const project = await getProject(projectId);
  if (!project) return problem(404, 'Not found', OPEN_DATA_TEXTS.csvUnknownProject);
  return csvResponse(streamProjectAuditsCsv(project.id), `${project.id}-audits-${day(now)}.csv`);
}
