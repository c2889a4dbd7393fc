import Ajv2020 from 'ajv/dist/2020';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { POST as forgotPOST } from '@/app/api/auth/forgot-password/route';
import { POST as signupPOST } from '@/app/api/auth/signup/route';
import { GET as healthGET } from '@/app/api/health/route';
import { GET as yesGET } from '@/app/api/projects/average-yes-percentage/route';
import { POST as pageViewPOST } from '@/app/api/projects/page-view/route';
import { POST as votePOST } from '@/app/api/projects/vote/route';
import { GET as searchGET } from '@/app/api/search-project/route';
import { GET as metricLatestGET } from '@/app/api/skynet/metric-latest/route';
import { GET as privilegedAddressGET } from '@/app/api/skynet/privileged-address/route';
import { GET as topCallersGET } from '@/app/api/skynet/top-callers/route';
import { GET as topEventsGET } from '@/app/api/skynet/top-events/route';
import { GET as surveyGET } from '@/app/api/user/survey/route';
import { GET as walletsGET, POST as walletsPOST } from '@/app/api/user/wallets/route';
import { POST as createPOST } from '@/app/api/watchlist/create/route';
import { POST as setProjectPOST } from '@/app/api/watchlist/projects/route';
import { GET as listGET } from '@/app/api/watchlist/route';
import { openApiDocument } from '@/server/openapi';
import type { SessionUser } from '@/server/session';

import { createTestRun } from '../fixtures/test-run';

/*
 * The OpenAPI document is the contract: real answers of the real route handlers, good and bad, must match the
 * schema it documents for their route, method and status. The session is the one thing replaced (as in the other
 * route tests); the visitor cookie jar is a plain map.
 */
const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('@/server/session', () => ({ getSessionUser: async () => session.user }));
vi.mock('next/headers', () => {
  const jar = new Map<string, { value: string }>();
  return {
    cookies: async () => ({ get: (name: string) => jar.get(name), set: (name: string, value: string) => void jar.set(name, { value }) }),
    headers: async () => new Headers(),
  };
});

const testRun = createTestRun();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

type Operation = { responses: Record<string, { content?: { 'application/json'?: { schema?: object } } }> };
type Handler = (request: Request) => Promise<Response>;

/** Calls a handler and checks its answer against the document; returns the status and body. */
async function answerOf(path: string, method: 'get' | 'post', handler: Handler, init: { query?: string; body?: unknown } = {}) {
  const url = `http://localhost${path}${init.query ? `?${init.query}` : ''}`;
  const request =
    method === 'get'
      ? new Request(url)
      : new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body ?? {}) });
  const response = await handler(request);
  const operation = (openApiDocument.paths as Record<string, Record<string, Operation>>)[path]?.[method];
  expect(operation, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
  const documented = operation.responses[String(response.status)];
  expect(documented, `${method.toUpperCase()} ${path} documents status ${response.status}`).toBeDefined();
  const body: unknown = (response.headers.get('content-type') ?? '').includes('json') ? await response.json() : null;
  const schema = documented.content?.['application/json']?.schema;
  if (schema) {
    const validate = ajv.compile(schema);
    expect(validate(body), `${method.toUpperCase()} ${path} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  return { status: response.status, body };
}

beforeAll(async () => {
  session.user = null;
});

describe('answers match the OpenAPI document', () => {
  it('public reads: search, trending, votes, health', async () => {
    expect((await answerOf('/api/search-project', 'get', searchGET, { query: 'keyword=bit' })).status).toBe(200);
    expect((await answerOf('/api/search-project', 'get', searchGET)).status).toBe(200);
    expect((await answerOf('/api/search-project', 'get', searchGET, { query: `keyword=${'x'.repeat(200)}` })).status).toBe(400);
    expect((await answerOf('/api/projects/average-yes-percentage', 'get', yesGET)).status).toBe(200);
    expect((await answerOf('/api/projects/average-yes-percentage', 'get', yesGET, { query: 'id=bitcoin' })).status).toBe(200);
    expect((await answerOf('/api/projects/average-yes-percentage', 'get', yesGET, { query: 'id=no-such-project' })).status).toBe(404);
    expect((await answerOf('/api/health', 'get', healthGET as Handler)).status).toBe(200);
  });

  it('anonymous writes: a vote and a page view, and their refusals', async () => {
    const vote = await answerOf('/api/projects/vote', 'post', votePOST, { body: { id: 'bitcoin', vote: true } });
    expect(vote.status).toBe(200);
    expect((await answerOf('/api/projects/vote', 'post', votePOST, { body: { id: 'bitcoin' } })).status).toBe(400);
    expect((await answerOf('/api/projects/page-view', 'post', pageViewPOST, { body: { projectId: 'bitcoin' } })).status).toBe(200);
    expect((await answerOf('/api/projects/page-view', 'post', pageViewPOST, { body: { projectId: 'no-such-project' } })).status).toBe(404);
  });

  it('auth calls: success and refusals carry the documented shapes', async () => {
    expect((await answerOf('/api/auth/signup', 'post', signupPOST, { body: { email: testRun.nextEmail('openapi'), password: 'contract-pass-1' } })).status).toBe(200);
    expect((await answerOf('/api/auth/signup', 'post', signupPOST, { body: { email: 'not-an-email', password: 'x' } })).status).toBe(400);
    expect((await answerOf('/api/auth/forgot-password', 'post', forgotPOST, { body: { email: testRun.nextEmail('nobody') } })).status).toBe(200);
  });

  it('Skynet reads', async () => {
    expect((await answerOf('/api/skynet/top-callers', 'get', topCallersGET, { query: 'projectId=bitcoin&count=5' })).status).toBe(200);
    expect((await answerOf('/api/skynet/top-events', 'get', topEventsGET, { query: 'projectId=bitcoin' })).status).toBe(200);
    expect((await answerOf('/api/skynet/metric-latest', 'get', metricLatestGET, { query: 'name=exchanges(projectId=bitcoin)' })).status).toBe(200);
    expect((await answerOf('/api/skynet/privileged-address', 'get', privilegedAddressGET, { query: `address=0x${'a'.repeat(40)}` })).status).toBe(200);
    expect((await answerOf('/api/skynet/privileged-address', 'get', privilegedAddressGET, { query: 'address=nope' })).status).toBe(400);
  });

  it('a signed-in user’s watchlists, wallets and survey; 401 signed out', async () => {
    expect((await answerOf('/api/watchlist', 'get', listGET)).status).toBe(401);
    session.user = { ...(await testRun.makeUser('openapi')), username: null };
    const created = await answerOf('/api/watchlist/create', 'post', createPOST, { body: { name: 'Contract', projects: ['bitcoin'] } });
    expect(created.status).toBe(200);
    const { id } = created.body as { id: string };
    expect((await answerOf('/api/watchlist/projects', 'post', setProjectPOST, { body: { id, projectId: 'ethereum', watched: true } })).status).toBe(200);
    expect((await answerOf('/api/watchlist/create', 'post', createPOST, { body: { name: 'Contract', projects: [] } })).status).toBe(409);
    expect((await answerOf('/api/watchlist', 'get', listGET)).status).toBe(200);
    expect((await answerOf('/api/user/wallets', 'post', walletsPOST, { body: { walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } })).status).toBe(201);
    expect((await answerOf('/api/user/wallets', 'get', walletsGET)).status).toBe(200);
    expect((await answerOf('/api/user/survey', 'get', surveyGET)).status).toBe(200);
    session.user = null;
  });
});
