import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { POST as pageViewPOST } from '@/app/api/projects/page-view/route';
import { getDb } from '@/server/db/client';
import { pageViewVisitors } from '@/server/db/schema';
import { prunePageViewVisitors, recordPageView } from '@/server/page-views';
import { getTrendingProjects, invalidateSearchCaches } from '@/server/search';

import { callRoute, jsonPost } from '../fixtures/route-scope';
import { lowRankedProjects, viewsOf } from '../fixtures/project-counts';
import { createTestRun } from '../fixtures/test-run';

// The page-view beacon runs in a request scope of our own (tests/fixtures/route-scope.ts), with nobody signed in.
vi.mock('next/headers', async () => (await import('../fixtures/route-scope')).nextHeaders);
vi.mock('@/server/session', () => ({ getSessionUser: async () => null }));

const testRun = createTestRun();
const { nextIp } = testRun;
afterAll(() => testRun.cleanUp());

/** The beacon of a project page, from a client address with an optional visitor cookie. */
function post(projectId: string, options: { ip: string; visitor?: string }) {
  return callRoute(pageViewPOST, jsonPost('/api/projects/page-view', { projectId }, options));
}

/** Low-ranked seeded projects, one per test (a slice of its own: tests/fixtures/project-counts.ts). */
let spareProjects: string[] = [];
const takeProject = () => spareProjects.shift()!;
beforeAll(async () => {
  spareProjects = await lowRankedProjects(40, 40);
});

describe('Trending counts one view per visitor per project per day', () => {
  it('10 beacons from one visitor count 1 view; a second visitor makes 2', async () => {
    const project = takeProject();
    const visitor = randomUUID();
    const ip = nextIp();
    const replies = await Promise.all(Array.from({ length: 10 }, () => post(project, { ip, visitor })));
    for (const reply of replies) expect(reply.status).toBe(200);
    expect(await viewsOf(project)).toBe(1);
    // The same visitor from another address is still the same visitor.
    await post(project, { ip: nextIp(), visitor });
    expect(await viewsOf(project)).toBe(1);
    await post(project, { ip, visitor: randomUUID() });
    expect(await viewsOf(project)).toBe(2);
  });

  it('without a cookie the address is the visitor: 10 beacons count 1 view', async () => {
    const project = takeProject();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await post(project, { ip });
    expect(await viewsOf(project)).toBe(1);
    await post(project, { ip: nextIp() });
    expect(await viewsOf(project)).toBe(2);
  });

  it('stores the visitor as a keyed hash, never the cookie id or the address', async () => {
    const project = takeProject();
    const visitor = randomUUID();
    const ip = nextIp();
    await post(project, { ip, visitor });
    await post(project, { ip });
    const db = await getDb();
    const rows = await db.select().from(pageViewVisitors).where(eq(pageViewVisitors.projectId, project));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.visitorHash).not.toContain(visitor);
      expect(row.visitorHash).not.toContain(ip);
      expect(row.visitorHash).toMatch(/^[\w-]{43}$/);
    }
  });

  it('a flood of beacons from one visitor cannot lift a project in Trending', async () => {
    const [flooded, liked] = [takeProject(), takeProject()];
    for (let i = 0; i < 30; i++) await recordPageView(flooded, { visitorId: null, ip: 'one-flooder' });
    for (let i = 0; i < 3; i++) await recordPageView(liked, { visitorId: randomUUID(), ip: nextIp() });
    invalidateSearchCaches();
    const trending = (await getTrendingProjects()).map((project) => project.id);
    expect(trending.indexOf(liked)).toBeGreaterThanOrEqual(0);
    expect(trending.indexOf(flooded) === -1 || trending.indexOf(flooded) > trending.indexOf(liked)).toBe(true);
  });

  it('prunes who-was-counted rows older than two days and keeps the counts', async () => {
    const project = takeProject();
    const old = new Date(Date.now() - 5 * 86_400_000);
    await recordPageView(project, { visitorId: randomUUID(), ip: nextIp() }, old);
    await recordPageView(project, { visitorId: randomUUID(), ip: nextIp() });
    expect(await prunePageViewVisitors()).toBeGreaterThanOrEqual(1);
    const db = await getDb();
    const left = await db.select().from(pageViewVisitors).where(eq(pageViewVisitors.projectId, project));
    expect(left.map((row) => row.day)).toEqual([new Date().toISOString().slice(0, 10)]);
    expect(await viewsOf(project)).toBe(2);
  });
});
