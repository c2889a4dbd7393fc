import { AUTH_MESSAGES } from '../../lib/messages/auth';
import { CHROME_TEXTS } from '../../lib/messages/chrome';
import { acceptCookiesUpFront, createConfirmedAccount, expect, strongPassword, test } from './support/auth';
import { uniqueEmail } from './support/mail';

test.describe.configure({ mode: 'parallel' });

// Phones only (the 'phone' project): the header bar has no Log In; the drawer's Log In goes to /auth/login.

test('on a phone, Log In from the drawer goes to /auth/login; signed in, the drawer has an Account section', async ({ page, request }) => {
  test.slow(); // a whole flow: account set-up, log in, drawer, sign out
  const email = uniqueEmail('mobile');
  const password = strongPassword();
  await createConfirmedAccount(request, email, password);
  await acceptCookiesUpFront(page);
  await page.goto('/company/about');

  const header = page.getByRole('banner');
  const menuButton = header.getByRole('button', { name: /menu/i });
  await expect(menuButton).toBeVisible({ timeout: 30_000 });
  await expect(header.getByRole('button', { name: CHROME_TEXTS.logIn, exact: true })).toBeHidden();
  await expect(header.getByRole('link', { name: CHROME_TEXTS.logIn, exact: true })).toBeHidden();

  await menuButton.click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: CHROME_TEXTS.logIn, exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('dialog')).toBeHidden();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Log In', exact: true }).click();
  // Without a callbackUrl the page form returns home; on a phone its account area lives in the drawer (below).
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/session')).json()) as { user?: { email?: string } } | null)?.user?.email ?? null, {
      timeout: 30_000,
    })
    .toBe(email.toLowerCase());
  await page.goto('/company/about');

  await header.getByRole('button', { name: /menu/i }).click();
  const signedInDrawer = page.getByRole('dialog');
  const account = signedInDrawer.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Account Settings', exact: true })).toHaveAttribute('href', '/my/settings');
  await expect(account.getByRole('link', { name: 'Watchlists', exact: true })).toHaveAttribute('href', '/my/watchlists');
  await expect(signedInDrawer.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(signedInDrawer.getByRole('link', { name: CHROME_TEXTS.logIn, exact: true })).toBeHidden();

  await signedInDrawer.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText(AUTH_MESSAGES.signedOut, { exact: true })).toBeVisible();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: unknown } | null;
  expect(session?.user).toBeUndefined();
  await header.getByRole('button', { name: /menu/i }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: CHROME_TEXTS.logIn, exact: true })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('navigation', { name: 'Account' })).toHaveCount(0);
});
