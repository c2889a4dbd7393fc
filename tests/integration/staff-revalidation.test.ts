import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { correctAlertAction } from '@/actions/staff/correct-alert';
import { createAlertAction } from '@/actions/staff/create-alert';
import { createAuditAction } from '@/actions/staff/create-audit';
import { createProjectAction } from '@/actions/staff/create-project';
import { hideProjectAction } from '@/actions/staff/hide-project';
import { publishAlertAction } from '@/actions/staff/publish-alert';
import { publishAuditAction } from '@/actions/staff/publish-audit';
import { showProjectAction } from '@/actions/staff/show-project';
import { updateAuditAction } from '@/actions/staff/update-audit';
import { updateProjectAction } from '@/actions/staff/update-project';
import { updateScoreAction } from '@/actions/staff/update-score';
import type { AlertFormInput } from '@/lib/schemas/staff-alert';
import type { AuditFormInput } from '@/lib/schemas/staff-audit';
import { EMPTY_ALERT_FILTERS } from '@/lib/schemas/alert-filters';
import { EMPTY_PROJECT_FORM, type ProjectFormValues } from '@/lib/schemas/staff-project';
import { scoreFormValues } from '@/lib/schemas/staff-score';
import { PILLARS } from '@/lib/score';
import { listPublishedAlerts } from '@/server/alert-database';
import { listLeaderboardTop } from '@/server/leaderboard';
import { listRecentAlerts, listRecentlyAudited, listUnderAudit } from '@/server/projects';
import { getStaffProject } from '@/server/staff/projects';
import { getStaffScore } from '@/server/staff/scores';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, makeTestProject, signInAs, type StaffUser } from '../support/staff';

/*
 * The "a published change is on every public page that shows it within seconds (revalidate the cached pages
 * by tag)": each staff write that changes what the public sees expires at least one tag of every cached public read
 * that shows the change (Next drops a cached entry when any of its tags expires), and the ISR home page by path.
 * The cached reads here are the app's own; the stand-in records the tags each was declared with.
 */

const cache = vi.hoisted(() => ({ expiredTags: [] as string[], expiredPaths: [] as string[], readTags: [] as string[] }));

vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', () => ({
  // Loads every time (no cache across calls), noting the tags the read carries.
  unstable_cache:
    <Args extends unknown[], Result>(load: (...args: Args) => Promise<Result>, _keys?: string[], options?: { tags?: string[] }) =>
    async (...args: Args): Promise<Result> => {
      cache.readTags.push(...(options?.tags ?? []));
      return JSON.parse(JSON.stringify(await load(...args))) as Result;
    },
  revalidateTag: (tag: string) => cache.expiredTags.push(tag),
  revalidatePath: (path: string) => cache.expiredPaths.push(path),
}));

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let analyst: StaffUser;
beforeAll(async () => {
  analyst = await makeStaff(testRun, 'analyst');
});
beforeEach(() => signInAs(analyst));

const today = new Date().toISOString().slice(0, 10);

/** Runs a staff write, answering what it expired. */
async function write(run: () => Promise<{ serverError?: string; validationErrors?: unknown; data?: unknown } | undefined>) {
  cache.expiredTags.length = 0;
  cache.expiredPaths.length = 0;
  const result = await run();
  expect(result?.serverError).toBeUndefined();
  expect(result?.validationErrors).toBeUndefined();
  return { tags: [...cache.expiredTags], paths: [...cache.expiredPaths], data: result?.data };
}

/** Runs a cached public read, answering what it returned and the tags its cache entries carry. */
async function read<T>(load: () => Promise<T>): Promise<{ value: T; tags: string[] }> {
  cache.readTags.length = 0;
  const value = await load();
  expect(cache.readTags.length, 'the read is cached by tag').toBeGreaterThan(0);
  return { value, tags: [...new Set(cache.readTags)] };
}

/** The write expired the read's cached entry (one of its tags), and the home page. */
function expectExpired(expired: { tags: string[]; paths: string[] }, readTags: string[]) {
  expect(readTags.filter((tag) => expired.tags.includes(tag)), `one of ${readTags.join(', ')} expired`).not.toEqual([]);
  expect(expired.paths).toContain('/');
}

const alertForm = (projectId: string, title: string): AlertFormInput => ({
  title,
  type: 'exploit',
  occurredOn: today,
  chain: 'Ethereum',
  amountLostUsd: '1000',
  amountReturnedUsd: '',
  amountsPricedOn: today,
  technique: 'Reentrancy',
  sourceUrls: 'https://example.com/post-mortem',
  confidence: 'high',
  projectId,
  description: 'Drained through a reentrant withdraw.',
});
const auditForm = (projectId: string, auditor: string): AuditFormInput => ({
  projectId,
  auditor,
  startedOn: '',
  endedOn: '',
  publishedOn: today,
  scope: 'Vault contracts',
  sourceRef: '',
  findingItems: [],
  reportFile: '',
});

