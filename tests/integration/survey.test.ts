import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { GET as surveyGET } from '@/app/api/user/survey/route';
import { POST as uploadPOST } from '@/app/api/user/survey/upload/route';
import { getDb } from '@/server/db/client';
import { surveyResponses, watchlistProjects, watchlists } from '@/server/db/schema';
import type { SessionUser } from '@/server/session';
import { listWatchlists } from '@/server/watchlists';

import { createTestRun } from '../fixtures/test-run';

// Auth.js does not load outside Next, so the session is mocked (see watchlists.test.ts); the 401 path is real.
const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('@/server/session', () => ({ getSessionUser: async () => session.user }));

const { makeUser } = createTestRun();

const getSurvey = async () => {
  const response = await surveyGET(new Request('http://localhost/api/user/survey'));
  return { status: response.status, body: (await response.json()) as unknown };
};

async function upload(body: unknown, contentType = 'application/json') {
  const response = await uploadPOST(
    new Request('http://localhost/api/user/survey/upload', { method: 'POST', headers: { 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
  expect(response.status).toBeLessThan(500);
  return { status: response.status, body: (await response.json()) as { error?: string; ok?: boolean } };
}

async function totals() {
  const db = await getDb();
  const [{ replies }] = await db.select({ replies: sql<number>`count(*)::int` }).from(surveyResponses);
  const [{ lists }] = await db.select({ lists: sql<number>`count(*)::int` }).from(watchlists);
  const [{ items }] = await db.select({ items: sql<number>`count(*)::int` }).from(watchlistProjects);
  return { replies, lists, items };
}

let user: SessionUser;
beforeAll(async () => {
  user = await makeUser('survey');
});

describe('the survey routes', () => {
  it('refuse signed-out callers with 401', async () => {
    session.user = null;
    expect((await getSurvey()).status).toBe(401);
    expect((await upload({ userType: 'Institution' })).status).toBe(401);
  });

  it('answer an empty object before the survey is answered', async () => {
    session.user = await makeUser('fresh');
    expect(await getSurvey()).toEqual({ status: 200, body: {} });
  });

  it('store the reply and create the named watchlist with the chosen projects', async () => {
    session.user = user;
    const answers = { userType: 'Retail Investor', expertiseType: 'Competent', projects: ['ethereum', 'bitcoin'], watchlistName: 'Favourites' };
    expect(await upload(answers)).toEqual({ status: 200, body: { ok: true } });
    expect(await getSurvey()).toEqual({ status: 200, body: answers });
    const lists = await listWatchlists(user.id);
    expect(lists.map(({ name, projects }) => ({ name, projects }))).toEqual([{ name: 'Favourites', projects: ['ethereum', 'bitcoin'] }]);
  });

  it('replace the reply when the survey is redone, without touching watchlists when no projects are sent', async () => {
    session.user = user;
    const before = await totals();
    expect((await upload({ userType: 'Institution', institutionType: 'Blockchain Security' })).status).toBe(200);
    expect((await getSurvey()).body).toEqual({ userType: 'Institution', institutionType: 'Blockchain Security' });
    expect(await totals()).toEqual(before);
  });

  it('refuse bad input with a 4xx and store nothing', async () => {
    const someone = await makeUser('bad');
    session.user = someone;
    const before = await totals();
    const bad: [unknown, number][] = [
      [{ userType: 'Whale' }, 400],
      [{ userType: 'Institution', institutionType: 'Bank' }, 400],
      [{ userType: 'Retail Investor', expertiseType: 'Guru' }, 400],
      [{ userType: 'Retail Investor', institutionType: 'Exchange' }, 400],
      [{ projects: ['no-such-project-here'], watchlistName: 'Mine' }, 400],
      [{ projects: ['ethereum'], watchlistName: 'x'.repeat(21) }, 400],
      [{ projects: ['ethereum'], watchlistName: '   ' }, 400],
      [{ projects: ['ethereum'] }, 400],
      [{ projects: 'ethereum', watchlistName: 'Mine' }, 400],
      [{ projects: ['ethereum', 'ethereum'], watchlistName: 'Mine' }, 400],
      [{ isAdmin: true }, 400],
      ['not json', 400],
      [[], 400],
    ];
    for (const [body, status] of bad) {
      const reply = await upload(body);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.body.error).toBeTruthy();
    }
    expect((await upload({ userType: 'Institution' }, 'text/plain')).status).toBe(400);
    expect((await upload({ userType: 'Institution', padding: 'x'.repeat(70_000) })).status).toBe(413);
    expect(await totals()).toEqual(before);
    expect(await getSurvey()).toEqual({ status: 200, body: {} });
  });

  it('refuse a watchlist name the user already uses with 409 and store no reply', async () => {
    const someone = await makeUser('dup');
    session.user = someone;
    expect((await upload({ projects: ['ethereum'], watchlistName: 'Same' })).status).toBe(200);
    const db = await getDb();
    await db.delete(surveyResponses).where(eq(surveyResponses.userId, someone.id));
    const before = await totals();
    const reply = await upload({ userType: 'Institution', projects: ['bitcoin'], watchlistName: 'Same' });
    expect(reply).toEqual({ status: 409, body: { error: 'The name is already used' } });
    expect(await totals()).toEqual(before);
    expect((await getSurvey()).body).toEqual({});
  });
});
