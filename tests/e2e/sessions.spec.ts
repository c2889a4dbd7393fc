import { expect, test, type Browser, type Page } from '@playwright/test';

import { SETTINGS_MESSAGES } from '../../lib/messages';
import { createAccount, logInThrough, preparePage } from './support/account';
import { waitForCode } from './support/mail';

/*
 * Sessions end where they should: a password change, a reset and "Sign out of all devices" end every other
 * session of the account at once (a stolen cookie stops working), while the browser that made the change stays in.
 */

const PASSWORD = 'sessions-pass-1';

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await preparePage(page, testInfo.workerIndex);
});

/** A second browser (another device) signed in to the same account on the settings page. */
async function secondDevice(browser: Browser, workerIndex: number, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await preparePage(page, workerIndex);
  await logInThrough(page, '/my/settings', email, password);
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

test('changing the password signs out every other device and keeps this one', async ({ page, browser }, testInfo) => {
  const email = await createAccount(page, PASSWORD, 'sessions-change');
  await logInThrough(page, '/my/settings', email, PASSWORD);
  const other = await secondDevice(browser, testInfo.workerIndex, email, PASSWORD);

  const section = page.getByRole('region', { name: 'Change password' });
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByLabel('New password', { exact: true }).fill('sessions-pass-2');
  await section.getByLabel('Confirm new password').fill('sessions-pass-2');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toHaveText(SETTINGS_MESSAGES.passwordChanged);

  await expectSignedOut(other);
  await expectStillSignedIn(page);
  await other.context().close();
});

test('"Sign out of all devices" ends the other sessions and keeps this one', async ({ page, browser }, testInfo) => {
  const email = await createAccount(page, PASSWORD, 'sessions-all');
  await logInThrough(page, '/my/settings', email, PASSWORD);
  const other = await secondDevice(browser, testInfo.workerIndex, email, PASSWORD);

  await page.getByRole('region', { name: 'Devices' }).getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.signedOutEverywhere)).toBeVisible();

  await expectSignedOut(other);
  await expectStillSignedIn(page);
  // The other device can sign in again.
  await logInThrough(other, '/my/settings', email, PASSWORD);
  await other.context().close();
});

test('a password reset ends every session of the account', async ({ page, browser }, testInfo) => {
  const email = await createAccount(page, PASSWORD, 'sessions-reset');
  await logInThrough(page, '/my/settings', email, PASSWORD);
  const other = await secondDevice(browser, testInfo.workerIndex, email, PASSWORD);

  const forgot = await page.request.post('/api/auth/forgot-password', { data: { email } });
  expect(forgot.status()).toBe(200);
  const code = await waitForCode(email, 2);
  const reset = await page.request.post('/api/auth/reset-forgotten-password', { data: { email, code, newPassword: 'sessions-pass-3' } });
  expect(reset.status(), await reset.text()).toBe(200);

  await expectSignedOut(other);
  await expectSignedOut(page);
  await other.context().close();
});

test('signing out ends the session on the server: a copy of its cookie no longer signs anyone in', async ({ page, browser }, testInfo) => {
  const email = await createAccount(page, PASSWORD, 'sessions-out');
  await logInThrough(page, '/my/settings', email, PASSWORD);
  const stolen = await page.context().cookies();
  expect(stolen.some((cookie) => cookie.name.includes('session-token'))).toBe(true);

  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  const context = await browser.newContext();
  await context.addCookies(stolen);
  const thief = await context.newPage();
  await preparePage(thief, testInfo.workerIndex);
  await expectSignedOut(thief);
  await context.close();
});
