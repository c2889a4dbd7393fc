import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

import Ajv2020 from 'ajv/dist/2020';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createApiKeyAction } from '@/actions/settings/api-key-create';
import { revokeApiKeyAction } from '@/actions/settings/api-key-revoke';
import { API_KEY_MESSAGES, API_KEYS_PER_USER_MAX } from '@/lib/api-keys';
import { LAST_USED_RESOLUTION_MS } from '@/server/api-v1/keys';
import { apiV1Document } from '@/server/api-v1/openapi';
import { getDb } from '@/server/db/client';
import { adminPowers, alertRevisions, apiKeys, securityAlerts, skynetContracts, skynetPrivilegedAddresses } from '@/server/db/schema';
import { LIMITS } from '@/server/rate-limit';

import { createTestRun } from '../fixtures/test-run';
import { signInAs } from '../support/session-stand-ins';

vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

/*
 * The OpenAPI document is the test of the public API (issue #19): every route under app/api/v1 must be documented
 * (the folder is scanned), every documented operation is called with representative parameters and its answers,
 * good and bad, must match the schema documented for their status and media type, tightly enough that a drifted
 * field fails. Then the promises every answer makes: budgets and their headers, keys, ETag, CORS, problem details,
 * CSV, and no 5xx whatever the query.
 */

const testRun = createTestRun();
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const ROOT = path.resolve(__dirname, '../../app/api/v1');

type Module = { GET: (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>; OPTIONS: () => Promise<Response> };
type Operation = { parameters: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema: object }> }> };
const documented = apiV1Document.paths as unknown as Record<string, { get: Operation }>;

/** Every route file under app/api/v1, as its OpenAPI path (`[id]` read as `{id}`). */
function routeFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === 'route.ts' ? [`/api/v1${path.relative(ROOT, dir) ? `/${path.relative(ROOT, dir).split(path.sep).join('/')}` : ''}`.replace(/\[([^\]]+)\]/g, '{$1}')] : [];
  });
}

const modules = new Map<string, Module>();
async function moduleOf(template: string): Promise<Module> {
  if (!modules.has(template)) {
    const file = path.join(ROOT, template.replace(/^\/api\/v1/, '').replace(/\{([^}]+)\}/g, '[$1]'), 'route.ts');
    modules.set(template, (await import(/* @vite-ignore */ file)) as Module);
  }
  return modules.get(template)!;
}

type Call = { params?: Record<string, string>; query?: string; headers?: Record<string, string>; ip?: string };

