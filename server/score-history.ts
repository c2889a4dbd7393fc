import 'server-only';

import { and, desc, eq, isNull } from 'drizzle-orm';
import { cache } from 'react';

import { gradeFor, type Grade } from '@/lib/score';

import { getDb } from './db/client';
import { projects, projectScoreHistory } from './db/schema';

export type ScoreHistoryPoint = {
  recordedAt: Date;
  score: number;
  grade: Grade;
  methodologyVersion: string;
  /** What the analyst said changed; empty for generated points. */
  note: string;
  isDemo: boolean;
};

/** The most points a project page charts: the latest ones. */
export const SCORE_HISTORY_LIMIT = 200;

/** A visible project's score history, oldest first (the last point is the current score); empty for a hidden one. */
export const listScoreHistory = cache(async (projectId: string): Promise<ScoreHistoryPoint[]> => {
  const db = await getDb();
  const rows = await db
    .select({
      recordedAt: projectScoreHistory.recordedAt,
      score: projectScoreHistory.score,
      methodologyVersion: projectScoreHistory.methodologyVersion,
      note: projectScoreHistory.note,
      isDemo: projectScoreHistory.isDemo,
    })
    .from(projectScoreHistory)
    .innerJoin(projects, eq(projects.id, projectScoreHistory.projectId))
    .where(and(eq(projectScoreHistory.projectId, projectId), isNull(projects.hiddenAt)))
    .orderBy(desc(projectScoreHistory.recordedAt))
    .limit(SCORE_HISTORY_LIMIT);
  return rows.reverse().map((row) => ({ ...row, grade: gradeFor(row.score).grade }));
});
