import 'server-only';

import { and, asc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { ScoreInput, ScoreListQuery } from '@/lib/schemas/staff-score';
import { scoreWithIncidents } from '@/lib/incident-score';
import { entriesOfPillars, gradeFor, METHODOLOGY_VERSION, PILLARS, type Grade, type GradeTone, type PillarScores, type SignalEntries } from '@/lib/score';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import { getDb, type Database } from '../db/client';
import { projects, projectScoreHistory, projectScores } from '../db/schema';
import { scoredIncidentsOf } from '../incident-score';
import { raiseScoreDropAlert } from '../score-alerts';
import { recordStaffChange, type StaffActor } from './audit-log';
import { containsPattern, readListPage, rowCount, type StaffListPage } from './list-page';

export type StaffScoreRow = {
  projectId: string;
  name: string;
  hidden: boolean;
  score: number | null;
  grade: Grade | null;
  tone: GradeTone | null;
  methodologyVersion: string | null;
  isDemo: boolean;
  updatedAt: Date | null;
};

const withGrade = (score: number | null) => (score === null ? { grade: null, tone: null } : gradeFor(score));

/** Projects with their scores for the console: search by name, slug or ticker; filter by who set the score. */
export async function listStaffScores(query: ScoreListQuery): Promise<StaffListPage<StaffScoreRow>> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(projects.name, pattern), ilike(projects.id, pattern), sql`array_to_string(${projects.tokenTickers}, ' ') ilike ${pattern}`)!);
  }
  if (query.state === 'unscored') conditions.push(isNull(projectScores.projectId));
  if (query.state === 'scored') conditions.push(and(isNotNull(projectScores.projectId), eq(projectScores.isDemo, false))!);
  if (query.state === 'demo') conditions.push(eq(projectScores.isDemo, true));
  const where = and(...conditions);
  return readListPage(
    query.page,
    () => db.select({ total: rowCount }).from(projects).leftJoin(projectScores, eq(projectScores.projectId, projects.id)).where(where),
    async ({ limit, offset }) => {
      const rows = await db
        .select({
          projectId: projects.id,
          name: projects.name,
          hiddenAt: projects.hiddenAt,
          score: projectScores.score,
          methodologyVersion: projectScores.methodologyVersion,
          isDemo: projectScores.isDemo,
          updatedAt: projectScores.updatedAt,
        })
        .from(projects)
        .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
        .where(where)
        .orderBy(sql`${projects.rank} asc nulls last`, asc(projects.name))
        .limit(limit)
        .offset(offset);
      return rows.map(({ hiddenAt, isDemo, score, ...row }) => ({ ...row, score, ...withGrade(score), hidden: hiddenAt !== null, isDemo: isDemo ?? false }));
    },
  );
}

export type StaffScore = StaffScoreRow & { entries: SignalEntries };

/** A project's score as the console's form edits it (every signal, null where not assessed); null for no project. */
export async function getStaffScore(projectId: string): Promise<StaffScore | null> {
  const db = await getDb();
  const [row] = await db
    .select({ projectId: projects.id, name: projects.name, hiddenAt: projects.hiddenAt, score: projectScores.score, pillars: projectScores.pillars, entries: projectScores.entries, methodologyVersion: projectScores.methodologyVersion, isDemo: projectScores.isDemo, updatedAt: projectScores.updatedAt })
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(eq(projects.id, projectId));
  if (!row) return null;
  const { hiddenAt, pillars, entries, isDemo, ...rest } = row;
  // The form edits what the analyst assessed, not the signal the incident rule lowered from it.
  return { ...rest, ...withGrade(rest.score), hidden: hiddenAt !== null, isDemo: isDemo ?? false, entries: entries ?? entriesOfPillars(pillars) };
}

/** A score as the audit log shows it: one readable field per signal, so the log's diff names what moved. */
function loggedScore(score: { score: number; pillars: PillarScores; methodologyVersion: string; isDemo: boolean }) {
  const entries = entriesOfPillars(score.pillars);
  return {
    score: score.score,
    grade: gradeFor(score.score).grade,
    methodologyVersion: score.methodologyVersion,
    demo: score.isDemo,
    ...Object.fromEntries(PILLARS.flatMap((pillar) => pillar.signals.map((signal) => [`${pillar.label}: ${signal.label}`, entries[pillar.key][signal.key]]))),
  };
}

const sameEntries = (a: SignalEntries, b: SignalEntries) => PILLARS.every((pillar) => pillar.signals.every((signal) => a[pillar.key]?.[signal.key] === b[pillar.key]?.[signal.key]));

/**
 * Saves an analyst's signals: the score is recomputed by the published methodology, stored as staff data (no demo
 * label), and the change is kept as a history point (methodology version, note, editor) with its audit-log entry,
 * all in one transaction. Saving the same signals under the same methodology is refused: it would add a point that
 * says nothing changed.
 */
export async function updateProjectScore(actor: StaffActor, projectId: string, input: ScoreInput, now = new Date()): Promise<{ score: number; grade: Grade }> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
    if (!project) throw new UserFacingError(STAFF_MESSAGES.unknownProject, 404);
    const [existing] = await tx.select().from(projectScores).where(eq(projectScores.projectId, projectId));
    if (existing && !existing.isDemo && existing.methodologyVersion === METHODOLOGY_VERSION && sameEntries(existing.entries ?? entriesOfPillars(existing.pillars), input.signals)) {
      throw new UserFacingError(STAFF_MESSAGES.scoreUnchanged, 409);
    }
    // The analyst's signals, with the project's published incidents by the methodology's incident rule.
    const { score, pillars } = scoreWithIncidents(input.signals, await scoredIncidentsOf(tx as unknown as Database, projectId), now);
    const next = { score, pillars, methodologyVersion: METHODOLOGY_VERSION, isDemo: false, entries: input.signals };
    await tx
      .insert(projectScores)
      .values({ projectId, ...next, updatedAt: now })
      .onConflictDoUpdate({ target: projectScores.projectId, set: { ...next, updatedAt: now } });
    const [point] = await tx
      .insert(projectScoreHistory)
      .values({ projectId, score, pillars, methodologyVersion: METHODOLOGY_VERSION, isDemo: false, note: input.note, changedByUserId: actor.userId, recordedAt: now })
      .returning({ id: projectScoreHistory.id });
    // A fall from a staff score tells the watchers; a demo score was never a measurement, so replacing it is no drop.
    if (existing && !existing.isDemo) await raiseScoreDropAlert(tx, { projectId, historyId: point.id, before: existing.score, after: score, at: now });
    await recordStaffChange(tx, actor, {
      action: existing ? 'score.update' : 'score.create',
      entityType: 'score',
      entityId: projectId,
      before: existing ? loggedScore(existing) : null,
      after: { ...loggedScore(next), note: input.note },
    });
    return { score, grade: gradeFor(score).grade };
  });
  revalidatePublicData(CACHE_TAGS.scores, CACHE_TAGS.projects, CACHE_TAGS.alerts);
  return saved;
}
