import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { GET as yesPercentageGET } from '@/app/api/projects/average-yes-percentage/route';
import { POST as pageViewPOST } from '@/app/api/projects/page-view/route';
import { GET as voteGET, POST as votePOST } from '@/app/api/projects/vote/route';
import { VISITOR_COOKIE } from '@/lib/constants';
import { UserFacingError } from '@/lib/errors';
import { incidentReportSchema } from '@/lib/schemas/projects';
import { getDb } from '@/server/db/client';
import { incidentReports, pageViews, projects, votes } from '@/server/db/schema';
import { reportIncident } from '@/server/incidents';
import { recordPageView } from '@/server/page-views';
import { castVote, getSiteYesPercentage, getVoteSummary } from '@/server/votes';

import { callRoute, jsonPost, type RouteHandler } from '../fixtures/route-scope';
import { createTestRun } from '../fixtures/test-run';

// The route handlers run in a request scope of our own (tests/fixtures/route-scope.ts), with nobody signed in. The
// one-vote rule itself is tested on server/votes.ts directly.
vi.mock('next/headers', async () => (await import('../fixtures/route-scope')).nextHeaders);
vi.mock('@/server/session', () => ({ getSessionUser: async () => null }));

const post = (handler: RouteHandler, path: string, body: string, options: { cookie?: string; contentType?: string } = {}) => callRoute(handler, jsonPost(path, body, options));

const vote = (body: unknown, cookie?: string) => post(votePOST, '/api/projects/vote', typeof body === 'string' ? body : JSON.stringify(body), { cookie });
const pageView = (body: unknown) => post(pageViewPOST, '/api/projects/page-view', typeof body === 'string' ? body : JSON.stringify(body));
const yesPercentage = (query = '') => callRoute(yesPercentageGET, new Request(`http://localhost/api/projects/average-yes-percentage${query}`));

const voteState = (query: string, cookie?: string) =>
  callRoute(voteGET, new Request(`http://localhost/api/projects/vote${query}`, { headers: cookie ? { cookie } : {} }));

const testRun = createTestRun();
const { nextIp } = testRun;
const nextVoter = () => `visitor:${randomUUID()}`;
/** A new visitor (a cookie id) on a new address. */
const nextViewer = () => ({ visitorId: randomUUID(), ip: nextIp() });

const today = () => new Date().toISOString().slice(0, 10);

/** Best-ranked seeded project ids, handed out so that each test counts on a project of its own. */
let spareProjects: string[] = [];
const takeProject = () => {
  const id = spareProjects.shift();
  if (!id) throw new Error('out of seeded projects');
  return id;
};

beforeAll(async () => {
  const db = await getDb();
  const rows = await db.select({ id: projects.id }).from(projects).orderBy(sql`${projects.rank} asc nulls last`, asc(projects.name)).limit(200);
  // bitcoin and ethereum are left for the tests that name them.
  spareProjects = rows.map((row) => row.id).filter((id) => id !== 'bitcoin' && id !== 'ethereum');
});

afterAll(() => testRun.cleanUp());

async function counts() {
  const db = await getDb();
  const count = async (table: typeof votes | typeof pageViews | typeof incidentReports | typeof projects) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  const [{ views }] = await db.select({ views: sql<number>`coalesce(sum(${pageViews.views}), 0)::int` }).from(pageViews);
  return { votes: await count(votes), pageViewRows: await count(pageViews), views, incidents: await count(incidentReports), projects: await count(projects) };
}

async function voteRows(projectId: string) {
  const db = await getDb();
  return db.select().from(votes).where(eq(votes.projectId, projectId));
}

async function viewRows(projectId: string) {
  const db = await getDb();
  return db.select().from(pageViews).where(eq(pageViews.projectId, projectId));
}

