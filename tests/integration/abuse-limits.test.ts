import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQuoteRequestAction } from '@/actions/quotes/create-quote-request';
import { GET as authGET, POST as authPOST } from '@/app/api/auth/[...nextauth]/route';
import { POST as logPOST } from '@/app/api/auth/%5Flog/route';
import { POST as forgotPOST } from '@/app/api/auth/forgot-password/route';
import { POST as signupPOST } from '@/app/api/auth/signup/route';
import { POST as pageViewPOST } from '@/app/api/projects/page-view/route';
import { POST as votePOST } from '@/app/api/projects/vote/route';
import { quoteRequestSchema, type QuoteRequestInput } from '@/lib/schemas/quote';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '@/server/auth/passwords';
import { authenticate } from '@/server/auth/pool';
import { getDb } from '@/server/db/client';
import { mailOutbox, pageViewVisitors, quoteRequests, users, votes } from '@/server/db/schema';
import { createQuoteRequest } from '@/server/quotes';
import { getRateLimits, LIMITS, MAX_LOGIN_DELAY_MS, SITE_KEY, type LimitName } from '@/server/rate-limit';

import { refusal } from '../fixtures/refusal';
import { callRoute, inRequestScope, jsonPost, type RouteHandler } from '../fixtures/route-scope';
import { lowRankedProjects, viewsOf } from '../fixtures/project-counts';
import { createTestRun } from '../fixtures/test-run';

// Every password check is counted: the login throttle must stop a try before the hash, not after it.
vi.mock('@/server/auth/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/auth/passwords')>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword), verifyAgainstDummy: vi.fn(actual.verifyAgainstDummy) };
});

// Route handlers run in a request scope of our own (tests/fixtures/route-scope.ts).
vi.mock('next/headers', async () => (await import('../fixtures/route-scope')).nextHeaders);
vi.mock('@/server/session', () => ({ getSessionUser: async () => null }));

const testRun = createTestRun();
const { nextIp, nextEmail } = testRun;
afterAll(() => testRun.cleanUp());

const PASSWORD = 'correct-horse-1';

/** POSTs JSON to a route handler from a client address, with an optional visitor cookie; never a server error. */
function post(handler: RouteHandler, path: string, body: unknown, options: { ip: string; visitor?: string }) {
  return callRoute(handler, jsonPost(path, body, options));
}

/** Spends all but `left` points of a budget directly, so a test needs only a few real requests to reach its end. */
async function spendAllBut(name: LimitName, key: string, left: number) {
  const limits = getRateLimits();
  for (let i = 0; i < LIMITS[name].points - left; i++) await limits.consume(name, key);
}

/** A 429 with a Retry-After of whole seconds no longer than the window. */
function expectRefusal(reply: { status: number; retryAfter: string | null }, name: LimitName) {
  expect(reply.status).toBe(429);
  expect(reply.retryAfter).toMatch(/^\d+$/);
  expect(Number(reply.retryAfter)).toBeGreaterThan(0);
  expect(Number(reply.retryAfter)).toBeLessThanOrEqual(LIMITS[name].duration);
}

