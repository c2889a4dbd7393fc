import type { Page } from '@playwright/test';

import { ANALYTICS_EVENT } from '../../lib/analytics';
import { AUTH_MESSAGES } from '../../lib/messages/auth';
import { SETTINGS_MESSAGES } from '../../lib/messages/settings';
import {
  acceptCookiesUpFront,
  accountMenuButton,
  createConfirmedAccount,
  expect,
  logInThrough,
  MEMBER_STATE,
  newSignedInAccount,
  openSettings,
  strongPassword,
  test,
} from './support/auth';
import { uniqueEmail } from './support/mail';

// A 2×2 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGOQizohF3WCAUIBACBmBQGutJrkAAAAAElFTkSuQmCC', 'base64');

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  // Sign-up, mail and a log-in each on a loaded 2-core machine.
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
});

/** A new account of this test's own (its username, wallets or password change), on the settings page. */
async function ownAccountOnSettings(page: Page) {
  const account = await newSignedInAccount(page, 'settings');
  await openSettings(page);
  return account;
}

test.describe('as the shared member', () => {
  test.use({ storageState: MEMBER_STATE });

  test('the settings page lists Profile first, then the setup and tour sections, Alert e-mails, Webhooks, API keys, Wallets, Change password and Devices', async ({ page }) => {
    await openSettings(page);
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.map((text) => text.trim())).toEqual(['Profile', 'Extended Account Setup', 'Guided Tour', 'Alert e-mails', 'Webhooks', 'API keys', 'Wallets', 'Change password', 'Devices']);
  });
});

// Its own account: the shared member stays without a picture, which tests/e2e/clean-console.spec.ts relies on.
test('upload a profile picture and see it, in settings and in the header; a file that is not a picture is refused', async ({ page }) => {
  await ownAccountOnSettings(page);
  const file = page.getByLabel('Profile picture file');
  // No picture yet: the header shows the initial and asks the store for nothing.
  await expect(accountMenuButton(page).locator('img')).toHaveCount(0);

  await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
  await expect(page.getByRole('alert').filter({ hasText: SETTINGS_MESSAGES.avatarWrongType })).toBeVisible();

  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(SETTINGS_MESSAGES.avatarSaved)).toBeVisible();
  const picture = page.getByTestId('profile-avatar').locator('img');
  await expect(picture).toHaveAttribute('src', /\/api\/avatars\/[a-z0-9_-]+\?v=\d+&t=\d+/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  // The session now carries the picture's version, so the header shows it without a new sign-in.
  await expect.poll(() => accountMenuButton(page).locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

  // A fresh page load shows it too (the store serves it by username).
  await page.reload();
  await expect.poll(() => page.getByTestId('profile-avatar').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
});

test('change the username: it is saved, lower-cased, and the account menu shows it', async ({ page }) => {
  await ownAccountOnSettings(page);
  const name = `New_Name-${Date.now().toString(36)}`;
  const field = page.getByLabel('Username');
  await field.fill('no');
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.usernameInvalid)).toBeVisible();

  await field.fill(name);
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByText(SETTINGS_MESSAGES.usernameSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(name.toLowerCase());
  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toContainText(name.toLowerCase());
});

test('add a wallet: stored checksummed and listed; a bad address is refused', async ({ page }) => {
  await ownAccountOnSettings(page);
  const wallets = page.getByRole('region', { name: 'Wallets' });
  await expect(wallets.getByText('No wallets yet.')).toBeVisible();

  await wallets.getByLabel('Wallet address').fill('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  await wallets.getByRole('button', { name: 'Add wallet' }).click();
  await expect(wallets.getByText(SETTINGS_MESSAGES.walletInvalid)).toBeVisible();

  await wallets.getByLabel('Wallet address').fill('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
  await wallets.getByRole('button', { name: 'Add wallet' }).click();
  const list = wallets.getByRole('list', { name: 'Your wallets' });
  await expect(list).toContainText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your wallets' }).getByRole('listitem')).toHaveText(['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed']);
});

test('change the password: the session stays, and the new password logs in', async ({ page, browser }) => {
  const { email, password } = await ownAccountOnSettings(page);
  const newPassword = strongPassword();
  const section = page.getByRole('region', { name: 'Change password' });

  await section.getByLabel('Current password').fill('wrong-pass-9');
  await section.getByLabel('New password', { exact: true }).fill(newPassword);
  await section.getByLabel('Confirm new password').fill(newPassword);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText(SETTINGS_MESSAGES.currentPasswordWrong)).toBeVisible();

  await section.getByLabel('Current password').fill(password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('status')).toHaveText(SETTINGS_MESSAGES.passwordChanged);

  // Still signed in here.
  await page.reload();
  await expect(page).toHaveURL(/\/my\/settings$/);

  // A new browser logs in with the new password (its context gets this test's options: client address included).
  const context = await browser.newContext();
  const other = await context.newPage();
  await acceptCookiesUpFront(other);
  await logInThrough(other, '/my/settings', email, newPassword);
  await expect(other.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
  await context.close();
});

test('analytics without a key: identify on login, a page view per route change, reset on sign-out, nothing sent off the site', async ({ page }) => {
  type Recorded = { event: string; properties: Record<string, unknown> };
  await page.addInitScript((name) => {
    const recorded: unknown[] = [];
    (window as unknown as { recorded: unknown[] }).recorded = recorded;
    window.addEventListener(name, (event) => recorded.push((event as CustomEvent).detail));
  }, ANALYTICS_EVENT);
  const offSite: string[] = [];
  page.on('request', (request) => {
    if (!['localhost', '127.0.0.1'].includes(new URL(request.url()).hostname)) offSite.push(request.url());
  });
  const events = () => page.evaluate(() => (window as unknown as { recorded: Recorded[] }).recorded);

  // Signing in through the sign-in page is what this test is about: no stored state, no API shortcut.
  const email = uniqueEmail('settings-analytics');
  const password = strongPassword();
  await createConfirmedAccount(page.request, email, password);
  await logInThrough(page, '/my/settings', email, password);
  await expect(page.getByRole('heading', { name: 'Profile', level: 2 })).toBeVisible();
  await expect.poll(async () => (await events()).filter((entry) => entry.event === '$identify').length).toBe(1);

  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Watchlists' }).click();
  await expect(page).toHaveURL(/\/my\/watchlists$/);
  await expect
    .poll(async () => (await events()).filter((entry) => entry.event === '$pageview').map((entry) => new URL(String(entry.properties.$current_url)).pathname))
    .toEqual(['/auth/login', '/my/settings', '/my/watchlists']);

  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText(AUTH_MESSAGES.signedOut, { exact: true })).toBeVisible();
  await expect.poll(async () => (await events()).some((entry) => entry.event === '$reset')).toBe(true);
  expect(offSite).toEqual([]);
});
