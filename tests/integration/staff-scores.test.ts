import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { updateScoreAction } from '@/actions/staff/update-score';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { scoreFormValues, type ScoreFormValues } from '@/lib/schemas/staff-score';
import { computeScore, gradeFor, METHODOLOGY_VERSION, PILLARS, type SignalEntries } from '@/lib/score';
import { getDb } from '@/server/db/client';
import { projects, projectScoreHistory, projectScores } from '@/server/db/schema';
import { getProjectDetail } from '@/server/projects';
import { listScoreHistory } from '@/server/score-history';
import { getStaffScore, listStaffScores } from '@/server/staff/scores';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, makeTestProject, signInAs, staffLogOf, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn({ revalidateTag: (tag) => revalidated.push(tag) }));

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let analyst: StaffUser;
let sales: StaffUser;
beforeAll(async () => {
  analyst = await makeStaff(testRun, 'analyst');
  sales = await makeStaff(testRun, 'sales');
});

const makeProject = (label: string) => makeTestProject(testRun, 'Score', label);

/** Every signal at `value` but the ones given. */
function entries(value: number | null, overrides: Record<string, Record<string, number | null>> = {}): SignalEntries {
  return Object.fromEntries(
    PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, signal.key in (overrides[pillar.key] ?? {}) ? overrides[pillar.key][signal.key] : value]))]),
  );
}

const form = (values: SignalEntries, note: string): ScoreFormValues => ({ ...scoreFormValues(values), note });

/** What the published methodology gives for entries, an unassessed signal counted as 0, computed independently of the console. */
const expectedScore = (values: SignalEntries) => computeScore(Object.fromEntries(Object.entries(values).map(([pillar, signals]) => [pillar, Object.fromEntries(Object.entries(signals).map(([key, value]) => [key, value ?? 0]))]))).score;

async function stored(projectId: string) {
  const db = await getDb();
  const [score] = await db.select().from(projectScores).where(eq(projectScores.projectId, projectId));
  const history = await db.select().from(projectScoreHistory).where(eq(projectScoreHistory.projectId, projectId)).orderBy(desc(projectScoreHistory.recordedAt));
  const log = await staffLogOf('score', projectId);
  return { score: score ?? null, history, log };
}

describe('saving a score', () => {
  it('recomputes it by the methodology, stores it as staff data, and writes one history point and one log entry', async () => {
    signInAs(analyst);
    const projectId = await makeProject('first');
    const values = entries(80, { codeSecurity: { bugBounty: null, auditCoverage: 95 }, communityTrust: { sentiment: 40 } });

    const result = await updateScoreAction(projectId, form(values, '  First assessment after the audit  '));

    const expected = expectedScore(values);
    expect(result.data).toEqual({ score: expected, grade: gradeFor(expected).grade });
    const { score, history, log } = await stored(projectId);
    expect(score).toMatchObject({ score: expected, methodologyVersion: METHODOLOGY_VERSION, isDemo: false });
    expect(score.pillars.codeSecurity.signals).toEqual({ auditCoverage: 95, findingsResolved: 80, auditRecency: 80 });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ score: expected, methodologyVersion: METHODOLOGY_VERSION, note: 'First assessment after the audit', changedByUserId: analyst.id, isDemo: false });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'score.create', actorEmail: analyst.email, before: null });
    expect(log[0].after).toMatchObject({ score: expected, note: 'First assessment after the audit', 'Code Security: Active bug bounty': null, 'Community Trust: Community sentiment': 40 });
    expect(revalidated).toEqual(expect.arrayContaining(['scores', 'projects']));
  });

  it('replaces a demo score, keeps each change in the history, and reads back every signal for the form', async () => {
    signInAs(analyst);
    const projectId = await makeProject('demo');
    const db = await getDb();
    const demo = computeScore(entries(60) as Record<string, Record<string, number>>);
    await db.insert(projectScores).values({ projectId, score: demo.score, pillars: demo.pillars, methodologyVersion: METHODOLOGY_VERSION, isDemo: true });

    const first = entries(70);
    expect((await updateScoreAction(projectId, form(first, 'Reviewed every signal'))).data?.score).toBe(expectedScore(first));
    const second = entries(70, { governanceStrength: { upgradeTimelock: null } });
    expect((await updateScoreAction(projectId, form(second, 'Timelock removed; not assessed until the new one is live'))).data?.score).toBe(expectedScore(second));

    const { score, history, log } = await stored(projectId);
    expect(score.isDemo).toBe(false);
    expect(history.map((point) => point.note)).toEqual(['Timelock removed; not assessed until the new one is live', 'Reviewed every signal']);
    expect(log.map((entry) => entry.action)).toEqual(['score.update', 'score.update']);
    expect(log[0].before).toMatchObject({ demo: true, score: demo.score });
    expect(log[1].before).toMatchObject({ 'Governance Strength: Timelock on upgrades and parameter changes': 70 });
    expect(log[1].after).toMatchObject({ 'Governance Strength: Timelock on upgrades and parameter changes': null });
    expect((await getStaffScore(projectId))?.entries).toEqual(second);
  });

  it('refuses to save the same signals again: nothing would have changed', async () => {
    signInAs(analyst);
    const projectId = await makeProject('same');
    await updateScoreAction(projectId, form(entries(55), 'Initial'));
    const result = await updateScoreAction(projectId, form(entries(55), 'Again'));
    expect(result.serverError).toBe(STAFF_MESSAGES.scoreUnchanged);
    const { history, log } = await stored(projectId);
    expect(history).toHaveLength(1);
    expect(log).toHaveLength(1);
  });
});

