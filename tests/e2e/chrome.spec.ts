import { expect, test, type Page } from '@playwright/test';

import { CHROME_TEXTS } from '../../lib/messages/chrome';
import { SEARCH_TEXTS } from '../../lib/messages/search';
import { CHAT_APP, COMPANY_LINKS, PRODUCT_LINKS, RESOURCE_LINKS, SOCIAL_LINKS } from '../../lib/navigation';
import { expectPageReady } from './support/auth';

test.describe.configure({ mode: 'parallel' });

/** The consent flag the cookie banner stores (lib/constants COOKIE_CONSENT_KEY). */
const COOKIE_CONSENT_KEY = 'cookie-consent';

/** Marks cookies as accepted before any page script runs, so the banner does not cover the page. */
async function acceptCookiesUpFront(page: Page) {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), COOKIE_CONSENT_KEY);
}

test.describe('footer', () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.goto('/company/about');
  });

  test('shows the copyright line with the current year', async ({ page }) => {
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('has the Products, Resources, Company and Socials link groups', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    for (const [title, links] of [
      ['Products', PRODUCT_LINKS],
      ['Resources', RESOURCE_LINKS],
      ['Company', COMPANY_LINKS],
    ] as const) {
      const group = footer.getByRole('navigation', { name: title });
      await expect(group.getByRole('heading', { name: title })).toBeVisible();
      for (const link of links) {
        await expect(group.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
      }
    }
    await expect(footer.getByRole('heading', { name: 'Socials' })).toBeVisible();
    for (const social of SOCIAL_LINKS) {
      await expect(footer.getByRole('link', { name: social.label, exact: true })).toHaveAttribute('href', social.href);
    }
  });

  test('shows the chat app QR code on hover and on keyboard focus, and hides it again', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    const trigger = footer.getByRole('button', { name: `${CHAT_APP.label}: show QR code` });
    const qr = footer.getByRole('img', { name: `${CHAT_APP.label} QR code` });
    await expect(qr).toBeHidden();
    await trigger.hover();
    await expect(qr).toBeVisible();
    await expect(qr.locator('svg')).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(qr).toBeHidden();
    await trigger.focus();
    await expect(qr).toBeVisible();
  });
});

test.describe('header', () => {
  test('the Products menu opens and navigates to Skynet', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.goto('/company/about');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Products' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    for (const link of PRODUCT_LINKS) {
      await expect(menu.getByRole('menuitem', { name: link.label })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: /^Skynet/ }).click();
    await expect(page).toHaveURL(/\/products\/skynet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Skynet' })).toBeVisible();
    await expect(page.getByRole('menu')).toBeHidden();
  });

  test('the nav search is disabled over the banner and enabled once scrolled past it', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.goto('/products/skynet');
    const search = page.getByRole('banner').getByPlaceholder(SEARCH_TEXTS.navPlaceholder, { exact: true });
    await expect(search).toBeDisabled();
    const bannerHeight = await page.locator('[data-page-banner]').evaluate((banner) => (banner as HTMLElement).offsetHeight);
    expect(bannerHeight).toBeGreaterThan(0);
    await page.evaluate((y) => window.scrollTo(0, y), bannerHeight + 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(bannerHeight);
    await expect(search).toBeEnabled();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(search).toBeDisabled();
  });
});

test.describe('cookie banner', () => {
  test('shows until I Accept is clicked and stays gone after a reload', async ({ page }) => {
    // Part of the server's HTML, so a first visit paints it with the page (not after hydration).
    expect(await (await page.request.get('/company/about')).text()).toContain('aria-label="Cookie consent"');
    await page.goto('/company/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: CHROME_TEXTS.acceptCookies }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    // Hidden from the first paint: the inline script in <head> marks the page, which the stylesheet reads.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-cookie-consent'))).toBe(true);
    await expectPageReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test.describe('route changes', () => {
  test('scroll to the top after navigating', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.goto('/company/terms-and-conditions');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/company\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a $pageview analytics event is sent for the new URL', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.addInitScript(() => {
      const events: { event: string; properties: Record<string, unknown> }[] = [];
      (window as unknown as { __analytics: typeof events }).__analytics = events;
      window.addEventListener('sentinel:analytics', (event) => events.push((event as CustomEvent).detail));
    });
    const pageViews = () =>
      page.evaluate(() =>
        (window as unknown as { __analytics: { event: string; properties: Record<string, unknown> }[] }).__analytics
          .filter((entry) => entry.event === '$pageview')
          .map((entry) => String(entry.properties.$current_url)),
      );

    await page.goto('/company/about');
    const origin = new URL(page.url()).origin;
    await expect.poll(pageViews).toEqual([`${origin}/company/about`]);

    // Client-side navigations: the listener lives on through them, as the document is not reloaded.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers', exact: true }).click();
    await expect(page).toHaveURL(/\/company\/careers$/);
    await expect.poll(pageViews).toEqual([`${origin}/company/about`, `${origin}/company/careers`]);

    await page.getByRole('banner').getByRole('link', { name: 'Resources', exact: true }).click();
    await expect(page).toHaveURL(/\/resources\/blog$/);
    await expect.poll(pageViews).toEqual([`${origin}/company/about`, `${origin}/company/careers`, `${origin}/resources/blog`]);
  });
});
