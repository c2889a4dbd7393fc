import { expect, test, type Page } from '@playwright/test';

import { COMPANY_LINKS, PRODUCT_LINKS } from '../../lib/navigation';

test.describe.configure({ mode: 'parallel' });

/** Collects console errors and uncaught page errors from the moment it is called. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Opens a path, expects 200, a non-empty title, a meta description and no console error once hydrated. */
async function expectHealthyPage(page: Page, path: string) {
  const errors = collectErrors(page);
  const response = await page.goto(path);
  expect(response?.status(), `${path} status`).toBe(200);
  // networkidle: an error can come from any chunk the page loads late, and no element says they all have.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveTitle(/\S/);
  const description = await page.locator('meta[name="description"]').first().getAttribute('content');
  expect(description?.trim(), `${path} meta description`).toBeTruthy();
  expect(errors, `${path} console errors`).toEqual([]);
}

const STATIC_ROUTES = [
  '/',
  ...PRODUCT_LINKS.map((link) => link.href),
  ...COMPANY_LINKS.map((link) => link.href),
  '/resources/blog',
  '/auth/login',
  '/auth/signup',
  '/projects/bitcoin',
  '/alerts',
  '/status',
];

test.describe('every route answers', () => {
  for (const path of STATIC_ROUTES) {
    test(`${path} answers 200 with a title, a description and no console error`, async ({ page }) => {
      await expectHealthyPage(page, path);
    });
  }

  test('every blog post linked from the blog answers 200 with no console error', async ({ page }) => {
    await page.goto('/resources/blog');
    const hrefs = await page
      .getByRole('main')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '').filter((href) => href.startsWith('/resources/blog/')));
    const posts = [...new Set(hrefs)];
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      await expectHealthyPage(page, post);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});

test.describe('signed-out account pages', () => {
  for (const path of ['/my/settings', '/my/watchlists']) {
    test(`${path} redirects to /auth/login with SessionRequired and the callback URL`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login\?/);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/auth/login');
      expect(url.searchParams.get('error')).toBe('SessionRequired');
      expect(url.searchParams.get('callbackUrl')).toContain(path);
    });
  }
});

test.describe('not found', () => {
  for (const path of ['/no-such-page', '/projects/no-such-project']) {
    test(`${path} answers 404 with the Page not found heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });
  }
});

test.describe('machine-readable routes', () => {
  test('/sitemap.xml lists the pages and the project URLs', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain('<urlset');
    expect(body).toMatch(/<loc>[^<]*\/projects\/bitcoin<\/loc>/);
    expect(body).toContain('/products/skynet</loc>');
  });

  test('/robots.txt answers and points at the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/User-Agent: \*/i);
    expect(body).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  test('/metrics answers Prometheus text to this machine, and 404 to a request through a proxy', async ({ request }) => {
    const local = await request.get('/metrics');
    expect(local.status()).toBe(200);
    expect(local.headers()['cache-control']).toBe('no-store');
    expect(await local.text()).toContain('# TYPE skynet_chain_indexed_block gauge');
    const proxied = await request.get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.44' } });
    expect(proxied.status()).toBe(404);
    expect(await proxied.text()).not.toContain('skynet_');
  });

  test('GET /api/health answers 200 {status: ok}', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });
});
