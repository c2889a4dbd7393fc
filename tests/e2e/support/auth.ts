import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { CHROME_TEXTS } from '../../../lib/messages';
import { waitForCode } from './mail';

let ipCounter = 0;

/**
 * Playwright's test with a client address of its own for every test: the main test server trusts one proxy hop
 * (TRUSTED_PROXY_HOPS=1), so the x-forwarded-for this runner sends, as a proxy would, is the client's address and
 * tests never share a budget. The header goes on the page and on `request`.
 */
export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, provide, testInfo) => {
    ipCounter += 1;
    await provide(`10.9.${(testInfo.workerIndex % 250) + 1}.${(ipCounter % 250) + 1}`);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, provide) => {
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': clientIp });
  },
});

export { expect };

/** A password that meets the rule of SPEC §5 (8+ characters with letters and digits), different each call. */
export function strongPassword(): string {
  return `Pw${Math.random().toString(36).slice(2, 8)}${Math.floor(Math.random() * 90 + 10)}x`;
}

/** Marks cookies as accepted before any page script runs, so the consent banner does not cover the page. */
export async function acceptCookiesUpFront(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'true'));
}

/** Signs up through the API; the confirmation code is mailed. */
export async function signUpViaApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/signup', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** An account that exists and is confirmed, made through the API with the code read from the mail catcher. */
export async function createConfirmedAccount(request: APIRequestContext, email: string, password: string) {
  await signUpViaApi(request, email, password);
  const verificationCode = await waitForCode(email);
  const response = await request.post('/api/auth/verify-email', { data: { email, verificationCode } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The header's avatar menu button (signed in). */
export function accountMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /Account menu/ });
}

/** The header's Log In (signed out, large screen: a button that opens the modal). */
export function headerLogIn(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: CHROME_TEXTS.logIn, exact: true });
}

/** The header's Sign Up (signed out, large screen). */
export function headerSignUp(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: CHROME_TEXTS.signUp, exact: true });
}
