import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Issue #42: no input is a 5xx. NUL, other control characters and broken UTF-8 go to every page filter and to every
 * parameter and JSON field the two OpenAPI documents list, on the real server; each answer is a 2xx/3xx/4xx.
 */

// Percent-encoded as a client would send them: NUL, a bell, a lone surrogate's bytes, bytes that are no UTF-8 at all.
const HOSTILE_VALUES = ['%00', 'a%00b', '%07', '%ED%A0%80', '%FF%FE', '%C3%28'];
// The same as JSON text: a NUL, a bell, a C1 control, a lone surrogate.
const HOSTILE_JSON_STRINGS = ['\\u0000', 'a\\u0000b', '\\u0007', '\\u0085', '\\ud800'];

const PAGE_FILTERS: Record<string, string[]> = {
  '/alerts': ['type', 'technique', 'chain', 'category', 'project', 'from', 'to', 'minLost', 'maxLost', 'origin', 'returned', 'q', 'page'],
  '/alerts/export.csv': ['technique', 'chain', 'category', 'q'],
  '/projects': ['category', 'chain', 'grade', 'minScore', 'maxScore', 'audit', 'kyc', 'sort', 'page'],
  '/projects/export.csv': ['category', 'chain', 'sort'],
  '/compare': ['ids'],
  '/unsubscribe': ['token'],
  '/sign-in': ['callbackUrl', 'error'],
};

// The main server trusts one proxy (playwright.config.ts): a fresh address per request keeps the budgets out of it.
const fromSomewhere = () => ({ 'x-forwarded-for': `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}` });

type Parameter = { name: string; in: 'query' | 'path' | 'header' | 'cookie' };
type Operation = { parameters?: (Parameter | { $ref: string })[]; requestBody?: { content?: Record<string, { schema?: unknown }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };

function resolve<T>(document: OpenApi, value: unknown): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec((value as { $ref: string }).$ref) ?? [];
    return resolve(document, document.components?.[section]?.[name]);
  }
  return value as T;
}

/** The JSON field names of an operation's body, one level deep (enough to reach every text the routes store). */
function bodyFields(document: OpenApi, operation: Operation): string[] | null {
  const schema = resolve<{ properties?: Record<string, unknown> } | undefined>(document, operation.requestBody?.content?.['application/json']?.schema);
  if (!operation.requestBody?.content?.['application/json']) return null;
  return Object.keys(schema?.properties ?? {});
}

async function expectNoServerError(request: APIRequestContext, method: 'get' | 'post', url: string, options: { data?: string } = {}) {
  const headers = { ...fromSomewhere(), ...(options.data !== undefined ? { 'content-type': 'application/json' } : {}) };
  const response = method === 'get' ? await request.get(url, { headers, maxRedirects: 0 }) : await request.post(url, { headers, data: options.data, maxRedirects: 0 });
  expect.soft(response.status(), `${method.toUpperCase()} ${url} ${options.data ?? ''}`).toBeLessThan(500);
  return response;
}

test('every page filter takes hostile bytes without a server error; the leaderboard and alert filters drop and name them', async ({ request }) => {
  test.setTimeout(240_000);
  for (const [page, filters] of Object.entries(PAGE_FILTERS)) {
    for (const filter of filters) {
      for (const value of HOSTILE_VALUES) await expectNoServerError(request, 'get', `${page}?${filter}=${value}`);
    }
  }
  const alerts = await expectNoServerError(request, 'get', '/alerts?chain=%00');
  expect(alerts.status()).toBe(200);
  expect(await alerts.text()).toMatch(/chain/);
  expect((await expectNoServerError(request, 'get', '/projects?category=%00')).status()).toBe(200);
});

for (const documentPath of ['/api/openapi.json', '/api/v1/openapi.json']) {
  test(`every parameter and JSON field of ${documentPath} takes hostile bytes with a 4xx at worst`, async ({ request }) => {
    test.setTimeout(300_000);
    const document = (await (await request.get(documentPath)).json()) as OpenApi;
    let sent = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method !== 'get' && method !== 'post') continue;
        const parameters = (operation.parameters ?? []).map((parameter) => resolve<Parameter>(document, parameter));
        const filled = (hostile: { name: string; value: string } | null) =>
          path.replace(/\{([^}]+)\}/g, (_whole, name: string) => (hostile?.name === name ? hostile.value : 'x'));
        for (const parameter of parameters.filter((entry) => entry.in === 'query' || entry.in === 'path')) {
          for (const value of HOSTILE_VALUES) {
            const url = parameter.in === 'path' ? filled({ name: parameter.name, value }) : `${filled(null)}?${parameter.name}=${value}`;
            await expectNoServerError(request, method, url, method === 'post' ? { data: '{}' } : {});
            sent++;
          }
        }
        const fields = method === 'post' ? bodyFields(document, operation) : null;
        if (fields) {
          for (const field of fields) {
            for (const text of HOSTILE_JSON_STRINGS) {
              await expectNoServerError(request, 'post', filled(null), { data: `{"${field}":"${text}"}` });
              sent++;
            }
          }
          // Bytes that are no UTF-8 at all, as a whole body.
          await expectNoServerError(request, 'post', filled(null), { data: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) as unknown as string });
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(50);
  });
}

test('a body larger than its route takes is refused at the door with 413, and only the staff upload may send megabytes', async ({ request }) => {
  const twoMegabytes = `{"name":"${'a'.repeat(2 * 1024 * 1024)}","projects":[]}`;
  const listCreate = await request.post('/api/watchlist/create', { headers: { ...fromSomewhere(), 'content-type': 'application/json' }, data: twoMegabytes });
  expect(listCreate.status()).toBe(413);
  expect(await listCreate.json()).toEqual({ error: 'The request body is too large.' });
  // The staff upload path takes it as far as its own checks (not signed in as staff: a 404, never the front's 413).
  const upload = await request.post('/api/staff/files?kind=report', { headers: { ...fromSomewhere(), 'content-type': 'application/pdf' }, data: Buffer.alloc(2 * 1024 * 1024, 0x25) });
  expect(upload.status()).not.toBe(413);
  expect(upload.status()).toBeLessThan(500);
});
