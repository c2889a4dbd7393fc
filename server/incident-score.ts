import 'server-only';

import { and, eq, inArray, isNull } from 'drizzle-orm';

import { STAFF_ALERT_TYPES } from '@/lib/alerts';
import { scoreWithIncidents, type ScoredIncident } from '@/lib/incident-score';
import { entriesOfPillars, METHODOLOGY_VERSION, type SignalEntries } from '@/lib/score';

import type { Database } from './db/client';
import { projectScoreHistory, projectScores, securityAlerts } from './db/schema';
import { raiseScoreDropAlert } from './score-alerts';

/** A project's published incidents as the score reads them: staff's and the record's, not demo, not retracted. */
export async function scoredIncidentsOf(db: Database, projectId: string): Promise<ScoredIncident[]> {
  return db
    .select({ amountLostUsd: securityAlerts.amountLostUsd, amountReturnedUsd: securityAlerts.amountReturnedUsd, occurredAt: securityAlerts.occurredAt })
    .from(securityAlerts)
    .where(
      and(
        eq(securityAlerts.projectId, projectId),
        eq(securityAlerts.status, 'published'),
        eq(securityAlerts.isDemo, false),
        isNull(securityAlerts.retractedAt),
        inArray(securityAlerts.type, [...STAFF_ALERT_TYPES]),
      ),
    );
}

/**
 * Computes a project's score again after its incidents changed (one published, corrected or imported), from its
 * assessed signals by the methodology's incident rule (lib/incident-score.ts), in the caller's transaction. A change
 * is a score-history point whose note names the incident, and a drop of a staff score alerts its watchers as any
 * drop does. A project nobody has scored yet stays unscored. Answers the score before and after, or null.
 */
export async function rescoreForIncidents(tx: Database, projectId: string, { note, at, userId = null }: { note: string; at: Date; userId?: string | null }): Promise<{ before: number; after: number } | null> {
  const [row] = await tx.select().from(projectScores).where(eq(projectScores.projectId, projectId)).for('update');
  if (!row) return null;
  const entries: SignalEntries = row.entries ?? entriesOfPillars(row.pillars);
  const { score, pillars } = scoreWithIncidents(entries, await scoredIncidentsOf(tx, projectId), at);
  if (score === row.score && JSON.stringify(pillars) === JSON.stringify(row.pillars)) return null;
  const next = { score, pillars, methodologyVersion: METHODOLOGY_VERSION, entries };
  await tx.update(projectScores).set({ ...next, updatedAt: at }).where(eq(projectScores.projectId, projectId));
  const [point] = await tx
    .insert(projectScoreHistory)
    .values({ projectId, score, pillars, methodologyVersion: METHODOLOGY_VERSION, note: note.slice(0, 500), changedByUserId: userId, isDemo: row.isDemo, recordedAt: at })
    .returning({ id: projectScoreHistory.id });
  if (!row.isDemo) await raiseScoreDropAlert(tx, { projectId, historyId: point.id, before: row.score, after: score, at });
  return { before: row.score, after: score };
}