/** The rejection of a promise, failing the test when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('votes (server/votes.ts)', () => {
  it('has no site average before any vote', async () => {
    expect((await counts()).votes).toBe(0);
    expect(await getSiteYesPercentage()).toBeNull();
  });

  it('counts one vote per voter per project; voting again changes it', async () => {
    const project = takeProject();
    const voter = nextVoter();
    expect(await castVote(project, voter, true, nextIp())).toEqual({ yes: 1, no: 0, total: 1, yesPercentage: 100, yourVote: true });
    expect(await castVote(project, voter, true, nextIp())).toMatchObject({ total: 1, yesPercentage: 100, yourVote: true });
    expect(await castVote(project, voter, false, nextIp())).toEqual({ yes: 0, no: 1, total: 1, yesPercentage: 0, yourVote: false });
    const rows = await voteRows(project);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ voterKey: voter, vote: false });
  });

  it('keeps exactly one row when one voter votes 10 times in parallel', async () => {
    const project = takeProject();
    const voter = nextVoter();
    const values = Array.from({ length: 10 }, (_, index) => index % 3 === 0);
    const summaries = await Promise.all(values.map((value) => castVote(project, voter, value, nextIp())));
    for (const summary of summaries) expect(summary.total).toBe(1);
    const rows = await voteRows(project);
    expect(rows).toHaveLength(1);
    expect(values).toContain(rows[0].vote);
    expect(await getVoteSummary(project, voter)).toMatchObject({ total: 1, yourVote: rows[0].vote });
  });

  it('counts 10 voters voting in parallel as 10 votes', async () => {
    const project = takeProject();
    const values = Array.from({ length: 10 }, (_, index) => index < 7);
    await Promise.all(values.map((value) => castVote(project, nextVoter(), value, nextIp())));
    expect(await voteRows(project)).toHaveLength(10);
    expect(await getVoteSummary(project)).toEqual({ yes: 7, no: 3, total: 10, yesPercentage: 70, yourVote: null });
  });

  it('rounds the percentage to one decimal and tells each voter their own vote', async () => {
    const project = takeProject();
    const [a, b, c] = [nextVoter(), nextVoter(), nextVoter()];
    await castVote(project, a, true, nextIp());
    await castVote(project, b, true, nextIp());
    await castVote(project, c, false, nextIp());
    expect(await getVoteSummary(project, a)).toEqual({ yes: 2, no: 1, total: 3, yesPercentage: 66.7, yourVote: true });
    expect((await getVoteSummary(project, c)).yourVote).toBe(false);
    expect((await getVoteSummary(project, nextVoter())).yourVote).toBeNull();
  });

  it('gives the site-wide share of yes over every vote', async () => {
    const db = await getDb();
    const [row] = await db.select({ yes: sql<number>`count(*) filter (where ${votes.vote})::int`, total: sql<number>`count(*)::int` }).from(votes);
    expect(row.total).toBeGreaterThan(0);
    expect(await getSiteYesPercentage()).toBe(Math.round((row.yes / row.total) * 1000) / 10);
  });

  it('refuses an unknown or malformed project with a 404 and stores nothing', async () => {
    const before = await counts();
    for (const id of ['no-such-project', 'Bitcoin', "bitcoin'; drop table votes; --", '', 'x'.repeat(5000)]) {
      const error = await rejection(castVote(id, nextVoter(), true, nextIp()));
      expect(error).toBeInstanceOf(UserFacingError);
      expect(error).toMatchObject({ status: 404 });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('page views (server/page-views.ts)', () => {
  it('counts 5 parallel views by 5 visitors as one row of 5 for today', async () => {
    const project = takeProject();
    await Promise.all(Array.from({ length: 5 }, () => recordPageView(project, nextViewer())));
    const rows = await viewRows(project);
    expect(rows).toEqual([{ projectId: project, day: today(), views: 5 }]);
  });

  it('keeps one row per project per day', async () => {
    const project = takeProject();
    const yesterday = new Date(Date.now() - 86_400_000);
    await recordPageView(project, nextViewer());
    await recordPageView(project, nextViewer(), yesterday);
    await recordPageView(project, nextViewer(), yesterday);
    const rows = (await viewRows(project)).sort((a, b) => a.day.localeCompare(b.day));
    expect(rows).toEqual([
      { projectId: project, day: yesterday.toISOString().slice(0, 10), views: 2 },
      { projectId: project, day: today(), views: 1 },
    ]);
  });

  it('counts by the UTC day', async () => {
    const project = takeProject();
    await recordPageView(project, nextViewer(), new Date('2030-01-01T23:59:59.999Z'));
    await recordPageView(project, nextViewer(), new Date('2030-01-02T00:00:00.000Z'));
    expect((await viewRows(project)).map((row) => row.day).sort()).toEqual(['2030-01-01', '2030-01-02']);
  });

  it('refuses an unknown project with a 404 and stores nothing', async () => {
    const before = await counts();
    for (const id of ['no-such-project', 'BITCOIN', "'; drop table page_views; --"]) {
      const error = await rejection(recordPageView(id, nextViewer()));
      expect(error).toBeInstanceOf(UserFacingError);
      expect(error).toMatchObject({ status: 404 });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/projects/vote (the visitor\'s own vote, read by the cached project page)', () => {
  it('answers the counts and the asking visitor\'s vote, and null for another visitor, setting no cookie', async () => {
    const project = takeProject();
    const first = await vote({ id: project, vote: false });
    const cookie = `${VISITOR_COOKIE}=${first.cookies[0].value}`;
    const mine = await voteState(`?id=${project}`, cookie);
    expect(mine).toMatchObject({ status: 200, body: { yes: 0, no: 1, total: 1, yesPercentage: 0, yourVote: false }, cookies: [] });
    const stranger = await voteState(`?id=${project}`);
    expect(stranger).toMatchObject({ status: 200, body: { total: 1, yourVote: null }, cookies: [] });
  });

  it.each([['no id', ''], ['an upper-case id', '?id=Bitcoin'], ['an id with SQL characters', `?id=${encodeURIComponent("x'; --")}`]])(
    'answers 400 for %s',
    async (_label, query) => {
      const reply = await voteState(query);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: expect.any(String) });
    },
  );

  it('answers 404 for an unknown project', async () => {
    expect(await voteState('?id=no-such-project')).toMatchObject({ status: 404, body: { error: expect.any(String) } });
  });
});

describe('POST /api/projects/vote', () => {
  const badBodies: [string, string][] = [
    ['a missing id', JSON.stringify({ vote: true })],
    ['a missing vote', JSON.stringify({ id: 'bitcoin' })],
    ["vote 'yes'", JSON.stringify({ id: 'bitcoin', vote: 'yes' })],
    ['vote 1', JSON.stringify({ id: 'bitcoin', vote: 1 })],
    ['vote null', JSON.stringify({ id: 'bitcoin', vote: null })],
    ['an unknown field', JSON.stringify({ id: 'bitcoin', vote: true, weight: 100 })],
    ['a numeric id', JSON.stringify({ id: 1, vote: true })],
    ['an id with SQL characters', JSON.stringify({ id: "bitcoin'; drop table votes; --", vote: true })],
    ['an id with a LIKE pattern', JSON.stringify({ id: '%', vote: true })],
    ['an upper-case id', JSON.stringify({ id: 'Bitcoin', vote: true })],
    ['an empty id', JSON.stringify({ id: '', vote: true })],
    ['a 5000-character id', JSON.stringify({ id: 'a'.repeat(5000), vote: true })],
    ['an emoji id', JSON.stringify({ id: '🚀', vote: true })],
    ['non-JSON', 'id=bitcoin&vote=true'],
    ['truncated JSON', '{"id":"bitcoin","vote":tr'],
    ['an empty body', ''],
    ['a JSON array', JSON.stringify([{ id: 'bitcoin', vote: true }])],
    ['JSON null', 'null'],
    ['a JSON string', '"bitcoin"'],
  ];

  it.each(badBodies)('answers 400 with an error for %s and stores nothing', async (_label, body) => {
    const before = await counts();
    const reply = await vote(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: expect.any(String) });
    expect((reply.body.error as string).length).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a body that is not sent as JSON', async () => {
    const reply = await post(votePOST, '/api/projects/vote', JSON.stringify({ id: 'bitcoin', vote: true }), { contentType: 'text/plain' });
    expect(reply.status).toBe(400);
  });

  it('answers 404 for an unknown project and stores nothing', async () => {
    const before = await counts();
    const reply = await vote({ id: 'no-such-project', vote: true });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: expect.any(String) });
    expect(await counts()).toEqual(before);
  });

  it('answers 200 with the yes percentage and sets a visitor cookie', async () => {
    const project = takeProject();
    const reply = await vote({ id: project, vote: true });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ yes: 1, no: 0, total: 1, yesPercentage: 100, yourVote: true });
    const cookie = reply.cookies.find((written) => written.name === VISITOR_COOKIE);
    expect(cookie?.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(cookie?.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
    expect(cookie?.options.maxAge).toBeGreaterThanOrEqual(60 * 60 * 24 * 30);
    expect(await voteRows(project)).toEqual([expect.objectContaining({ voterKey: `visitor:${cookie!.value}`, vote: true })]);
  });

  it('lets the visitor with the cookie change their one vote', async () => {
    const project = takeProject();
    const first = await vote({ id: project, vote: true });
    const cookie = `${VISITOR_COOKIE}=${first.cookies[0].value}`;
    const second = await vote({ id: project, vote: false }, cookie);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ total: 1, yesPercentage: 0, yourVote: false });
    // The known visitor keeps their id.
    expect(second.cookies).toEqual([]);
    const third = await vote({ id: project, vote: false }, cookie);
    expect(third.body).toMatchObject({ total: 1, yesPercentage: 0 });
    expect(await voteRows(project)).toHaveLength(1);
  });

  it('keeps one vote per visitor under parallel requests', async () => {
    const project = takeProject();
    const cookie = `${VISITOR_COOKIE}=${randomUUID()}`;
    const replies = await Promise.all(Array.from({ length: 10 }, (_, index) => vote({ id: project, vote: index % 2 === 0 }, cookie)));
    for (const reply of replies) expect(reply.status).toBe(200);
    expect(await voteRows(project)).toHaveLength(1);
  });

  it('treats a forged visitor cookie as a new visitor', async () => {
    const project = takeProject();
    const reply = await vote({ id: project, vote: true }, `${VISITOR_COOKIE}=${encodeURIComponent("x'; drop table votes; --")}`);
    expect(reply.status).toBe(200);
    expect(reply.cookies.find((written) => written.name === VISITOR_COOKIE)?.value).toMatch(/^[0-9a-f-]{36}$/);
    expect((await voteRows(project))[0].voterKey).toMatch(/^visitor:[0-9a-f-]{36}$/);
  });
});

describe('GET /api/projects/average-yes-percentage', () => {
  it('answers the site-wide share without ?id= and sets no cookie', async () => {
    const reply = await yesPercentage();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ yesPercentage: await getSiteYesPercentage() });
    expect(reply.cookies).toEqual([]);
  });

  it("answers one project's share with ?id=", async () => {
    const project = takeProject();
    await castVote(project, nextVoter(), true, nextIp());
    await castVote(project, nextVoter(), false, nextIp());
    await castVote(project, nextVoter(), false, nextIp());
    await castVote(project, nextVoter(), false, nextIp());
    const reply = await yesPercentage(`?id=${project}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: project, yesPercentage: 25, votes: 4 });
    expect(reply.cookies).toEqual([]);
  });

  it('answers null for a project without votes', async () => {
    const project = takeProject();
    expect((await yesPercentage(`?id=${project}`)).body).toEqual({ id: project, yesPercentage: null, votes: 0 });
  });

  it('answers 404 for an unknown project', async () => {
    const reply = await yesPercentage('?id=no-such-project');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: expect.any(String) });
  });

  it.each([
    ['an upper-case id', '?id=Bitcoin'],
    ['SQL characters', `?id=${encodeURIComponent("bitcoin' or '1'='1")}`],
    ['a LIKE pattern', '?id=%25'],
    ['an empty id', '?id='],
    ['a 5000-character id', `?id=${'a'.repeat(5000)}`],
    ['an emoji', `?id=${encodeURIComponent('🚀')}`],
  ])('answers 400 for %s', async (_label, query) => {
    const before = await counts();
    const reply = await yesPercentage(query);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: expect.any(String) });
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/projects/page-view', () => {
  it.each([
    ['a missing projectId', JSON.stringify({})],
    ['the id under "id"', JSON.stringify({ id: 'bitcoin' })],
    ['an unknown field', JSON.stringify({ projectId: 'bitcoin', views: 1000 })],
    ['a numeric projectId', JSON.stringify({ projectId: 7 })],
    ['SQL characters', JSON.stringify({ projectId: "bitcoin'); delete from page_views; --" })],
    ['a 5000-character projectId', JSON.stringify({ projectId: 'a'.repeat(5000) })],
    ['non-JSON', 'projectId=bitcoin'],
    ['an empty body', ''],
    ['JSON null', 'null'],
  ])('answers 400 for %s and counts nothing', async (_label, body) => {
    const before = await counts();
    const reply = await pageView(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: expect.any(String) });
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for an unknown project and counts nothing', async () => {
    const before = await counts();
    const reply = await pageView({ projectId: 'no-such-project' });
    expect(reply.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('answers 200 and counts the view for today, once for the same cookie-less visitor', async () => {
    const project = takeProject();
    expect(await pageView({ projectId: project })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await pageView({ projectId: project })).toMatchObject({ status: 200 });
    expect(await viewRows(project)).toEqual([{ projectId: project, day: today(), views: 1 }]);
  });
});

describe('incident reports', () => {
  const description = 'The bridge contract was drained through a forged withdrawal proof.';

  const report = (overrides: Record<string, unknown> = {}) => incidentReportSchema.parse({ projectId: 'ethereum', description, ...overrides });

  it('stores a valid report for staff review', async () => {
    const reporterKey = nextVoter();
    const { id } = await reportIncident(report({ links: ['https://example.com/tx/0xabc'], contact: ' analyst@example.com ' }), { key: reporterKey, ip: nextIp() });
    const db = await getDb();
    const [row] = await db.select().from(incidentReports).where(eq(incidentReports.id, id));
    expect(row).toMatchObject({
      projectId: 'ethereum',
      description,
      links: ['https://example.com/tx/0xabc'],
      contact: 'analyst@example.com',
      status: 'new',
      reporterKey,
    });
  });

  it('stores an empty contact as none', async () => {
    const { id } = await reportIncident(report({ contact: '' }), { key: nextVoter(), ip: nextIp() });
    const db = await getDb();
    const [row] = await db.select().from(incidentReports).where(eq(incidentReports.id, id));
    expect(row).toMatchObject({ contact: null, links: [] });
  });

  it('refuses an unknown project with a 404 and stores nothing', async () => {
    const before = await counts();
    const error = await rejection(reportIncident(report({ projectId: 'no-such-project' }), { key: nextVoter(), ip: nextIp() }));
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({ status: 404 });
    expect(await counts()).toEqual(before);
  });

  it('takes at most 10 reports an hour from one address (the 11th gets 429)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await reportIncident(report(), { key: nextVoter(), ip });
    const before = await counts();
    const error = await rejection(reportIncident(report(), { key: nextVoter(), ip }));
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toMatchObject({ status: 429 });
    expect(await counts()).toEqual(before);
    // Another address is not affected.
    await expect(reportIncident(report(), { key: nextVoter(), ip: nextIp() })).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('counts emoji as characters like the database does (10 refused, 20 stored)', async () => {
    expect(incidentReportSchema.safeParse({ projectId: 'ethereum', description: '🚨'.repeat(10) }).success).toBe(false);
    const parsed = incidentReportSchema.parse({ projectId: 'ethereum', description: '🚨'.repeat(20) });
    await expect(reportIncident(parsed, { key: nextVoter(), ip: nextIp() })).resolves.toMatchObject({ id: expect.any(String) });
  });
});

describe('incidentReportSchema', () => {
  const valid = { projectId: 'bitcoin', description: 'A phishing site copies the official wallet page.' };
  const messages = (input: Record<string, unknown>) => {
    const result = incidentReportSchema.safeParse({ ...valid, ...input });
    expect(result.success).toBe(false);
    return result.error!.issues.map((issue) => issue.message);
  };

  it('accepts a valid report and fills the defaults', () => {
    expect(incidentReportSchema.parse(valid)).toEqual({ ...valid, links: [], contact: null });
    expect(incidentReportSchema.parse({ ...valid, links: Array.from({ length: 5 }, (_, i) => `https://example.com/${i}`) }).links).toHaveLength(5);
    expect(incidentReportSchema.parse({ ...valid, links: ['http://example.com', 'HTTPS://EXAMPLE.COM/a?b=c#d'] }).links).toHaveLength(2);
  });

  it('refuses a short description, counting it trimmed', () => {
    expect(messages({ description: 'Too short.' })).toEqual(['Describe the incident in at least 20 characters.']);
    expect(messages({ description: `   ${'x'.repeat(19)}          ` })).toEqual(['Describe the incident in at least 20 characters.']);
    expect(messages({ description: '' })).toEqual(['Describe the incident in at least 20 characters.']);
    expect(incidentReportSchema.safeParse({ ...valid, description: 'x'.repeat(20) }).success).toBe(true);
  });

  it('refuses a description over 5000 characters', () => {
    expect(messages({ description: 'x'.repeat(5001) })).toEqual(['The description cannot exceed 5000 characters.']);
  });

  it('refuses more than 5 links', () => {
    expect(messages({ links: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`) })).toEqual(['Add at most 5 links.']);
  });

  it.each(['ftp://example.com/file', 'javascript:alert(1)', 'example.com', 'www.example.com', 'http://', 'https:// example.com', 'data:text/html,<b>x</b>', '//example.com'])(
    'refuses the non-http link %s',
    (link) => {
      expect(messages({ links: [link] })).toEqual(['Links must be full http(s) URLs.']);
    },
  );

  it('refuses a link over 500 characters', () => {
    expect(messages({ links: [`https://example.com/${'a'.repeat(500)}`] })).toContain('A link cannot exceed 500 characters.');
  });

  it('refuses a malformed project id and wrong types', () => {
    expect(incidentReportSchema.safeParse({ ...valid, projectId: "bitcoin'; --" }).success).toBe(false);
    expect(incidentReportSchema.safeParse({ ...valid, projectId: 'a'.repeat(5000) }).success).toBe(false);
    expect(incidentReportSchema.safeParse({ ...valid, projectId: '' }).success).toBe(false);
    expect(incidentReportSchema.safeParse({ ...valid, links: 'https://example.com' }).success).toBe(false);
    expect(incidentReportSchema.safeParse({ ...valid, description: 42 }).success).toBe(false);
    expect(messages({ contact: 'c'.repeat(255) })).toEqual(['Contact cannot exceed 254 characters.']);
  });
});
