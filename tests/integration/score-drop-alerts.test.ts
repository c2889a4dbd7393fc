import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { updateScoreAction } from '@/actions/staff/update-score';
import { scoreFormValues } from '@/lib/schemas/staff-score';
import { gradeFor, PILLARS, type SignalEntries } from '@/lib/score';
import { getDb } from '@/server/db/client';
import { notifications, projectScoreHistory, projectScores, securityAlerts } from '@/server/db/schema';
import { createWatchlist } from '@/server/watchlists';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { makeStaff, makeTestProject, signInAs, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

/*
 * Score drops through the console's own action (the real methodology computes the score): every signal at one value
 * gives that value as the score, so the tests choose scores exactly.
 */
const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let analyst: StaffUser;
let watcher: TestUser;
let bystander: TestUser;
beforeAll(async () => {
  analyst = await makeStaff(testRun, 'analyst');
  watcher = await testRun.makeUser('watcher');
  bystander = await testRun.makeUser('bystander');
});

const everySignalAt = (value: number): SignalEntries => Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, value]))]));

async function saveScore(projectId: string, value: number, note: string) {
  signInAs(analyst);
  const result = await updateScoreAction.bind(null, projectId)({ ...scoreFormValues(everySignalAt(value)), note });
  expect(result?.serverError).toBeUndefined();
  expect(result?.validationErrors).toBeUndefined();
  return result!.data!;
}

async function scoreDropAlerts(projectId: string) {
  const db = await getDb();
  return db.select().from(securityAlerts).where(and(eq(securityAlerts.projectId, projectId), eq(securityAlerts.type, 'score-drop')));
}

async function watchedProject(label: string) {
  const projectId = await makeTestProject(testRun, 'Drop', label);
  await createWatchlist(watcher.id, { name: label.slice(0, 20), projects: [projectId] });
  return projectId;
}

describe('score-drop alerts', () => {
  it('a fall of 5 points raises one automatic alert with the before and after, and tells the watchers only', async () => {
    const projectId = await watchedProject('five');
    await saveScore(projectId, 84, 'First assessment');
    expect(await scoreDropAlerts(projectId)).toEqual([]);
    const saved = await saveScore(projectId, 79, 'Bug bounty closed');
    expect(saved.score).toBe(79);

    const alerts = await scoreDropAlerts(projectId);
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    const db = await getDb();
    const [point] = await db.select({ id: projectScoreHistory.id }).from(projectScoreHistory).where(and(eq(projectScoreHistory.projectId, projectId), eq(projectScoreHistory.score, 79)));
    expect(alert).toMatchObject({
      origin: 'automatic',
      status: 'published',
      confidence: 'confirmed',
      retractedAt: null,
      dedupeKey: `score-drop:${point.id}`,
      evidence: { rule: 'score-drop', values: { scoreBefore: '84', scoreAfter: '79', gradeBefore: 'A', gradeAfter: 'BBB', points: '5' } },
    });
    expect(alert.title).toContain('dropped from 84 (A) to 79 (BBB)');
    const told = await db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.alertId, alert.id));
    expect(told.map((row) => row.userId)).toEqual([watcher.id]);
    expect(told.some((row) => row.userId === bystander.id)).toBe(false);
  });

  it('a fall of 4 points within the same grade raises nothing; a rise raises nothing', async () => {
    const projectId = await watchedProject('four');
    await saveScore(projectId, 99, 'First assessment');
    await saveScore(projectId, 95, 'Minor finding');
    expect(gradeFor(99).grade).toBe(gradeFor(95).grade);
    await saveScore(projectId, 98, 'Finding fixed');
    expect(await scoreDropAlerts(projectId)).toEqual([]);
  });

  it('a grade drop raises an alert even when the fall is under 5 points', async () => {
    const projectId = await watchedProject('grade');
    await saveScore(projectId, 81, 'First assessment');
    await saveScore(projectId, 79, 'Audit expired');
    expect(gradeFor(81).grade).toBe('A');
    expect(gradeFor(79).grade).toBe('BBB');
    const alerts = await scoreDropAlerts(projectId);
    expect(alerts.map((alert) => alert.evidence?.values)).toEqual([{ scoreBefore: '81', scoreAfter: '79', gradeBefore: 'A', gradeAfter: 'BBB', points: '2' }]);
  });

  it('replacing a demo score is no drop: the demo figure was never a measurement', async () => {
    const projectId = await watchedProject('demo');
    const db = await getDb();
    await db.insert(projectScores).values({ projectId, score: 95, pillars: {}, methodologyVersion: 'demo', isDemo: true });
    await saveScore(projectId, 60, 'First real assessment');
    expect(await scoreDropAlerts(projectId)).toEqual([]);
  });

  it('each history point raises at most one alert', async () => {
    const projectId = await watchedProject('twice');
    await saveScore(projectId, 90, 'First assessment');
    await saveScore(projectId, 70, 'Exploit');
    await saveScore(projectId, 60, 'Another exploit');
    const alerts = await scoreDropAlerts(projectId);
    expect(alerts.map((alert) => alert.evidence?.values?.scoreAfter).sort()).toEqual(['60', '70']);
    expect(new Set(alerts.map((alert) => alert.dedupeKey)).size).toBe(2);
    const db = await getDb();
    const told = await db.select().from(notifications).where(inArray(notifications.alertId, alerts.map((alert) => alert.id)));
    expect(told).toHaveLength(2);
  });
});