/** Calls the route of a documented path as Next would. */
async function call(template: string, { params = {}, query = '', headers = {}, ip = testRun.nextIp() }: Call = {}): Promise<Response> {
  const concrete = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const request = new Request(`http://localhost${concrete}${query ? `?${query}` : ''}`, { headers: { 'x-forwarded-for': ip, ...headers } });
  return (await moduleOf(template)).GET(request, { params: Promise.resolve(params) });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const proven = new Set<string>();

/** The answer matches the document for its status and media type, and a drifted body would not. */
async function expectDocumented(template: string, response: Response): Promise<unknown> {
  const operation = documented[template]?.get;
  expect(operation, `${template} is documented`).toBeDefined();
  const answer = operation.responses[String(response.status)];
  expect(answer, `${template} documents ${response.status}`).toBeDefined();
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  if (!answer.content) {
    expect(await response.text()).toBe('');
    return null;
  }
  expect(Object.keys(answer.content), `${template} ${response.status} documents ${mediaType}`).toContain(mediaType);
  if (mediaType === 'text/csv') return response.text();
  const body: unknown = await response.json();
  const validate = ajv.compile(answer.content[mediaType].schema);
  expect(validate(body), `${template} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  if (template !== '/api/v1/openapi.json' && isRecord(body)) {
    expect(validate({ ...body, notInTheDocument: 1 }), `${template} refuses an extra field`).toBe(false);
    const items = Array.isArray(body.data) ? body.data : [body];
    const first = items[0];
    if (isRecord(first)) {
      for (const field of Object.keys(first)) {
        const dropped = Object.fromEntries(Object.entries(first).filter(([key]) => key !== field));
        const drifted = Array.isArray(body.data) ? { ...body, data: [dropped, ...body.data.slice(1)] } : dropped;
        if (field !== 'errors') expect(validate(drifted), `${template} requires ${field}`).toBe(false);
      }
    }
  }
  if (response.ok) proven.add(template);
  return body;
}

async function answer(template: string, request: Call = {}) {
  const response = await call(template, request);
  return { status: response.status, headers: response.headers, body: await expectDocumented(template, response) };
}

const CONTRACT = `0x${'c1'.repeat(20)}`;
let alertId = '';

beforeAll(async () => {
  const db = await getDb();
  const [contract] = await db.insert(skynetContracts).values({ projectId: 'ethereum', chainId: 1, address: CONTRACT, abi: [], fromBlock: 0 }).returning({ id: skynetContracts.id });
  await db.insert(skynetPrivilegedAddresses).values({ contractId: contract.id, holder: `0x${'0b'.repeat(20)}`, privilege: 'owner', label: 'Owner', active: true, sinceBlock: 1, sinceTx: `0x${'7f'.repeat(32)}`, evidence: [{ method: 'owner', detail: 'owner()' }] });
  // Its admin powers as Skynet stores a reading (tests/integration/admin-powers*.test.ts read real ones on anvil).
  await db.insert(adminPowers).values({
    contractId: contract.id,
    pattern: 'uups',
    implementation: `0x${'1e'.repeat(20)}`,
    proxyAdmin: null,
    holders: [{ holder: `0x${'0b'.repeat(20)}`, privilege: 'owner', links: [{ address: `0x${'0b'.repeat(20)}`, kind: 'eoa', evidence: 'no code at the address' }], controller: { kind: 'eoa' }, delaySeconds: 0, truncated: false }],
    powers: [{ category: 'upgrade', functions: ['upgradeToAndCall(address,bytes)'], holder: `0x${'0b'.repeat(20)}`, delaySeconds: 0 }],
    upgrades: [{ kind: 'upgraded', to: `0x${'1e'.repeat(20)}`, from: null, blockNumber: 1, txHash: `0x${'7f'.repeat(32)}`, logIndex: 0 }],
    summary: 'Upgradeable by a single key (EOA) with no delay',
    riskLevel: 'high',
    riskRule: 'High: a single key (an EOA, or a 1-of-N multisig) with less than 2 days of delay.',
    blockNumber: 1,
    evidence: [{ method: 'erc1967', detail: 'ERC-1967 implementation slot' }],
  });
  // A published alert with a correction, for the alert's own answer.
  const [alert] = await db
    .insert(securityAlerts)
    .values({ projectId: 'bitcoin', type: 'exploit', title: '=HYPERLINK("http://evil")', occurredAt: new Date('2026-10-02T10:00:00Z'), confidence: 'high', status: 'published', publishedAt: new Date(), sourceUrls: ['https://example.com/report'], origin: 'staff', amountLostUsd: 1000 })
    .returning({ id: securityAlerts.id });
  alertId = alert.id;
  await db.insert(alertRevisions).values({ alertId, reason: 'Amount corrected', changes: { amountLostUsd: { before: 900, after: 1000 } } });
});

afterAll(() => testRun.cleanUp());

describe('the v1 routes and the document', () => {
  it('documents exactly the routes under app/api/v1', () => {
    expect(routeFiles().sort()).toEqual(Object.keys(documented).sort());
  });

  it('projects: the list, its filters, sort and cursor, one project and its score history', async () => {
    const first = await answer('/api/v1/projects', { query: 'limit=2&sort=name' });
    expect(first.status).toBe(200);
    const page1 = first.body as { data: { id: string }[]; nextCursor: string };
    expect(page1.data).toHaveLength(2);
    expect(first.headers.get('link')).toContain('cursor=');
    const second = await answer('/api/v1/projects', { query: `limit=2&sort=name&cursor=${page1.nextCursor}` });
    const page2 = second.body as { data: { id: string }[] };
    expect(page2.data.map((row) => row.id)).not.toContain(page1.data[0].id);
    expect((await answer('/api/v1/projects', { query: 'grade=AAA&minScore=10&maxScore=100&audit=audited&kyc=false&category=Layer%201&chain=Ethereum' })).status).toBe(200);
    const byIds = (await answer('/api/v1/projects', { query: 'ids=bitcoin,ethereum' })).body as { data: { id: string }[] };
    expect(byIds.data.map((row) => row.id).sort()).toEqual(['bitcoin', 'ethereum']);

    const project = (await answer('/api/v1/projects/{id}', { params: { id: 'bitcoin' } })).body as { alerts: { id: string }[]; pillars: unknown };
    expect(project.alerts.map((alert) => alert.id)).toContain(alertId);
    expect((await answer('/api/v1/projects/{id}', { params: { id: 'no-such-project' } })).status).toBe(404);
    expect((await answer('/api/v1/projects/{id}', { params: { id: '../etc' } })).status).toBe(404);
    const history = await answer('/api/v1/projects/{id}/score-history', { params: { id: 'bitcoin' } });
    expect(history.status).toBe(200);
    expect((await answer('/api/v1/projects/{id}/score-history', { params: { id: 'nope-nope' } })).status).toBe(404);
  });

  it('alerts, one alert with its correction log, and incidents with the database filters', async () => {
    const list = (await answer('/api/v1/alerts', { query: 'project=bitcoin&type=exploit&limit=1' })).body as { data: { id: string }[] };
    expect(list.data[0].id).toBe(alertId);
    const alert = (await answer('/api/v1/alerts/{id}', { params: { id: alertId } })).body as { corrections: { reason: string }[]; sources: unknown[] };
    expect(alert.corrections.map((correction) => correction.reason)).toEqual(['Amount corrected']);
    expect(alert.sources).toEqual([{ kind: 'link', href: 'https://example.com/report' }]);
    expect((await answer('/api/v1/alerts/{id}', { params: { id: crypto.randomUUID() } })).status).toBe(404);
    const incidents = (await answer('/api/v1/incidents', { query: 'type=exploit&from=2026-10-01&to=2026-10-03&minLost=500&q=bitcoin' })).body as { data: { id: string }[] };
    expect(incidents.data.map((row) => row.id)).toContain(alertId);
    // Pages of one follow each other without repeating.
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pageNumber = 0; pageNumber < 3; pageNumber++) {
      const page = (await answer('/api/v1/incidents', { query: `limit=1${cursor ? `&cursor=${cursor}` : ''}` })).body as { data: { id: string }[]; nextCursor: string | null };
      seen.push(...page.data.map((row) => row.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('Skynet figures', async () => {
    const calls: [string, string][] = [
      ['/api/v1/skynet/metric-latest', 'name=exchanges(projectId=bitcoin)'],
      ['/api/v1/skynet/metric-by-timestamps', `name=transactions(projectId=bitcoin)&timestamps=0,${Date.UTC(2026, 9, 20) / 1000}`],
      ['/api/v1/skynet/top-callers', 'projectId=ethereum&count=5'],
      ['/api/v1/skynet/top-events', 'projectId=ethereum'],
      ['/api/v1/skynet/top-function-calls', 'projectId=ethereum'],
      ['/api/v1/skynet/privileged-addresses', `address=${CONTRACT}`],
      ['/api/v1/skynet/privileged-functions', `address=${CONTRACT}`],
      ['/api/v1/skynet/privileged-transactions', `address=${CONTRACT}&limit=5`],
      ['/api/v1/skynet/social-activity', 'projectId=bitcoin&type=tweets&dates=2026-10-30'],
    ];
    for (const [template, query] of calls) expect((await answer(template, { query })).status, template).toBe(200);
    // A watched contract is answered from the database; refusals that need the chain are tested on anvil (admin-powers-api).
    const powers = await answer('/api/v1/contracts/{chainId}/{address}/admin-powers', { params: { chainId: '1', address: CONTRACT.toUpperCase().replace('0X', '0x') } });
    expect(powers.status).toBe(200);
    expect(powers.body).toMatchObject({ chainId: 1, address: CONTRACT, reason: null, data: [{ projectId: 'ethereum', riskLevel: 'high' }] });
    expect((await answer('/api/v1/contracts/{chainId}/{address}/admin-powers', { params: { chainId: '1', address: '0xabc' } })).status).toBe(400);
    expect((await answer('/api/v1/contracts/{chainId}/{address}/admin-powers', { params: { chainId: 'one', address: CONTRACT } })).status).toBe(400);
    expect(((await answer('/api/v1/skynet/privileged-addresses', { query: `address=${CONTRACT}` })).body as { data: unknown[] }).data).toHaveLength(1);
    expect((await answer('/api/v1/skynet/top-callers', { query: 'projectId=ethereum&extra=1' })).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, index) => index).join(',');
    expect((await answer('/api/v1/skynet/metric-by-timestamps', { query: `name=transactions&timestamps=${tooMany}` })).status).toBe(400);
  });

  it('the document itself', async () => {
    const document = (await answer('/api/v1/openapi.json')).body as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
  });

  it('every documented operation was shown a successful answer', () => {
    expect(Object.keys(documented).filter((template) => !proven.has(template))).toEqual([]);
  });
});

describe('bad input is a 4xx problem answer', () => {
  it.each([
    ['an unknown filter', '/api/v1/projects', 'colour=red'],
    ['a bad value', '/api/v1/projects', 'grade=Z'],
    ['a repeated parameter', '/api/v1/projects', 'sort=name&sort=rank'],
    ['a limit too high', '/api/v1/alerts', 'limit=100000'],
    ['a cursor that is not base64', '/api/v1/projects', 'cursor=%%%'],
    ['a forged cursor', '/api/v1/projects', `cursor=${Buffer.from('{"q":"x","p":{"offset":1}}').toString('base64url')}`],
    ['an over-long id list', '/api/v1/projects', `ids=${Array.from({ length: 51 }, (_, index) => `p${index}`).join(',')}`],
    ['an unknown incident filter', '/api/v1/incidents', 'page=2'],
    ['a bad incident date', '/api/v1/incidents', 'from=2026-02-30'],
  ])('%s', async (_label, template, query) => {
    const { status, body, headers } = await answer(template, { query });
    expect(status).toBe(400);
    expect(headers.get('content-type')).toBe('application/problem+json');
    expect(body).toMatchObject({ status: 400, instance: template, errors: expect.any(Array) });
  });

  it('a cursor from another query is refused', async () => {
    const { body } = await answer('/api/v1/projects', { query: 'limit=1&sort=name' });
    const { nextCursor } = body as { nextCursor: string };
    expect((await answer('/api/v1/projects', { query: `limit=1&sort=rank&cursor=${nextCursor}` })).status).toBe(400);
  });

  it('CSV of a JSON-only route is a 406', async () => {
    expect((await answer('/api/v1/projects/{id}', { params: { id: 'bitcoin' }, headers: { accept: 'text/csv' } })).status).toBe(406);
  });
});

describe('keys, budgets and their headers', () => {
  it('anonymous answers announce the address budget; the budget spent is a 429 with Retry-After', async () => {
    const ip = testRun.nextIp();
    const { points, duration } = LIMITS['api-anon-ip'];
    const first = await call('/api/v1/openapi.json', { ip });
    expect(first.headers.get('ratelimit-policy')).toBe(`"anon";q=${points};w=${duration}`);
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^"anon";r=${points - 1};t=\\d+$`));
    for (let index = 1; index < points; index++) await call('/api/v1/openapi.json', { ip });
    const refused = await answer('/api/v1/openapi.json', { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"anon";r=0;t=\d+$/);
  });

  it('a key made in Settings gets its own budget; last used is noted at most once a minute; revoked, it is a 401', async () => {
    const user = await testRun.makeUser('api-keys');
    signInAs(user);
    const refusedName = await createApiKeyAction({ name: '   ' });
    expect(refusedName.validationErrors?.name?._errors).toEqual([API_KEY_MESSAGES.nameRequired]);
    const created = await createApiKeyAction({ name: 'CI job' });
    const key = created.data!.key;
    expect(created.data!.keys).toMatchObject([{ name: 'CI job', displayPrefix: key.slice(0, 12), lastUsedAt: null }]);
    const db = await getDb();
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.data!.keyId));
    expect(stored.keyHash).not.toContain(key.slice(4));

    const ip = testRun.nextIp();
    const viaBearer = await call('/api/v1/openapi.json', { ip, headers: { authorization: `Bearer ${key}` } });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.headers.get('ratelimit-policy')).toBe(`"key";q=${LIMITS['api-key'].points};w=${LIMITS['api-key'].duration}`);
    const viaHeader = await call('/api/v1/openapi.json', { ip, headers: { 'x-api-key': key } });
    expect(viaHeader.headers.get('ratelimit')).toMatch(new RegExp(`^"key";r=${LIMITS['api-key'].points - 2};t=\\d+$`));
    const [used] = await db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, stored.id));
    expect(used.lastUsedAt).not.toBeNull();
    // Within the minute a use writes nothing; older than that, the next use moves it.
    const old = new Date(Date.now() - LAST_USED_RESOLUTION_MS * 2);
    await db.update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.id, stored.id));
    await call('/api/v1/openapi.json', { headers: { 'x-api-key': key } });
    const [moved] = await db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, stored.id));
    expect(moved.lastUsedAt!.getTime()).toBeGreaterThan(old.getTime() + LAST_USED_RESOLUTION_MS);
    await call('/api/v1/openapi.json', { headers: { 'x-api-key': key } });
    const [still] = await db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, stored.id));
    expect(still.lastUsedAt!.getTime()).toBe(moved.lastUsedAt!.getTime());

    const revoked = await revokeApiKeyAction({ id: stored.id });
    expect(revoked.data!.keys).toEqual([]);
    const refused = await answer('/api/v1/projects', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('ratelimit-policy')).toMatch(/^"anon";/);
    expect((await revokeApiKeyAction({ id: stored.id })).serverError).toBe(API_KEY_MESSAGES.notFound);
    signInAs(null);
  });

  it('bad keys are 401s, never anonymous answers', async () => {
    const refusedHeaders: Record<string, string>[] = [
      { authorization: 'Bearer ssk_not-a-key' },
      { authorization: `Bearer ssk_${'A'.repeat(32)}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { 'x-api-key': '' },
      { authorization: `Bearer ssk_${'A'.repeat(32)}`, 'x-api-key': `ssk_${'B'.repeat(32)}` },
    ];
    for (const headers of refusedHeaders) {
      expect((await answer('/api/v1/projects', { headers })).status, JSON.stringify(headers)).toBe(401);
    }
  });

  it(`at most ${API_KEYS_PER_USER_MAX} live keys; the one past the cap stores nothing`, async () => {
    const user = await testRun.makeUser('api-cap');
    signInAs(user);
    for (let index = 0; index < API_KEYS_PER_USER_MAX; index++) expect((await createApiKeyAction({ name: `key ${index}` })).data).toBeDefined();
    expect((await createApiKeyAction({ name: 'one too many' })).serverError).toBe(API_KEY_MESSAGES.tooMany);
    const db = await getDb();
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toHaveLength(API_KEYS_PER_USER_MAX);
    signInAs(null);
  });
});

describe('ETag, CORS and CSV', () => {
  it('an ETag on every GET; If-None-Match answers 304 without a body', async () => {
    for (const template of ['/api/v1/projects', '/api/v1/alerts', '/api/v1/openapi.json']) {
      const first = await call(template);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await call(template, { headers: { 'if-none-match': `W/${etag}, "other"` } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('ratelimit')).not.toBeNull();
      expect((await call(template, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
    }
  });

  it('GETs and preflights are open to any origin, without credentials', async () => {
    const answerToSite = await call('/api/v1/projects', { headers: { origin: 'https://elsewhere.example' } });
    expect(answerToSite.headers.get('access-control-allow-origin')).toBe('*');
    expect(answerToSite.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answerToSite.headers.get('access-control-expose-headers')).toContain('RateLimit');
    const preflight = await (await moduleOf('/api/v1/projects')).OPTIONS();
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('X-API-Key');
  });

  it('lists answer CSV for Accept: text/csv or ?format=csv, formulas neutralised', async () => {
    const viaAccept = await call('/api/v1/alerts', { query: 'project=bitcoin', headers: { accept: 'text/csv' } });
    expect(viaAccept.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await viaAccept.text();
    expect(text.split('\r\n')[0]).toBe('id,occurredAt,title,type,origin,projectId,projectName,projectCategory,chain,technique,confidence,amountLostUsd,amountReturnedUsd,amountsPricedOn,retractedAt,retractionReason,sources,isDemo,protocol,recordSource');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    for (const [template, params] of [
      ['/api/v1/projects', {}],
      ['/api/v1/incidents', {}],
      ['/api/v1/projects/{id}/score-history', { id: 'bitcoin' }],
    ] as const) {
      const response = await call(template, { params, query: 'format=csv' });
      expect(response.status, template).toBe(200);
      await expectDocumented(template, response);
    }
    // JSON stays the answer when the client also accepts it.
    expect((await call('/api/v1/projects', { headers: { accept: 'application/json, text/csv' } })).headers.get('content-type')).toBe('application/json');
  });
});

describe('fuzzing', () => {
  const HOSTILE = ['', '%00', '%ff%fe', "'; drop table projects; --", 'x'.repeat(5000), '-1', '1e309', 'NaN', '../../etc/passwd', '%E2%80%AE', '[]', '{"a":1}', '0x', 'null', '2026-13-45'];
  const random = (() => {
    let seed = 19;
    return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  })();
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

  it('random and hostile queries, paths and headers never get a 5xx', async () => {
    for (const [template, operation] of Object.entries(documented)) {
      const names = [...operation.get.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name), 'cursor', 'unknown'];
      for (let round = 0; round < 12; round++) {
        const query = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${pick(names)}=${pick(HOSTILE)}`).join('&');
        const headers = pick<Record<string, string>>([{}, { accept: pick(['text/csv', '*/*', 'garbage;;q=x']) }, { authorization: pick(['Bearer', 'Bearer  ', 'x'.repeat(300)]) }, { 'if-none-match': pick(['*', '"', 'W/']) }]);
        const response = await call(template, { query, params: { id: pick(HOSTILE) }, headers });
        expect(response.status, `${template}?${query} ${JSON.stringify(headers)}`).toBeLessThan(500);
      }
    }
  });
});
