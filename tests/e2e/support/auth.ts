import { fileURLToPath } from 'node:url';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { CHROME_TEXTS } from '../../../lib/messages/chrome';
import { uniqueEmail, waitForCode } from './mail';

/**
 * The browser state of the shared member, signed in once by the setup project (tests/e2e/auth.setup.ts), on the
 * main server and on the flags-off one. For tests that need a signed-in page and change nothing another test
 * counts on: a test that needs an empty account, or changes the password, the username or the sessions, makes
 * an account of its own (newSignedInAccount).
 */
export const MEMBER_STATE = fileURLToPath(new URL('../.auth/member.json', import.meta.url));
export const FLAGS_OFF_MEMBER_STATE = fileURLToPath(new URL('../.auth/member-flags-off.json', import.meta.url));

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

/**
 * Signs the browser context of `request` in through the session mechanism's credentials endpoint, as the sign-in
 * form's signIn() does, without the form (page.request shares the page's cookies).
 */
export async function signInByApi(request: APIRequestContext, email: string, password: string) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  // With this header Auth.js answers with the URL it would redirect to, which names an error if it refused.
  const response = await request.post('/api/auth/callback/credentials', { form: { csrfToken, email, password }, headers: { 'x-auth-return-redirect': '1' } });
  expect(response.status(), await response.text()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(new URL(url).searchParams.get('error'), url).toBeNull();
}

/** A new confirmed account, signed in in the page's browser context: data of its own that no other test touches. */
export async function newSignedInAccount(page: Page, prefix: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = strongPassword();
  await createConfirmedAccount(page.request, email, password);
  await signInByApi(page.request, email, password);
  return { email, password };
}

/**
 * Opens a /my page signed out, logs in on the sign-in page it redirects to, and waits to be back: for tests about
 * signing in. Log In is enabled only once the hydrated form has taken valid input, so the fields are filled again
 * until it is (text typed before hydration does not reach the form).
 */
export async function logInThrough(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login\?/);
  const form = page.getByRole('main');
  const logIn = form.getByRole('button', { name: CHROME_TEXTS.logIn, exact: true });
  await expect(async () => {
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await expect(logIn).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await logIn.click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path, { timeout: 20_000 });
}

/**
 * Waits until the page is hydrated and knows its session: the server always renders the account area (in the
 * header, or the home page's hero) as a placeholder, and only the page's code in the browser, having asked for
 * the session, puts Log In or the avatar menu there. On a large screen (below 1024 px the area moves into the
 * menu drawer), and not on the sign-in page, whose form has a Log In of its own.
 */
export async function expectPageReady(page: Page) {
  const settled = page.getByRole('button', { name: /Account menu/ }).or(page.getByRole('button', { name: CHROME_TEXTS.logIn, exact: true }));
  await expect(settled.first()).toBeVisible({ timeout: 30_000 });
}

/** Opens the account settings page, signed in, and waits until it is hydrated, so its forms are React's. */
export async function openSettings(page: Page) {
  await page.goto('/my/settings');
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
  await expectPageReady(page);
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
