import Ajv2020 from 'ajv/dist/2020';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { POST as forgotPOST } from '@/app/api/auth/forgot-password/route';
import { POST as resendPOST } from '@/app/api/auth/resend-confirmation/route';
import { POST as resetPOST } from '@/app/api/auth/reset-forgotten-password/route';
import { POST as signupPOST } from '@/app/api/auth/signup/route';
import { POST as verifyPOST } from '@/app/api/auth/verify-email/route';
import { GET as avatarGET } from '@/app/api/avatars/[username]/route';
import { GET as fileGET } from '@/app/api/files/[key]/route';
import { GET as healthGET } from '@/app/api/health/route';
import { GET as yesGET } from '@/app/api/projects/average-yes-percentage/route';
import { POST as pageViewPOST } from '@/app/api/projects/page-view/route';
import { GET as voteGET, POST as votePOST } from '@/app/api/projects/vote/route';
import { GET as searchGET } from '@/app/api/search-project/route';
import { GET as metricByTimestampsGET } from '@/app/api/skynet/metric-by-timestamps/route';
import { GET as metricLatestGET } from '@/app/api/skynet/metric-latest/route';
import { GET as privilegedAddressGET } from '@/app/api/skynet/privileged-address/route';
import { GET as privilegedFunctionGET } from '@/app/api/skynet/privileged-function/route';
import { GET as privilegedTransactionGET } from '@/app/api/skynet/privileged-transaction/route';
import { GET as topCallersGET } from '@/app/api/skynet/top-callers/route';
import { GET as topEventsGET } from '@/app/api/skynet/top-events/route';
import { GET as topFunctionCallsGET } from '@/app/api/skynet/top-function-calls/route';
import { GET as socialActivityGET } from '@/app/api/skynet/twitter-activity-by-dates/route';
import { POST as avatarPOST } from '@/app/api/user/avatar/route';
import { POST as eventsPOST } from '@/app/api/user/events/route';
import { GET as surveyGET } from '@/app/api/user/survey/route';
import { POST as surveyUploadPOST } from '@/app/api/user/survey/upload/route';
import { GET as unreadGET } from '@/app/api/user/notifications/unread/route';
import { GET as walletsGET, POST as walletsPOST } from '@/app/api/user/wallets/route';
import { POST as createPOST } from '@/app/api/watchlist/create/route';
import { POST as deletePOST } from '@/app/api/watchlist/delete/route';
import { POST as setProjectPOST } from '@/app/api/watchlist/projects/route';
import { GET as listGET } from '@/app/api/watchlist/route';
import { POST as updatePOST } from '@/app/api/watchlist/update/route';
import { getDb } from '@/server/db/client';
import {
  skynetContracts,
  skynetEvents,
  skynetPrivilegedAddresses,
  skynetPrivilegedFunctions,
  skynetTransactions,
  users,
  verificationCodes,
} from '@/server/db/schema';
import { saveStaffFile } from '@/server/files';
import { beginDraining } from '@/server/lifecycle';
import { openApiDocument } from '@/server/openapi';
import type { SessionUser } from '@/server/session';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { latestMailedCode, otherCode } from '../support/mailed-codes';

/*
 * The OpenAPI document is the contract: real answers of the real route handlers, good and bad, must match the
 * schema it documents for their route, method and status, and that schema must be tight enough to notice a drift
 * (a field added or dropped). The session is the one thing replaced (as in the other route tests); the visitor
 * cookie jar is a plain map.
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

type Documented = { content?: Record<string, { schema?: object }> };
type Operation = { responses: Record<string, Documented> };
type Method = 'get' | 'post';
type Handler = (request: Request) => Promise<Response>;
type Call = {
  query?: string;
  body?: unknown;
  /** A request of its own (a picture upload); the URL and method still come from the path and method. */
  request?: (url: string) => Request;
  /** Every field of this answer is optional (a survey reply), so dropping one is no drift. */
  optionalFields?: boolean;
};

