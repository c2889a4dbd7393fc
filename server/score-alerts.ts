import 'server-only';

import { eq } from 'drizzle-orm';

import { AUTOMATIC_ALERT_TITLES } from '@/lib/alerts';
import { GRADES, gradeFor } from '@/lib/score';

import type { Database } from './db/client';
import { projects, securityAlerts } from './db/schema';
import { notifyWatchersOfAlert } from './notifications';

/** A fall of this many points or more raises an alert (issue #16); so does any lower grade. */
export const SCORE_DROP_ALERT_POINTS = 5;

/** Scores are stored with two decimals: compare in hundredths, so 80.00 → 75.00 is exactly 5 points. */
const hundredths = (score: number) => Math.round(score * 100);

/** Whether a change of score is worth an alert: 5 points or more down, or a lower grade. */
export function isScoreDrop(before: number, after: number): boolean {
  if (hundredths(before) - hundredths(after) >= SCORE_DROP_ALERT_POINTS * 100) return true;
  return GRADES.indexOf(gradeFor(after).grade) > GRADES.indexOf(gradeFor(before).grade);
}

const asText = (score: number) => score.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * Raises the automatic 'score-drop' alert of a new score history point when the score fell enough, and notifies the
 * project's watchers, inside the caller's transaction. The history point's id is the dedupe key, so one point makes
 * at most one alert. Answers the alert's id, or null when the change is no drop.
 */
export async function raiseScoreDropAlert(
  tx: Database,
  change: { projectId: string; historyId: string; before: number; after: number; at: Date },
): Promise<string | null> {
  if (!isScoreDrop(change.before, change.after)) return null;
  const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, change.projectId));
  if (!project) return null;
  const before = gradeFor(change.before).grade;
  const after = gradeFor(change.after).grade;
  const [alert] = await tx
    .insert(securityAlerts)
    .values({
      projectId: change.projectId,
      type: 'score-drop',
      title: AUTOMATIC_ALERT_TITLES.scoreDrop(project.name, `${asText(change.before)} (${before})`, `${asText(change.after)} (${after})`),
      occurredAt: change.at,
      confidence: 'confirmed',
      status: 'published',
      origin: 'automatic',
      evidence: {
        rule: 'score-drop',
        values: { scoreBefore: asText(change.before), scoreAfter: asText(change.after), gradeBefore: before, gradeAfter: after, points: asText((hundredths(change.before) - hundredths(change.after)) / 100) },
      },
      dedupeKey: `score-drop:${change.historyId}`,
      publishedAt: change.at,
    })
    .onConflictDoNothing({ target: securityAlerts.dedupeKey })
    .returning({ id: securityAlerts.id });
  if (!alert) return null;
  await notifyWatchersOfAlert(tx, alert.id);
  return alert.id;
}