const recentAlerts = () => read(() => listRecentAlerts(1000));
const alertDatabase = (project: string) => read(() => listPublishedAlerts({ ...EMPTY_ALERT_FILTERS, project }));
const recentlyAudited = () => read(() => listRecentlyAudited(1000));

describe('staff writes expire the cached public reads that show them', () => {
  it('publishing and correcting an alert: the home feed and the incident database', async () => {
    const projectId = await makeTestProject(testRun, 'Revalidate', 'alerted');
    const title = `Revalidated alert ${testRun.id}`;
    const { id } = (await createAlertAction(alertForm(projectId, title))).data!;

    const published = await write(() => publishAlertAction({ id }));
    const feed = await recentAlerts();
    expect(feed.value.some((alert) => alert.id === id)).toBe(true);
    expectExpired(published, feed.tags);
    const database = await alertDatabase(projectId);
    expect(database.value.rows.map((row) => row.id)).toEqual([id]);
    expectExpired(published, database.tags);

    const corrected = await write(() => correctAlertAction(id, { ...alertForm(projectId, `${title} (corrected)`), reason: 'The title named the wrong contract.' }));
    const feedAfter = await recentAlerts();
    expect(feedAfter.value.find((alert) => alert.id === id)?.title).toBe(`${title} (corrected)`);
    expectExpired(corrected, feedAfter.tags);
    expectExpired(corrected, (await alertDatabase(projectId)).tags);
  });

  it('publishing and editing a published audit: the home page\'s recently audited list', async () => {
    const projectId = await makeTestProject(testRun, 'Revalidate', 'audited');
    const auditor = `Revalidated Auditors ${testRun.id}`;
    const { id } = (await createAuditAction(auditForm(projectId, auditor))).data!;

    const published = await write(() => publishAuditAction({ id }));
    const list = await recentlyAudited();
    expect(list.value.find((row) => row.id === projectId)?.auditor).toBe(auditor);
    expectExpired(published, list.tags);

    const edited = await write(() => updateAuditAction(id, auditForm(projectId, `${auditor} LLP`)));
    const listAfter = await recentlyAudited();
    expect(listAfter.value.find((row) => row.id === projectId)?.auditor).toBe(`${auditor} LLP`);
    expectExpired(edited, listAfter.tags);
  });

  it('creating, editing, hiding and showing a project: the lists that show it', async () => {
    const id = `revalidated-${testRun.id}`;
    const created = await write(() => createProjectAction({ ...EMPTY_PROJECT_FORM, id, name: `Revalidated ${testRun.id}`, auditStatus: 'under_audit' }));
    const underAudit = await read(() => listUnderAudit(1000));
    expect(underAudit.value.some((project) => project.id === id)).toBe(true);
    expectExpired(created, underAudit.tags);

    const { id: alertId } = (await createAlertAction(alertForm(id, `Alert of a project to hide ${testRun.id}`))).data!;
    await publishAlertAction({ id: alertId });
    const { id: auditId } = (await createAuditAction(auditForm(id, `Auditors of a project to hide ${testRun.id}`))).data!;
    await publishAuditAction({ id: auditId });

    const hidden = await write(() => hideProjectAction({ id }));
    for (const [list, shows] of [
      [await recentAlerts(), (value: unknown) => (value as { id: string }[]).some((alert) => alert.id === alertId)],
      [await recentlyAudited(), (value: unknown) => (value as { id: string }[]).some((project) => project.id === id)],
      [await read(() => listUnderAudit(1000)), (value: unknown) => (value as { id: string }[]).some((project) => project.id === id)],
    ] as const) {
      expect(shows(list.value)).toBe(false);
      expectExpired(hidden, list.tags);
    }

    const shown = await write(() => showProjectAction({ id }));
    const feed = await recentAlerts();
    expect(feed.value.some((alert) => alert.id === alertId)).toBe(true);
    expectExpired(shown, feed.tags);

    const current = (await getStaffProject(id))!;
    const edit: ProjectFormValues = { ...EMPTY_PROJECT_FORM, name: current.name, auditStatus: 'none' };
    const edited = await write(() => updateProjectAction(id, edit));
    const underAuditAfter = await read(() => listUnderAudit(1000));
    expect(underAuditAfter.value.some((project) => project.id === id)).toBe(false);
    expectExpired(edited, underAuditAfter.tags);
  });

  it('saving a score: the home page\'s leaderboard', async () => {
    const projectId = await makeTestProject(testRun, 'Revalidate', 'scored');
    const values = scoreFormValues((await getStaffScore(projectId))!.entries);
    for (const pillar of PILLARS) for (const signal of pillar.signals) values.signals[pillar.key][signal.key] = '90';
    const saved = await write(() => updateScoreAction(projectId, { ...values, note: 'First assessment' }));
    // The leaderboard's top depends on every project's score, so its entry must go whatever it lists.
    expectExpired(saved, (await read(() => listLeaderboardTop(10))).tags);
  });
});