const operations = openApiDocument.paths as Record<string, Record<string, Operation>>;
/** `GET /api/x` for every operation that answered a 2xx checked against the document. */
const provenOperations = new Set<string>();

const UNEXPECTED_FIELD = 'notInTheDocument';

/** The answer (or its first item, for a list) with one extra field: the document must refuse it. */
function withExtraField(body: unknown): unknown {
  if (Array.isArray(body)) return body.length && isRecord(body[0]) ? [{ ...body[0], [UNEXPECTED_FIELD]: 1 }, ...body.slice(1)] : null;
  return isRecord(body) ? { ...body, [UNEXPECTED_FIELD]: 1 } : null;
}

/** The answer (or its first item) without each of its fields in turn: the document must refuse each. */
function withEachFieldDropped(body: unknown): Array<{ field: string; body: unknown }> {
  const item = Array.isArray(body) ? body[0] : body;
  if (!isRecord(item)) return [];
  return Object.keys(item).map((field) => {
    const rest = Object.fromEntries(Object.entries(item).filter(([key]) => key !== field));
    return { field, body: Array.isArray(body) ? [rest, ...body.slice(1)] : rest };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The documented answer a response must match: its schema checks the body, and a drifted body must fail it. */
async function expectDocumented(label: string, operation: Operation | undefined, response: Response, optionalFields = false) {
  expect(operation, `${label} is documented`).toBeDefined();
  const documented = operation!.responses[String(response.status)];
  expect(documented, `${label} documents status ${response.status}`).toBeDefined();
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  if (!documented.content) {
    expect(mediaType, `${label} ${response.status} documents no body`).toBe('');
    return null;
  }
  expect(Object.keys(documented.content), `${label} ${response.status} documents ${mediaType}`).toContain(mediaType);
  const schema = documented.content[mediaType].schema;
  if (!schema) return null;
  const body: unknown = await response.json();
  const validate = ajv.compile(schema);
  expect(validate(body), `${label} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  const grown = withExtraField(body);
  if (grown !== null) expect(validate(grown), `${label} ${response.status} refuses an extra field`).toBe(false);
  if (!optionalFields) {
    for (const dropped of withEachFieldDropped(body)) expect(validate(dropped.body), `${label} ${response.status} requires ${dropped.field}`).toBe(false);
  }
  return body;
}

/** Calls a handler, checks its answer against the document, and returns the status and body. */
async function answerOf(path: string, method: Method, handler: Handler, call: Call = {}) {
  const url = `http://localhost${path}${call.query ? `?${call.query}` : ''}`;
  const headers = { 'x-forwarded-for': testRun.nextIp() };
  const request =
    call.request?.(url) ??
    (method === 'get'
      ? new Request(url, { headers })
      : new Request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(call.body ?? {}) }));
  const response = await handler(request);
  const label = `${method.toUpperCase()} ${path}`;
  const body = await expectDocumented(label, operations[path]?.[method], response, call.optionalFields);
  if (response.ok) provenOperations.add(label);
  return { status: response.status, body };
}

const statusOf = async (...args: Parameters<typeof answerOf>) => (await answerOf(...args)).status;

const signIn = (user: TestUser | null) => {
  session.user = user && { ...user, username: null };
};

const CONTRACT = `0x${'c0'.repeat(20)}`;
const HOLDER = `0x${'0a'.repeat(20)}`;
const TX_HASH = `0x${'7e'.repeat(32)}`;
// A real 1×1 PNG.
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

/** One watched contract of a seeded project with a privileged call, an event and the privileges behind them. */
async function seedWatchedContract() {
  const db = await getDb();
  const [contract] = await db.insert(skynetContracts).values({ projectId: 'ethereum', chainId: 1, address: CONTRACT, abi: [], fromBlock: 0 }).returning({ id: skynetContracts.id });
  const at = { blockNumber: 100, blockTime: new Date('2026-10-01T00:00:00Z') };
  await db.insert(skynetTransactions).values({
    contractId: contract.id,
    projectId: 'ethereum',
    txHash: TX_HASH,
    ...at,
    fromAddress: HOLDER,
    selector: '0xf2fde38b',
    functionName: 'transferOwnership',
    succeeded: true,
  });
  await db.insert(skynetEvents).values({ contractId: contract.id, projectId: 'ethereum', txHash: TX_HASH, logIndex: 0, ...at, name: 'OwnershipTransferred' });
  await db.insert(skynetPrivilegedFunctions).values({ contractId: contract.id, selector: '0xf2fde38b', signature: 'transferOwnership(address)', evidence: [{ method: 'source', detail: 'onlyOwner' }] });
  await db.insert(skynetPrivilegedAddresses).values({
    contractId: contract.id,
    holder: HOLDER,
    privilege: 'owner',
    label: 'Owner',
    active: true,
    sinceBlock: 100,
    sinceTx: TX_HASH,
    evidence: [{ method: 'owner', detail: 'owner() returns it' }],
  });
}

/** Ages an account's codes past the one-minute resend cooldown. */
async function endCodeCooldown(email: string) {
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` })
    .where(eq(verificationCodes.userId, user.id));
}

beforeAll(async () => {
  signIn(null);
  await seedWatchedContract();
});

afterAll(() => testRun.cleanUp());

describe('answers match the OpenAPI document', () => {
  it('public reads: search, trending, votes', async () => {
    const found = await answerOf('/api/search-project', 'get', searchGET, { query: 'keyword=bit' });
    expect(found.body).not.toEqual([]);
    expect(await statusOf('/api/search-project', 'get', searchGET)).toBe(200);
    expect(await statusOf('/api/search-project', 'get', searchGET, { query: `keyword=${'x'.repeat(200)}` })).toBe(400);
    expect(await statusOf('/api/projects/average-yes-percentage', 'get', yesGET)).toBe(200);
    expect(await statusOf('/api/projects/average-yes-percentage', 'get', yesGET, { query: 'id=bitcoin' })).toBe(200);
    expect(await statusOf('/api/projects/average-yes-percentage', 'get', yesGET, { query: 'id=no-such-project' })).toBe(404);
    expect(await statusOf('/api/projects/vote', 'get', voteGET, { query: 'id=bitcoin' })).toBe(200);
    expect(await statusOf('/api/projects/vote', 'get', voteGET, { query: 'id=Bitcoin' })).toBe(400);
    expect(await statusOf('/api/projects/vote', 'get', voteGET, { query: 'id=no-such-project' })).toBe(404);
  });

  it('anonymous writes: a vote and a page view, and their refusals', async () => {
    expect(await statusOf('/api/projects/vote', 'post', votePOST, { body: { id: 'bitcoin', vote: true } })).toBe(200);
    expect(await statusOf('/api/projects/vote', 'post', votePOST, { body: { id: 'bitcoin' } })).toBe(400);
    expect(await statusOf('/api/projects/page-view', 'post', pageViewPOST, { body: { projectId: 'bitcoin' } })).toBe(200);
    expect(await statusOf('/api/projects/page-view', 'post', pageViewPOST, { body: { projectId: 'no-such-project' } })).toBe(404);
  });

  it('auth calls: sign up, resend, verify, forget and reset, and their refusals', async () => {
    const email = testRun.nextEmail('openapi');
    expect(await statusOf('/api/auth/signup', 'post', signupPOST, { body: { email, password: 'contract-pass-1' } })).toBe(200);
    expect(await statusOf('/api/auth/signup', 'post', signupPOST, { body: { email, password: 'contract-pass-1' } })).toBe(409);
    expect(await statusOf('/api/auth/signup', 'post', signupPOST, { body: { email: 'not-an-email', password: 'x' } })).toBe(400);
    expect(await statusOf('/api/auth/resend-confirmation', 'post', resendPOST, { body: { email } })).toBe(429);
    await endCodeCooldown(email);
    expect(await statusOf('/api/auth/resend-confirmation', 'post', resendPOST, { body: { email } })).toBe(200);
    const verificationCode = await latestMailedCode(email, 'verification');
    expect(await statusOf('/api/auth/verify-email', 'post', verifyPOST, { body: { email, verificationCode: otherCode(verificationCode) } })).toBe(400);
    expect(await statusOf('/api/auth/verify-email', 'post', verifyPOST, { body: { email, verificationCode } })).toBe(200);

    expect(await statusOf('/api/auth/forgot-password', 'post', forgotPOST, { body: { email } })).toBe(200);
    const code = await latestMailedCode(email, 'reset');
    expect(await statusOf('/api/auth/reset-forgotten-password', 'post', resetPOST, { body: { email, code, newPassword: 'short' } })).toBe(400);
    expect(await statusOf('/api/auth/reset-forgotten-password', 'post', resetPOST, { body: { email, code, newPassword: 'contract-pass-2' } })).toBe(200);
  });

  it('Skynet reads of a watched contract and its project', async () => {
    for (const [path, handler, query] of [
      ['/api/skynet/top-callers', topCallersGET, 'projectId=ethereum&count=5'],
      ['/api/skynet/top-events', topEventsGET, 'projectId=ethereum'],
      ['/api/skynet/top-function-calls', topFunctionCallsGET, 'projectId=ethereum'],
      ['/api/skynet/privileged-address', privilegedAddressGET, `address=${CONTRACT}`],
      ['/api/skynet/privileged-function', privilegedFunctionGET, `address=${CONTRACT}`],
      ['/api/skynet/privileged-transaction', privilegedTransactionGET, `address=${CONTRACT}`],
    ] as const) {
      const { status, body } = await answerOf(path, 'get', handler, { query });
      expect(status, path).toBe(200);
      expect(body, `${path} lists the seeded contract's rows`).toHaveLength(1);
    }
    expect(await statusOf('/api/skynet/privileged-address', 'get', privilegedAddressGET, { query: 'address=nope' })).toBe(400);
  });

  it('Skynet series and social activity of a demo project', async () => {
    const latest = await answerOf('/api/skynet/metric-latest', 'get', metricLatestGET, { query: 'name=exchanges(projectId=bitcoin)' });
    expect(latest.body).toMatchObject({ latest: { isDemo: true } });
    const at = await answerOf('/api/skynet/metric-by-timestamps', 'get', metricByTimestampsGET, {
      query: `name=transactions(projectId=bitcoin)&timestamps=0,${Date.UTC(2026, 9, 20) / 1000}`,
    });
    expect(at.status).toBe(200);
    expect(await statusOf('/api/skynet/metric-by-timestamps', 'get', metricByTimestampsGET, { query: 'name=transactions&timestamps=x' })).toBe(400);
    const social = await answerOf('/api/skynet/twitter-activity-by-dates', 'get', socialActivityGET, { query: 'projectId=bitcoin&type=tweets&dates=2026-10-30,1999-01-01' });
    expect(social.body).toHaveLength(2);
  });

  it('a signed-in user’s watchlists; 401 signed out', async () => {
    expect(await statusOf('/api/watchlist', 'get', listGET)).toBe(401);
    signIn(await testRun.makeUser('openapi-lists'));
    const created = await answerOf('/api/watchlist/create', 'post', createPOST, { body: { name: 'Contract', projects: ['bitcoin'] } });
    expect(created.status).toBe(200);
    const { id } = created.body as { id: string };
    expect(await statusOf('/api/watchlist/projects', 'post', setProjectPOST, { body: { id, projectId: 'ethereum', watched: true } })).toBe(200);
    expect(await statusOf('/api/watchlist/create', 'post', createPOST, { body: { name: 'Contract', projects: [] } })).toBe(409);
    expect(await statusOf('/api/watchlist', 'get', listGET)).toBe(200);
    expect(await statusOf('/api/watchlist/update', 'post', updatePOST, { body: { id, name: 'Renamed' } })).toBe(200);
    expect(await statusOf('/api/watchlist/update', 'post', updatePOST, { body: { id: crypto.randomUUID(), name: 'Gone' } })).toBe(404);
    expect(await statusOf('/api/watchlist/delete', 'post', deletePOST, { body: { id } })).toBe(200);
    signIn(null);
  });

  it('a signed-in user’s survey, wallets, events and avatar', async () => {
    expect(await statusOf('/api/user/survey', 'get', surveyGET)).toBe(401);
    expect(await statusOf('/api/user/notifications/unread', 'get', unreadGET)).toBe(401);
    const user = await testRun.makeUser('openapi-user');
    signIn(user);
    expect((await answerOf('/api/user/survey', 'get', surveyGET)).body).toEqual({});
    const answers = { userType: 'Retail Investor', expertiseType: 'Beginner', projects: ['bitcoin'], watchlistName: 'From survey' };
    expect(await statusOf('/api/user/survey/upload', 'post', surveyUploadPOST, { body: answers })).toBe(200);
    expect(await statusOf('/api/user/survey/upload', 'post', surveyUploadPOST, { body: answers })).toBe(409);
    expect((await answerOf('/api/user/survey', 'get', surveyGET, { optionalFields: true })).body).toEqual(answers);

    expect(await statusOf('/api/user/wallets', 'post', walletsPOST, { body: { walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } })).toBe(201);
    expect(await statusOf('/api/user/wallets', 'post', walletsPOST, { body: { walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } })).toBe(409);
    expect(await statusOf('/api/user/wallets', 'get', walletsGET)).toBe(200);
    expect((await answerOf('/api/user/notifications/unread', 'get', unreadGET)).body).toEqual({ unread: 0 });
    expect(await statusOf('/api/user/events', 'post', eventsPOST, { body: { eventName: 'contract_checked', properties: { page: 'openapi' } } })).toBe(201);
    expect(await statusOf('/api/user/events', 'post', eventsPOST, { body: { eventName: '' } })).toBe(400);

    const picture = (type: string) => (url: string) => new Request(url, { method: 'POST', headers: { 'content-type': type }, body: PNG as BodyInit });
    expect(await statusOf('/api/user/avatar', 'post', avatarPOST, { request: picture('image/png') })).toBe(200);
    expect(await statusOf('/api/user/avatar', 'post', avatarPOST, { request: picture('text/html') })).toBe(415);
    signIn(null);

    const avatarOf = (username: string) => (request: Request) => avatarGET(request, { params: Promise.resolve({ username }) });
    expect(await statusOf('/api/avatars/{username}', 'get', avatarOf(user.username))).toBe(200);
    expect(await statusOf('/api/avatars/{username}', 'get', avatarOf('nobody-here'))).toBe(404);

    // A file staff published: stored as the console stores it, read back by anyone.
    const { key } = await saveStaffFile('logo', PNG);
    const fileOf = (fileKey: string) => (request: Request) => fileGET(request, { params: Promise.resolve({ key: fileKey }) });
    expect(await statusOf('/api/files/{key}', 'get', fileOf(key))).toBe(200);
    expect(await statusOf('/api/files/{key}', 'get', fileOf(`${'0'.repeat(64)}.png`))).toBe(404);
  });

  it('health, up and draining', async () => {
    expect(await statusOf('/api/health', 'get', healthGET as Handler)).toBe(200);
    beginDraining();
    try {
      expect(await statusOf('/api/health', 'get', healthGET as Handler)).toBe(503);
    } finally {
      // The flag lives on one globalThis key (server/lifecycle.ts) and nothing in a test process resets it.
      (globalThis as Record<symbol, { draining: boolean }>)[Symbol.for('sentinel-shield.lifecycle')].draining = false;
    }
  });

  it('every documented operation was shown a successful answer above', () => {
    const documented = Object.entries(operations).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.filter((operation) => !provenOperations.has(operation))).toEqual([]);
  });
});
