import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { GET as authGET, POST as authPOST } from '@/app/api/auth/[...nextauth]/route';
import { POST as logPOST } from '@/app/api/auth/%5Flog/route';
import { POST as signupPOST } from '@/app/api/auth/signup/route';
import { POST as votePOST } from '@/app/api/projects/vote/route';
import { POST as surveyPOST } from '@/app/api/user/survey/upload/route';
import { POST as walletsPOST } from '@/app/api/user/wallets/route';
import { POST as createPOST } from '@/app/api/watchlist/create/route';
import { GET as securityTxtGET } from '@/app/.well-known/security.txt/route';
import { safeCallbackPath } from '@/lib/callback-url';
import middleware from '@/middleware';
import { hashPassword } from '@/server/auth/passwords';
import { getDb } from '@/server/db/client';
import { users, watchlists } from '@/server/db/schema';

import { createTestRun, type TestUser } from '../fixtures/test-run';

const session = vi.hoisted(() => ({ user: null as { id: string; email: string; username: string | null } | null }));
vi.mock('@/server/session', () => ({ getSessionUser: async () => session.user }));

const testRun = createTestRun();
const SITE = 'http://localhost:3000'; // SITE_URL's default in tests (PORT 3000)
const HOSTILE_CALLBACKS = ['/%5Cevil.example', '/\\evil.example', '//evil.example', '/.//evil.example', 'https://evil.example/x', 'javascript:alert(1)', 'not a url at all'];

let owner: TestUser;

beforeAll(async () => {
  owner = await testRun.makeUser('requests');
  session.user = { id: owner.id, email: owner.email, username: owner.username };
});

afterAll(() => testRun.cleanUp());

type Handler = (request: NextRequest) => Promise<Response>;

/** A request as the browser (or curl) sends it; `headers` may name Origin, Sec-Fetch-Site, Host … */
function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null } = {}): NextRequest {
  const headers = new Headers({ 'x-forwarded-for': testRun.nextIp(), ...init.headers });
  // duplex: a streamed body (undici needs it; the DOM types do not know it).
  const requestInit = { method: init.method ?? 'GET', headers, body: init.body ?? null, duplex: 'half' };
  return new NextRequest(`${SITE}${path}`, requestInit as ConstructorParameters<typeof NextRequest>[1]);
}

/** What Next does: the middleware first, and the route only when the middleware lets the request through. */
async function throughMiddleware(handler: Handler, incoming: NextRequest): Promise<Response> {
  const gate = await middleware(incoming);
  if (gate.headers.get('x-middleware-next') !== '1') return gate;
  return handler(incoming);
}

async function watchlistCount(userId = owner.id): Promise<number> {
  const db = await getDb();
  return (await db.select({ n: sql<number>`count(*)::int` }).from(watchlists).where(eq(watchlists.userId, userId)))[0].n;
}

const json = (body: unknown) => JSON.stringify(body);
let nameSerial = 0;
const newList = () => json({ name: `L${++nameSerial}-${testRun.id}`.slice(0, 20), projects: [] });

/** A body that comes in 16 kB chunks with no declared length, counting what the server pulled from it. */
function chunkedBody(totalBytes: number, chunkBytes = 16 * 1024) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= totalBytes) return controller.close();
      const size = Math.min(chunkBytes, totalBytes - counter.pulled);
      counter.pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, counter };
}