async function count(table: typeof votes | typeof pageViewVisitors | typeof quoteRequests | typeof users | typeof mailOutbox) {
  const db = await getDb();
  return (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
}

/** Low-ranked seeded projects, one per test (a slice of its own: tests/fixtures/project-counts.ts). */
let spareProjects: string[] = [];
const takeProject = () => spareProjects.shift()!;
beforeAll(async () => {
  spareProjects = await lowRankedProjects(0, 40);
});


describe('login throttle', () => {
  const passwordChecks = () => vi.mocked(verifyPassword).mock.calls.length + vi.mocked(verifyAgainstDummy).mock.calls.length;
  beforeEach(() => {
    vi.mocked(verifyPassword).mockClear();
    vi.mocked(verifyAgainstDummy).mockClear();
  });

  it('lets 100 parallel wrong passwords for one email from one address reach the hash at most the budget’s number of times', async () => {
    const user = await testRun.makeUser('parallel', await hashPassword(PASSWORD));
    const ip = nextIp();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => refusal(authenticate({ email: user.email, password: `wrong-${i}`, ip }))));
    const budget = LIMITS['login-failure-email-ip'].points;
    expect(passwordChecks()).toBeLessThanOrEqual(budget);
    expect(answers.filter((answer) => answer === 'NotAuthorizedException')).toHaveLength(passwordChecks());
    expect(answers.filter((answer) => answer === 'LimitExceededException')).toHaveLength(100 - passwordChecks());
    // The right password from there is refused too, without a hash: the hard stop holds.
    const before = passwordChecks();
    expect(await refusal(authenticate({ email: user.email, password: PASSWORD, ip }))).toBe('LimitExceededException');
    expect(passwordChecks()).toBe(before);
  });

  it('lets 100 parallel wrong passwords from one address for many emails reach the hash at most the address budget’s number of times', async () => {
    const ip = nextIp();
    await Promise.all(Array.from({ length: 120 }, () => authenticate({ email: nextEmail('spray'), password: 'wrong-password-1', ip }).catch(() => null)));
    expect(passwordChecks()).toBeLessThanOrEqual(LIMITS['login-failure-ip'].points);
    expect(await refusal(authenticate({ email: nextEmail('spray'), password: 'wrong-password-1', ip }))).toBe('LimitExceededException');
  });

  it('a stranger’s wrong passwords slow the owner down but never stop them signing in from their own address', async () => {
    const user = await testRun.makeUser('owner', await hashPassword(PASSWORD));
    const stranger = [nextIp(), nextIp(), nextIp()];
    // The stranger spends every try their addresses allow, 30 at once from each.
    await Promise.all(stranger.flatMap((ip) => Array.from({ length: 30 }, (_, i) => authenticate({ email: user.email, password: `guess-${i}`, ip }).catch(() => null))));
    expect(await refusal(authenticate({ email: user.email, password: PASSWORD, ip: stranger[0] }))).toBe('LimitExceededException');

    const started = performance.now();
    const signedIn = await authenticate({ email: user.email, password: PASSWORD, ip: nextIp() });
    const waited = performance.now() - started;
    expect(signedIn.email).toBe(user.email);
    // Slowed (the email has many recent failures), but by a few seconds at most.
    expect(waited).toBeGreaterThanOrEqual(MAX_LOGIN_DELAY_MS * 0.9);
    expect(waited).toBeLessThan(MAX_LOGIN_DELAY_MS + 2000);

    // Signing in cleared the email's delay: the next sign-in is prompt.
    const again = performance.now();
    await authenticate({ email: user.email, password: PASSWORD, ip: nextIp() });
    expect(performance.now() - again).toBeLessThan(MAX_LOGIN_DELAY_MS * 0.5);
  });

  it('gives the points back on success: an owner signing in 30 times from one address is never refused', async () => {
    const user = await testRun.makeUser('frequent', await hashPassword(PASSWORD));
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await authenticate({ email: user.email, password: PASSWORD, ip })).id).toBe(user.id);
  });
});

