import { expect, test, type Page } from '@playwright/test';

import { CHROME_TEXTS } from '../../lib/messages/chrome';
import { OPEN_DATA_TEXTS } from '../../lib/messages/open-data';
import { SEARCH_TEXTS } from '../../lib/messages/search';
import { COMPANY_LINKS, PRODUCT_LINKS, RESOURCE_LINKS } from '../../lib/navigation';

import { acceptCookiesUpFront } from './support/auth';

test.describe.configure({ mode: 'parallel' });

// The 'desktop' project has no testMatch of its own, so it picks this file up too: run it on phones only.

async function openDrawer(page: Page) {
  await acceptCookiesUpFront(page);
  await page.goto('/company/about');
  await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  return drawer;
}

test('the menu button opens a full-height drawer with search, the menus and the auth links', async ({ page }) => {
  const drawer = await openDrawer(page);

  // Full height: the drawer spans the viewport once its slide-in animation has ended.
  const viewportHeight = page.viewportSize()!.height;
  await expect.poll(async () => (await drawer.boundingBox())?.y).toBe(0);
  await expect.poll(async () => Math.round((await drawer.boundingBox())?.height ?? 0)).toBeGreaterThanOrEqual(viewportHeight - 1);

  await expect(drawer.getByPlaceholder(SEARCH_TEXTS.mainPlaceholder)).toBeVisible();
  for (const [title, links] of [
    ['Products', PRODUCT_LINKS],
    ['Resources', RESOURCE_LINKS],
    ['Company', COMPANY_LINKS],
  ] as const) {
    const group = drawer.getByRole('navigation', { name: title });
    await expect(group.getByRole('heading', { name: title })).toBeVisible();
    for (const link of links) {
      await expect(group.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    }
  }
  await expect(drawer.getByRole('link', { name: CHROME_TEXTS.logIn, exact: true })).toHaveAttribute('href', '/auth/login');
  await expect(drawer.getByRole('link', { name: CHROME_TEXTS.signUp, exact: true })).toHaveAttribute('href', '/auth/signup');
});

test('a product link in the drawer navigates and closes the drawer', async ({ page }) => {
  const drawer = await openDrawer(page);
  await drawer.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Skynet', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/skynet$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Skynet' })).toBeVisible();
});

test('Log In navigates to the /auth/login page rather than opening a modal', async ({ page }) => {
  const drawer = await openDrawer(page);
  await drawer.getByRole('link', { name: CHROME_TEXTS.logIn, exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('Sign Up navigates to the /auth/signup page', async ({ page }) => {
  const drawer = await openDrawer(page);
  await drawer.getByRole('link', { name: CHROME_TEXTS.signUp, exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
});

test('a project page’s banner puts the facts under the name instead of over it', async ({ page }) => {
  await page.goto('/projects/chainlink');
  const banner = page.locator('[data-page-banner]');
  const name = await banner.getByRole('heading', { level: 1 }).boundingBox();
  const facts = await banner.locator('dl').boundingBox();
  const compare = await banner.getByRole('button', { name: /compare/i }).boundingBox();
  expect(name && facts && compare).toBeTruthy();
  // The facts start below the name block's last row (the compare toggle), not beside the name.
  expect(facts!.y).toBeGreaterThanOrEqual(compare!.y + compare!.height - 1);
  expect(name!.x + name!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('no public page scrolls sideways on a phone (wide tables scroll inside their own box)', async ({ page }) => {
  await acceptCookiesUpFront(page);
  for (const path of ['/', '/projects', '/alerts', '/projects/bitcoin', '/compare', '/company/about']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
  }
});

test('privileged transactions keep one line per call on a phone, the table scrolling inside its box', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/projects/chainlink');
  const transactions = page.getByRole('region', { name: 'Privileged transactions' });
  const rows = transactions.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const heights = await rows.evaluateAll((elements) => elements.map((row) => row.getBoundingClientRect().height));
  const lineHeight = await rows.first().locator('td').first().evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight));
  // Padding and a badge add a little; a wrapped time or address would add whole lines.
  for (const height of heights) expect(height).toBeLessThan(lineHeight * 1.9);
  const scroller = transactions.locator('table').locator('xpath=..');
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('a project page asks for the visitor’s own vote only once the vote panel nears the screen', async ({ page }) => {
  await acceptCookiesUpFront(page);
  const voteReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().includes('/api/projects/vote')) voteReads.push(request.url());
  });
  await page.goto('/projects/chainlink');
  await page.waitForLoadState('networkidle');
  expect(voteReads).toEqual([]);
  const panel = page.getByRole('region', { name: 'Do you trust this project?' });
  const read = page.waitForRequest((request) => request.method() === 'GET' && request.url().includes('/api/projects/vote?id=chainlink'));
  await panel.scrollIntoViewIfNeeded();
  await read;
  await expect(panel.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'false');
});

test('a project page loads its badge only once the badge nears the screen, in the place held for it', async ({ page }) => {
  await acceptCookiesUpFront(page);
  const badgeReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/badge/')) badgeReads.push(request.url());
  });
  await page.goto('/projects/chainlink');
  await page.waitForLoadState('networkidle');
  expect(badgeReads).toEqual([]);
  const badge = page.getByRole('region', { name: OPEN_DATA_TEXTS.badgeTitle }).getByRole('img');
  const box = await badge.evaluate((image) => ({ width: image.getBoundingClientRect().width, height: image.getBoundingClientRect().height }));
  const loaded = page.waitForResponse((response) => response.url().endsWith('/badge/chainlink.svg') && response.status() === 200);
  await badge.scrollIntoViewIfNeeded();
  await loaded;
  await expect.poll(() => badge.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(box.width);
  expect(box.height).toBe(20);
});

test('the home page renders its lists below the screen only as they near it', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // checkVisibility with contentVisibilityAuto is false inside a block whose content the browser skips (content-visibility).
  const rendered = (sectionId: string) =>
    page.locator(`#${sectionId} > [style*="contain-intrinsic-size"] > *`).first().evaluate((list) => list.checkVisibility({ contentVisibilityAuto: true }));
  expect(await rendered('tour-alerts')).toBe(true);
  expect(await rendered('tour-under-audit')).toBe(false);

  const underAudit = page.getByRole('region', { name: 'Currently under audit' });
  await underAudit.scrollIntoViewIfNeeded();
  await expect.poll(() => rendered('tour-under-audit')).toBe(true);
  await expect(underAudit.getByRole('link').first()).toBeInViewport();
});

test('the home page’s lists do not fetch their pages in the background, and a tap still navigates in the page', async ({ page }) => {
  await acceptCookiesUpFront(page);
  const listPrefetches: string[] = [];
  page.on('request', (request) => {
    const headers = request.headers();
    const prefetch = headers['next-router-prefetch'] || headers['next-router-segment-prefetch'];
    if (prefetch && /\/(projects|alerts)\/[^/?]+/.test(new URL(request.url()).pathname)) listPrefetches.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Scrolled through every list, so each of their links has been on the screen.
  for (const name of ['Security alerts', 'Trending projects', 'Recently audited', 'Security leaderboard', 'Currently under audit']) {
    await page.getByRole('region', { name }).scrollIntoViewIfNeeded();
  }
  await page.waitForLoadState('networkidle');
  expect(listPrefetches).toEqual([]);

  // A client-side navigation keeps the window's state; a full page load would lose this mark.
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  const trending = page.getByRole('region', { name: 'Trending projects' }).getByRole('link').first();
  await trending.scrollIntoViewIfNeeded();
  const href = await trending.getAttribute('href');
  await trending.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
});
