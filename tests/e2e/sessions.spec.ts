import type { Browser, Page } from '@playwright/test';

import { SETTINGS_MESSAGES } from '../../lib/messages/settings';
import { acceptCookiesUpFront, expect, newSignedInAccount, openSettings, signInByApi, strongPassword, test } from './support/auth';
import { waitForCode } from './support/mail';

/*
 * Sessions end where they should: a password change, a reset and "Sign out of all devices" end every other
 * session of the account at once (a stolen cookie stops working), while the browser that made the change stays in.
 * Each test has an account of its own: ending its sessions must not sign out anyone else's tests.
 */

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
});

/** A second browser (another device: cookies of its own) signed in to the same account, on the settings page. */
async function secondDevice(browser: Browser, email: string, password: string): Promise<Page> {
  // The context gets this test's options, its client address included.
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  await signInByApi(page.request, email, password);
  await openSettings(page);
  return page;
}

/** The device's session is gone: a /my page sends it to the sign-in page, and the session call is empty. */
async function expectSignedOut(page: Page) {
  await page.goto('/my/settings');
  await expect(page).toHaveURL(/\/auth\/login\?/);
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toBeNull();
}

async function expectStillSignedIn(page: Page) {
  await page.reload();
  await expect(page).toHaveURL(/\/my\/settings$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
}

test('changing the password signs out every other device and keeps this one', async ({ page, browser }) => {
  const { email, password } = await newSignedInAccount(page, 'sessions-change');
  await openSettings(page);
  const other = await secondDevice(browser, email, password);

  const newPassword = strongPassword();
  const section = page.getByRole('region', { name: 'Change password' });
  await section.getByLabel('Current password').fill(password);
  await section.getByLabel('New password', { exact: true }).fill(newPassword);
  await section.getByLabel('Confirm new password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toHaveText(SETTINGS_MESSAGES.passwordChanged);

  await expectSignedOut(other);
  await expectStillSignedIn(page);
  await other.context().close();
});

test('"Sign out of all devices" ends the other sessions and keeps this one', async ({ page, browser }) => {
  const { email, password } = await newSignedInAccount(page, 'sessions-all');
  await openSettings(page);
  const other = await secondDevice(browser, email, password);

  await page.getByRole('region', { name: 'Devices' }).getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.signedOutEverywhere)).toBeVisible();

  await expectSignedOut(other);
  await expectStillSignedIn(page);
  // The other device can sign in again.
  await signInByApi(other.request, email, password);
  await openSettings(other);
  await other.context().close();
});

test('a password reset ends every session of the account', async ({ page, browser }) => {
  const { email, password } = await newSignedInAccount(page, 'sessions-reset');
  await openSettings(page);
  const other = await secondDevice(browser, email, password);

  const forgot = await page.request.post('/api/auth/forgot-password', { data: { email } });
  expect(forgot.status()).toBe(200);
  const code = await waitForCode(email, 2);
  const reset = await page.request.post('/api/auth/reset-forgotten-password', { data: { email, code, newPassword: strongPassword() } });
  expect(reset.status(), await reset.text()).toBe(200);

  await expectSignedOut(other);
  await expectSignedOut(page);
  await other.context().close();
});

test('signing out ends the session on the server: a copy of its cookie no longer signs anyone in', async ({ page, browser }) => {
  await newSignedInAccount(page, 'sessions-out');
  await openSettings(page);
  const stolen = await page.context().cookies();
  expect(stolen.some((cookie) => cookie.name.includes('session-token'))).toBe(true);

  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const context = await browser.newContext();
  await context.addCookies(stolen);
  const thief = await context.newPage();
  await expectSignedOut(thief);
  await context.close();
});