describe('login through Auth.js (POST /api/auth/callback/credentials)', () => {
  const SITE = 'http://localhost:3000';

  /** Signs in with a password from a client address; answers where Auth.js sends the browser. */
  async function signIn(email: string, password: string, ip: string): Promise<URL> {
    const csrf = await authGET(new NextRequest(`${SITE}/api/auth/csrf`, { headers: { 'x-forwarded-for': ip } }));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const response = await authPOST(
      new NextRequest(`${SITE}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-forwarded-for': ip },
        body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/' }).toString(),
      }),
    );
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!, SITE);
  }

  it('a stranger past their budget gets LimitExceededException as the code; the owner signs in from elsewhere', async () => {
    const user = await testRun.makeUser('auth-js', await hashPassword(PASSWORD));
    const stranger = nextIp();
    await Promise.all(Array.from({ length: 15 }, (_, i) => authenticate({ email: user.email, password: `guess-${i}`, ip: stranger }).catch(() => null)));
    expect((await signIn(user.email, PASSWORD, stranger)).searchParams.get('code')).toBe('LimitExceededException');
    const owner = await signIn(user.email, PASSWORD, nextIp());
    expect(owner.searchParams.get('error')).toBeNull();
    expect(owner.href).toBe(`${SITE}/`);
  });
});

describe('whole-site budgets on sign-up and forgot-password', () => {
  it('refuses sign-up from any address with 429 and Retry-After once the site budget is spent, storing and mailing nothing', async () => {
    const limits = getRateLimits();
    await spendAllBut('signup-global', SITE_KEY, 1);
    expect((await post(signupPOST, '/api/auth/signup', { email: nextEmail('last'), password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
    const before = { users: await count(users), mails: await count(mailOutbox) };
    for (let i = 0; i < 3; i++) {
      const reply = await post(signupPOST, '/api/auth/signup', { email: nextEmail('global'), password: PASSWORD }, { ip: nextIp() });
      expectRefusal(reply, 'signup-global');
      expect(reply.body).toEqual({ error: 'LimitExceededException' });
    }
    expect({ users: await count(users), mails: await count(mailOutbox) }).toEqual(before);
    await limits.reset('signup-global', SITE_KEY);
    expect((await post(signupPOST, '/api/auth/signup', { email: nextEmail('after'), password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
  });

  it('refuses forgot-password from any address with 429 and Retry-After once the site budget is spent, mailing nothing', async () => {
    const user = await testRun.makeUser('forgetful');
    await spendAllBut('forgot-global', SITE_KEY, 0);
    const before = await count(mailOutbox);
    const reply = await post(forgotPOST, '/api/auth/forgot-password', { email: user.email }, { ip: nextIp() });
    expectRefusal(reply, 'forgot-global');
    expect(reply.body).toEqual({ error: 'LimitExceededException' });
    expect(await count(mailOutbox)).toBe(before);
    await getRateLimits().reset('forgot-global', SITE_KEY);
  });
});

describe('anonymous writes are limited per address', () => {
  it('votes: past the budget a 429 with Retry-After, and nothing stored, even with a new cookie-less voter each time', async () => {
    const ip = nextIp();
    await spendAllBut('vote-ip', ip, 2);
    for (let i = 0; i < 2; i++) expect((await post(votePOST, '/api/projects/vote', { id: takeProject(), vote: true }, { ip })).status).toBe(200);
    const before = await count(votes);
    const reply = await post(votePOST, '/api/projects/vote', { id: takeProject(), vote: true }, { ip });
    expectRefusal(reply, 'vote-ip');
    expect(reply.body).toEqual({ error: expect.stringMatching(/too many votes/i) });
    expect(await count(votes)).toBe(before);
    // Another address still votes.
    expect((await post(votePOST, '/api/projects/vote', { id: takeProject(), vote: false }, { ip: nextIp() })).status).toBe(200);
  });

  it('page views: past the budget a 429 with Retry-After, and nothing counted', async () => {
    const ip = nextIp();
    const project = takeProject();
    await spendAllBut('page-view-ip', ip, 1);
    expect((await post(pageViewPOST, '/api/projects/page-view', { projectId: project }, { ip, visitor: randomUUID() })).status).toBe(200);
    const before = { views: await viewsOf(project), visitors: await count(pageViewVisitors) };
    const reply = await post(pageViewPOST, '/api/projects/page-view', { projectId: project }, { ip, visitor: randomUUID() });
    expectRefusal(reply, 'page-view-ip');
    expect({ views: await viewsOf(project), visitors: await count(pageViewVisitors) }).toEqual(before);
  });

  it('quote requests: past the budget the action says so and stores nothing; the server function refuses with 429', async () => {
    const ip = nextIp();
    const input: QuoteRequestInput = { name: 'Ada', email: 'ada@example.com', company: 'Engines', website: '', services: ['security-audit'], message: 'Please audit our lending protocol.' };
    await spendAllBut('quote-ip', ip, 1);
    const headers = new Headers({ 'x-forwarded-for': ip });
    const first = await inRequestScope(headers, () => createQuoteRequestAction(input));
    expect(first.data?.id).toEqual(expect.any(String));
    const before = await count(quoteRequests);
    const refused = await inRequestScope(headers, () => createQuoteRequestAction(input));
    expect(refused.data).toBeUndefined();
    expect(refused.serverError).toMatch(/too many quote requests/i);
    await expect(createQuoteRequest(quoteRequestSchema.parse(input), { ip })).rejects.toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    expect(await count(quoteRequests)).toBe(before);
  });

  it('the auth log beacon: past the budget a 429 with Retry-After', async () => {
    const ip = nextIp();
    await spendAllBut('client-log-ip', ip, 1);
    expect((await post(logPOST, '/api/auth/_log', { level: 'warn', code: 'TEST', message: 'one' }, { ip })).status).toBe(200);
    const reply = await post(logPOST, '/api/auth/_log', { level: 'warn', code: 'TEST', message: 'two' }, { ip });
    expectRefusal(reply, 'client-log-ip');
    expect(reply.body).toEqual({ error: expect.any(String) });
  });
});
