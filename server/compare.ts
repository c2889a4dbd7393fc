import 'server-only';

import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';

import { FINDING_SEVERITY_LABELS } from '@/lib/findings';
import type { AuditStatus, Findings } from '@/lib/projects';
import { gradeFor, type Grade, type GradeTone, type PillarScores } from '@/lib/score';

import { CACHE_TAGS, PUBLIC_DATA_REVALIDATE_SECONDS } from './cache-tags';
import { getDb } from './db/client';
import { audits, projects, projectScores, securityAlerts } from './db/schema';
import { shownPublicly } from './projects';
import { getPrivilegedAddresses, getPrivilegedFunctions } from './skynet/privileged-queries';
import { getProjectMonitoring } from './skynet/queries';
import { getVoteSummary } from './votes';

/** "Recent" alerts on the comparison: the last 90 days. */
export const COMPARE_ALERT_DAYS = 90;

type Severity = keyof typeof FINDING_SEVERITY_LABELS;
const SEVERITIES = Object.keys(FINDING_SEVERITY_LABELS) as Severity[];

/** What the comparison shows of one project. */
export type ComparedProject = {
  id: string;
  name: string;
  logo: string | null;
  tokenTickers: string[];
  category: string | null;
  auditStatus: AuditStatus;
  isDemo: boolean;
  score: number | null;
  grade: Grade | null;
  gradeTone: GradeTone | null;
  pillars: PillarScores | null;
  methodologyVersion: string | null;
  audits: { count: number; latestAt: Date | null; openFindings: Record<Severity, number> };
  recentAlerts: number;
  privileged: { addresses: { holder: string; label: string; chainId: number }[]; functions: { signature: string; chainId: number }[] };
  votes: { yes: number; total: number; yesPercentage: number | null };
};

type CachedFigures = Omit<ComparedProject, 'privileged' | 'votes' | 'grade' | 'gradeTone'>;

/**
 * The tagged part of a comparison: projects, scores, audits and recent alerts (cached; every staff write to them
 * expires these tags). Hidden and unknown ids are simply absent. Dates come back from the cache as strings.
 */
const cachedFigures = unstable_cache(
  async (ids: string[]): Promise<CachedFigures[]> => {
    const db = await getDb();
    const rows = await db
      .select({
        id: projects.id,
        name: projects.name,
        logo: projects.logo,
        tokenTickers: projects.tokenTickers,
        category: projects.category,
        auditStatus: projects.auditStatus,
        isDemo: projects.isDemo,
        score: projectScores.score,
        pillars: projectScores.pillars,
        methodologyVersion: projectScores.methodologyVersion,
      })
      .from(projects)
      .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
      .where(and(inArray(projects.id, ids), shownPublicly));
    if (rows.length === 0) return [];
    const shown = rows.map((row) => row.id);
    const auditRows = await db
      .select({ projectId: audits.projectId, publishedAt: audits.publishedAt, findings: audits.findings })
      .from(audits)
      .where(and(inArray(audits.projectId, shown), eq(audits.status, 'published')));
    // Retracted alerts are withdrawn: they are not counted, as in every total on the site.
    const alertCounts = await db
      .select({ projectId: securityAlerts.projectId, count: sql<number>`count(*)::int` })
      .from(securityAlerts)
      .where(
        and(
          inArray(securityAlerts.projectId, shown),
          eq(securityAlerts.status, 'published'),
          isNull(securityAlerts.retractedAt),
          gte(securityAlerts.occurredAt, sql`now() - make_interval(days => ${COMPARE_ALERT_DAYS})`),
        ),
      )
      .groupBy(securityAlerts.projectId);
    return rows.map((row) => {
      const own = auditRows.filter((audit) => audit.projectId === row.id);
      const openFindings = Object.fromEntries(
        SEVERITIES.map((severity) => [severity, own.reduce((sum, audit) => sum + Math.max(0, openOf((audit.findings as Findings)[severity])), 0)]),
      ) as Record<Severity, number>;
      const latestAt = own.reduce<Date | null>((latest, audit) => (!latest || audit.publishedAt > latest ? audit.publishedAt : latest), null);
      return {
        ...row,
        audits: { count: own.length, latestAt, openFindings },
        recentAlerts: alertCounts.find((count) => count.projectId === row.id)?.count ?? 0,
      };
    });
  },
  ['compare-figures'],
  { tags: [CACHE_TAGS.projects, CACHE_TAGS.scores, CACHE_TAGS.audits, CACHE_TAGS.alerts], revalidate: PUBLIC_DATA_REVALIDATE_SECONDS },
);

const openOf = (counts: { total: number; resolved: number } | undefined) => (counts ? counts.total - counts.resolved : 0);

/** The current privileged holders and the privileged functions of a project's watched contracts (Skynet's memo). */
async function privilegesOf(projectId: string): Promise<ComparedProject['privileged']> {
  const { contracts } = await getProjectMonitoring(projectId);
  const perContract = await Promise.all(
    contracts.map(async (contract) => {
      const [holders, functions] = await Promise.all([getPrivilegedAddresses(contract.address), getPrivilegedFunctions(contract.address)]);
      return {
        addresses: holders.filter((row) => row.chainId === contract.chainId && row.active).map((row) => ({ holder: row.holder, label: row.label, chainId: row.chainId })),
        functions: functions.filter((row) => row.chainId === contract.chainId).map((row) => ({ signature: row.signature ?? row.selector, chainId: row.chainId })),
      };
    }),
  );
  // One holder may hold several privileges: it is one address.
  const addresses = [...new Map(perContract.flatMap((row) => row.addresses).map((row) => [`${row.chainId}:${row.holder}`, row])).values()];
  return { addresses, functions: perContract.flatMap((row) => row.functions) };
}

/**
 * The comparison of the given ids, in their order: the projects found, and the ids that are unknown or hidden
 * (which the page names instead of comparing). Votes and Skynet figures are read live, as on the project page.
 */
export async function getComparison(ids: string[]): Promise<{ projects: ComparedProject[]; missing: string[] }> {
  // The cache key is the set, so a=b,c and c,b share an entry; the page keeps the URL's order.
  const figures = await cachedFigures([...ids].sort());
  const byId = new Map(figures.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) return { projects: [], missing };
  const compared = await Promise.all(
    ids.map(async (id): Promise<ComparedProject> => {
      const row = byId.get(id)!;
      const [privileged, votes] = await Promise.all([privilegesOf(id), getVoteSummary(id)]);
      const band = row.score === null ? null : gradeFor(row.score);
      return {
        ...row,
        audits: { ...row.audits, latestAt: row.audits.latestAt ? new Date(row.audits.latestAt) : null },
        grade: band?.grade ?? null,
        gradeTone: band?.tone ?? null,
        privileged,
        votes: { yes: votes.yes, total: votes.total, yesPercentage: votes.yesPercentage },
      };
    }),
  );
  return { projects: compared, missing: [] };
}