describe('a callback URL always ends on a path of this site', () => {
  it('the sign-in page keeps a same-origin path and drops every other target', () => {
    expect(safeCallbackPath('/my/settings?tab=wallets#top')).toBe('/my/settings?tab=wallets#top');
    expect(safeCallbackPath(`${SITE}/my/watchlists`, SITE)).toBe('/my/watchlists');
    // What URLSearchParams.get hands the page for `callbackUrl=/%5Cevil.example`.
    expect(safeCallbackPath(new URLSearchParams('callbackUrl=/%5Cevil.example').get('callbackUrl'), SITE)).toBe('/');
    for (const value of HOSTILE_CALLBACKS) {
      const path = safeCallbackPath(value, SITE);
      expect(path, value).toMatch(/^\/(?![/\\])/);
      expect(new URL(path, SITE).origin, value).toBe(SITE);
    }
    expect(safeCallbackPath('/%5Cevil.example', SITE)).toBe('/%5Cevil.example'); // still encoded: a path here
    expect(safeCallbackPath('//evil.example', SITE)).toBe('/');
    expect(safeCallbackPath('/.//evil.example', SITE)).toBe('/evil.example');
  });

  it("Auth.js's sign-in redirect carries only a same-origin callback, for every hostile value", async () => {
    for (const value of HOSTILE_CALLBACKS) {
      const response = await authGET(request(`/api/auth/signin?callbackUrl=${encodeURIComponent(value)}`));
      expect(response.status, value).toBe(302);
      const location = new URL(response.headers.get('location')!, SITE);
      expect(location.pathname, value).toBe('/auth/login');
      const carried = location.searchParams.get('callbackUrl');
      // Auth.js refuses a value it cannot use at all (javascript:) before asking us: the sign-in page with an error.
      if (carried === null) {
        expect(location.searchParams.get('error'), value).toBeTruthy();
        continue;
      }
      const callback = new URL(carried);
      expect(callback.origin, value).toBe(SITE);
      expect(callback.pathname, value).toMatch(/^\/(?![/\\])/);
      expect(callback.href, value).not.toContain('\\');
    }
  });

  it('a password login through Auth.js with callbackUrl //evil.example lands on this site', async () => {
    const db = await getDb();
    const email = testRun.nextEmail('login');
    await db.insert(users).values({ email, username: `login-${testRun.id}`, passwordHash: await hashPassword('correct-horse-1'), confirmedAt: new Date() });
    const csrf = await authGET(request('/api/auth/csrf'));
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    for (const callbackUrl of ['//evil.example', '/\\evil.example']) {
      const response = await authPOST(
        request('/api/auth/callback/credentials', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
          body: new URLSearchParams({ csrfToken, email, password: 'correct-horse-1', callbackUrl }).toString(),
        }),
      );
      expect(response.status, callbackUrl).toBe(302);
      const location = new URL(response.headers.get('location')!, SITE);
      expect(location.href, callbackUrl).toBe(`${SITE}/`);
    }
  });

  it('the /my gate sends a signed-out visitor to sign in with the path asked for, never elsewhere', async () => {
    const response = await middleware(request('/my/settings?tab=wallets'));
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(SITE);
    expect(location.pathname).toBe('/auth/login');
    expect(location.searchParams.get('error')).toBe('SessionRequired');
    expect(location.searchParams.get('callbackUrl')).toBe('/my/settings?tab=wallets');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('every response carries the security headers', () => {
  it('pages: a CSP that frames nothing in and loads only from the site, and the other headers', async () => {
    for (const path of ['/', '/projects/bitcoin', '/my/settings', '/logos/btc.svg']) {
      const response = await middleware(request(path));
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(csp, path).toMatch(/connect-src 'self'(;|$)/); // no PostHog host when PostHog is not configured
      expect(csp, path).toContain("frame-src 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
      // http SITE_URL: no HSTS (it would pin a plain-http site to https)
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('API replies: a CSP that allows nothing', async () => {
    const response = await middleware(request('/api/search-project?keyword=bit'));
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('security.txt names a contact, an expiry within a year and its canonical address', async () => {
    const response = securityTxtGET();
    const text = await response.text();
    expect(text).toMatch(/^Contact: mailto:\S+@\S+$/m);
    const expires = new Date(/^Expires: (\S+)$/m.exec(text)![1]);
    expect(expires.getTime()).toBeGreaterThan(Date.now());
    expect(expires.getTime()).toBeLessThan(Date.now() + 366 * 24 * 3600 * 1000);
    expect(text).toContain(`Canonical: ${SITE}/.well-known/security.txt`);
  });
});

describe('a state-changing API request from another site is refused with 403 and changes nothing', () => {
  const crossSite: [label: string, headers: Record<string, string>][] = [
    ['another origin', { origin: 'https://evil.example' }],
    ['another port of this host (same site, other origin)', { origin: 'http://localhost:3212', 'sec-fetch-site': 'same-site' }],
    ['Origin null (sandboxed frame)', { origin: 'null' }],
    ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a matching Origin but the browser says cross-site', { origin: SITE, 'sec-fetch-site': 'cross-site' }],
  ];

  it.each(crossSite)('%s', async (_label, headers) => {
    const before = await watchlistCount();
    const response = await throughMiddleware(createPOST, request('/api/watchlist/create', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: newList() }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/cross-site/i) });
    expect(await watchlistCount()).toBe(before);
  });

  it('the same refusal covers votes and the Auth.js routes', async () => {
    for (const [path, handler] of [
      ['/api/projects/vote', votePOST],
      ['/api/auth/signout', authPOST],
      ['/api/auth/callback/credentials', authPOST],
      ['/api/user/wallets', walletsPOST],
    ] as [string, Handler][]) {
      const response = await throughMiddleware(handler, request(path, { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{}' }));
      expect(response.status, path).toBe(403);
    }
  });

  it('the site itself, and clients that are not browsers, are let through', async () => {
    const allowed: Record<string, string>[] = [
      { origin: SITE, 'sec-fetch-site': 'same-origin' },
      { origin: 'http://127.0.0.1:3210', host: '127.0.0.1:3210' }, // however the client addressed this server
      { origin: 'https://shield.example', 'x-forwarded-host': 'shield.example', host: 'internal:3000' }, // behind a proxy
      { 'sec-fetch-site': 'none' },
      {}, // curl, server to server
    ];
    for (const headers of allowed) {
      const before = await watchlistCount();
      const response = await throughMiddleware(createPOST, request('/api/watchlist/create', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: newList() }));
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(await watchlistCount()).toBe(before + 1);
    }
  });

  it('reads are never refused for their origin', async () => {
    const response = await middleware(request('/api/search-project?keyword=bit', { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }));
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });
});

describe('a JSON body must say exactly application/json', () => {
  it.each(['text/plain; application/json', 'application/json, text/plain', 'application/jsonx', 'application/json; charset=utf-16', 'application/json; ;', 'text/plain'])(
    '%s is refused with 400 and nothing is stored',
    async (contentType) => {
      const before = await watchlistCount();
      const response = await createPOST(request('/api/watchlist/create', { method: 'POST', headers: { 'content-type': contentType }, body: newList() }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/content-type application\/json/);
      expect(await watchlistCount()).toBe(before);
    },
  );

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"'])('%s is accepted', async (contentType) => {
    const response = await createPOST(request('/api/watchlist/create', { method: 'POST', headers: { 'content-type': contentType }, body: newList() }));
    expect(response.status).toBe(200);
  });
});

describe('a body is read only up to its limit, declared length or not', () => {
  const LIMIT = 64 * 1024;
  const cases: [label: string, handler: Handler, path: string, contentType: string, limit: number][] = [
    ['a watchlist', createPOST, '/api/watchlist/create', 'application/json', LIMIT],
    ['a vote', votePOST, '/api/projects/vote', 'application/json', LIMIT],
    ['a sign-up', signupPOST, '/api/auth/signup', 'application/json', LIMIT],
    ['survey answers', surveyPOST, '/api/user/survey/upload', 'application/json', LIMIT],
    ["Auth.js's sign-in", authPOST, '/api/auth/callback/credentials', 'application/x-www-form-urlencoded', 16 * 1024],
    ['the log beacon', logPOST as Handler, '/api/auth/_log', 'application/x-www-form-urlencoded', 8192],
  ];

  it.each(cases)('%s: a chunked body of 4 MB gets 413 after little more than the limit is read', async (_label, handler, path, contentType, limit) => {
    const usersBefore = (await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const { stream, counter } = chunkedBody(4 * 1024 * 1024);
    const response = await handler(request(path, { method: 'POST', headers: { 'content-type': contentType }, body: stream }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toMatch(/too large/i);
    expect(counter.pulled).toBeLessThanOrEqual(limit + 3 * 16 * 1024);
    expect((await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(users))[0].n).toBe(usersBefore);
  });

  it('a declared Content-Length over the limit is refused before anything is read', async () => {
    const { stream, counter } = chunkedBody(LIMIT + 1);
    const response = await createPOST(request('/api/watchlist/create', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(LIMIT + 1) }, body: stream }));
    expect(response.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(16 * 1024);
  });

  it('a chunked body within the limit is read and used', async () => {
    const before = await watchlistCount();
    const bytes = new TextEncoder().encode(newList());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 5));
        controller.enqueue(bytes.slice(5));
        controller.close();
      },
    });
    const response = await createPOST(request('/api/watchlist/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream }));
    expect(response.status).toBe(200);
    expect(await watchlistCount()).toBe(before + 1);
  });
});