describe('bad input and refusals store nothing', () => {
  it('refuses a signal out of range or not whole, and a missing note, with their messages', async () => {
    signInAs(analyst);
    const projectId = await makeProject('bad');
    const values = form(entries(50), 'Looks fine');
    values.signals.marketStability.volatility = '101';
    const outOfRange = await updateScoreAction(projectId, values);
    expect(outOfRange.validationErrors).toMatchObject({ signals: { marketStability: { volatility: { _errors: [STAFF_MESSAGES.signalInvalid] } } } });

    const noNote = await updateScoreAction(projectId, form(entries(50), ' '));
    expect(noNote.validationErrors).toMatchObject({ note: { _errors: [STAFF_MESSAGES.scoreNoteRequired] } });

    const { score, history, log } = await stored(projectId);
    expect([score, history.length, log.length]).toEqual([null, 0, 0]);
  });

  it('answers an unknown project clearly', async () => {
    signInAs(analyst);
    const result = await updateScoreAction(`missing-${testRun.id}`, form(entries(50), 'Nothing to score'));
    expect(result.serverError).toBe(STAFF_MESSAGES.unknownProject);
  });

  it('answers Not found. to a role without scores.write and to a visitor', async () => {
    const projectId = await makeProject('forbidden');
    for (const who of [sales, null]) {
      signInAs(who);
      expect((await updateScoreAction(projectId, form(entries(90), 'Not mine to change'))).serverError).toBe(STAFF_MESSAGES.notFound);
    }
    const { score, history, log } = await stored(projectId);
    expect([score, history.length, log.length]).toEqual([null, 0, 0]);
  });
});

describe('the public score history', () => {
  it('lists the points oldest first with what changed, and nothing for a hidden project', async () => {
    signInAs(analyst);
    const projectId = await makeProject('public');
    await updateScoreAction(projectId, form(entries(50), 'Before the audit'));
    await updateScoreAction(projectId, form(entries(85), 'Audit findings resolved'));
    const points = await listScoreHistory(projectId);
    expect(points.map((point) => [point.note, point.grade, point.isDemo])).toEqual([
      ['Before the audit', gradeFor(expectedScore(entries(50))).grade, false],
      ['Audit findings resolved', gradeFor(expectedScore(entries(85))).grade, false],
    ]);
    expect((await getProjectDetail(projectId))?.score).toBe(points[1].score);

    await (await getDb()).update(projects).set({ hiddenAt: new Date() }).where(eq(projects.id, projectId));
    expect(await listScoreHistory(projectId)).toEqual([]);
  });

  it('gives every seeded score a generated past ending at the current score, labelled as demo', async () => {
    const db = await getDb();
    const [seeded] = await db.select({ projectId: projectScores.projectId, score: projectScores.score }).from(projectScores).where(eq(projectScores.isDemo, true)).limit(1);
    const points = await listScoreHistory(seeded.projectId);
    expect(points.length).toBeGreaterThanOrEqual(2);
    expect(points.every((point) => point.isDemo && point.note === '')).toBe(true);
    expect(points.at(-1)?.score).toBe(seeded.score);
    expect(new Set(points.map((point) => point.recordedAt.getTime())).size).toBe(points.length);
    const [{ withoutHistory }] = await db
      .select({ withoutHistory: sql<number>`count(*)::int` })
      .from(projectScores)
      .where(sql`not exists (select 1 from ${projectScoreHistory} where ${projectScoreHistory.projectId} = ${projectScores.projectId})`);
    expect(withoutHistory).toBe(0);
  });
});

describe('the console list', () => {
  it('finds a project by name and filters by who set the score', async () => {
    signInAs(analyst);
    const scored = await makeProject('listed');
    const unscored = await makeProject('unlisted');
    await updateScoreAction(scored, form(entries(75), 'Assessed'));
    const byName = await listStaffScores({ q: `Score Test listed ${testRun.id}`, page: 1 });
    expect(byName.rows.map((row) => row.projectId)).toEqual([scored]);
    expect(byName.rows[0]).toMatchObject({ isDemo: false, methodologyVersion: METHODOLOGY_VERSION, hidden: false });
    expect((await listStaffScores({ q: testRun.id, state: 'unscored', page: 1 })).rows.map((row) => row.projectId)).toContain(unscored);
    expect((await listStaffScores({ q: testRun.id, state: 'unscored', page: 1 })).rows.map((row) => row.projectId)).not.toContain(scored);
    expect((await listStaffScores({ q: testRun.id, state: 'scored', page: 1 })).rows.map((row) => row.projectId)).toContain(scored);
  });
});
