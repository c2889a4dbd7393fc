import { API_KEY_MESSAGES } from '../../lib/api-keys';
import { acceptCookiesUpFront, expect, newSignedInAccount, openSettings, test } from './support/auth';

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
});

test('an API key made in Settings raises the budget until it is revoked', async ({ page }) => {
  await newSignedInAccount(page, 'api-key');
  await openSettings(page);
  const section = page.getByRole('region', { name: API_KEY_MESSAGES.title });
  await section.getByLabel(API_KEY_MESSAGES.nameLabel).fill('Dashboard');
  await section.getByRole('button', { name: API_KEY_MESSAGES.create }).click();
  const shown = section.getByLabel(API_KEY_MESSAGES.keyTitle);
  await expect(shown).toHaveText(/^ssk_[A-Za-z0-9_-]{32}$/);
  const key = (await shown.textContent())!.trim();
  await expect(section.getByRole('table', { name: API_KEY_MESSAGES.listLabel })).toContainText('Dashboard');

  // The API reads no cookie: the key alone decides the budget.
  const answer = await page.request.get('/api/v1/projects?limit=1', { headers: { authorization: `Bearer ${key}` } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['ratelimit-policy']).toMatch(/^"key";q=\d+;w=\d+$/);
  expect(answer.headers()['access-control-allow-origin']).toBe('*');

  await section.getByRole('button', { name: API_KEY_MESSAGES.revokeLabel('Dashboard') }).click();
  await section.getByRole('button', { name: API_KEY_MESSAGES.confirmRevoke }).click();
  await expect(section.getByText(API_KEY_MESSAGES.empty)).toBeVisible();
  const refused = await page.request.get('/api/v1/projects?limit=1', { headers: { 'x-api-key': key } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toBe('application/problem+json');
});

test('/developers renders the reference of the served document, linked from the footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Developers: public API' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { name: 'The public API', level: 1 })).toBeVisible();
  const document = (await (await page.request.get('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
  for (const path of Object.keys(document.paths)) await expect(page.getByRole('heading', { name: `GET ${path}`, exact: true })).toBeVisible();
});

test('a cross-site browser GET is allowed and preflights answer', async ({ request }) => {
  const preflight = await request.fetch('/api/v1/alerts', { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' } });
  expect(preflight.status()).toBe(204);
  const answer = await request.get('/api/v1/alerts?limit=1', { headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' } });
  expect(answer.status()).toBe(200);
  const again = await request.get('/api/v1/alerts?limit=1', { headers: { 'if-none-match': answer.headers().etag } });
  expect(again.status()).toBe(304);
});

test('/developers loads the interactive explorer only when asked, from our own origin, and it lists the routes', async ({ page }) => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/developers');
  await expect(page.getByRole('heading', { name: 'Try it' })).toBeVisible();
  expect(scripts.some((url) => url.includes('swagger-ui'))).toBe(false);

  await page.getByRole('button', { name: 'Open the interactive explorer' }).click();
  const explorer = page.getByTestId('api-explorer');
  await expect(explorer.getByText('/api/v1/projects', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  expect(scripts.filter((url) => url.includes('swagger-ui')).every((url) => new URL(url).pathname === '/vendor/swagger-ui/swagger-ui-bundle.js')).toBe(true);
  expect(errors).toEqual([]);
});
