import type { Page } from '@playwright/test';

import { compareHref } from '../../lib/compare-selection';
import { COMPANY_LINKS, PRODUCT_LINKS, RESOURCE_LINKS } from '../../lib/navigation';
import { expect, expectPageReady, MEMBER_STATE, test } from './support/auth';

/*
 * Issue #18: no page logs a console error, throws, or makes a request that fails or answers 4xx/5xx, signed in
 * or out (a user without a picture asks the avatar store for none). Nothing is ignored: a page that needs an
 * exception here has a bug to fix instead.
 */

// networkidle on a busy machine can take a while: each page gets 90 s.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

/**
 * Every problem the page at `path` shows from the moment this is called: console errors, uncaught errors, failed or
 * 4xx/5xx requests.
 */
function collectProblems(page: Page, path: string): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    // The one exception: Next's router cancels its own link prefetches (a link scrolled away, a newer prefetch
    // first). Nothing failed, nothing shows in the console, and the link fetches again when followed.
    const headers = request.headers();
    if (error === 'net::ERR_ABORTED' && (headers['next-router-prefetch'] || headers['next-router-segment-prefetch'])) return;
    // Nor is the page left behind: going to the next page cancels what the previous one still had in flight (a
    // session refresh on focus, say). Its requests name it as their referrer; this page's own name this page.
    const referrer = headers.referer ? new URL(headers.referer) : null;
    if (error === 'net::ERR_ABORTED' && referrer && `${referrer.pathname}${referrer.search}` !== path) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${error})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/** Opens a path, waits until the page is hydrated and every request it makes has settled, and returns the problems. */
async function visit(page: Page, path: string): Promise<string[]> {
  const problems = collectProblems(page, path);
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBe(200);
  if (!path.startsWith('/auth/')) await expectPageReady(page);
  // networkidle: a late chunk or a browser fetch can fail after the page looks ready, and no element shows that.
  await page.waitForLoadState('networkidle');
  return problems;
}

const PUBLIC_PATHS = [
  '/',
  '/projects',
  '/projects/bitcoin',
  compareHref(['bitcoin', 'ethereum']),
  '/alerts',
  '/developers',
  '/verify/bitcoin',
  '/unsubscribe',
  ...PRODUCT_LINKS.map((link) => link.href),
  ...COMPANY_LINKS.map((link) => link.href),
  ...RESOURCE_LINKS.map((link) => link.href),
];

const MEMBER_PATHS = ['/my/settings', '/my/watchlists', '/my/notifications', '/my/portfolio'];

/** Pages found by following links: one incident and one blog post, so their templates are covered too. */
async function linkedPaths(page: Page): Promise<string[]> {
  const firstLink = async (from: string, prefix: string) => {
    await page.goto(from);
    // Settled first: a request of this page still in flight would be cut off by the next visit and counted there.
    await page.waitForLoadState('networkidle');
    const hrefs = await page.getByRole('main').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    // A page of its own (an id or a slug), not a file the page offers for download such as /alerts/export.csv.
    const href = hrefs.find((candidate) => candidate.startsWith(prefix) && /^[\w-]+$/.test(candidate.slice(prefix.length)));
    expect(href, `a link under ${prefix} on ${from}`).toBeTruthy();
    return href!;
  };
  return [await firstLink('/alerts', '/alerts/'), await firstLink('/resources/blog', '/resources/blog/')];
}

for (const signedIn of [false, true]) {
  test.describe(signedIn ? 'signed in (a member without a picture)' : 'signed out', () => {
    if (signedIn) test.use({ storageState: MEMBER_STATE });

    for (const path of [...new Set([...PUBLIC_PATHS, ...(signedIn ? MEMBER_PATHS : ['/auth/login', '/auth/signup'])])]) {
      test(`${path} logs no error and no request fails`, async ({ page }) => {
        expect(await visit(page, path)).toEqual([]);
      });
    }

    test('an incident and a blog post log no error and no request fails', async ({ page }) => {
      for (const path of await linkedPaths(page)) {
        expect(await visit(page, path), path).toEqual([]);
      }
    });
  });
}

test.describe('the avatar', () => {
  test.use({ storageState: MEMBER_STATE });

  test('a member without a picture asks the store for none: the header shows the initial', async ({ page }) => {
    const avatarRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/avatars/')) avatarRequests.push(request.url());
    });
    await visit(page, '/company/about');
    const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { email?: string; avatarVersion?: number | null } };
    expect(session.user?.avatarVersion).toBeNull();
    const menu = page.getByRole('banner').getByRole('button', { name: /Account menu/ });
    await expect(menu.locator('img')).toHaveCount(0);
    await expect(menu).toContainText(session.user!.email!.charAt(0).toUpperCase());
    expect(avatarRequests).toEqual([]);
  });
});
