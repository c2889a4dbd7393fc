import type { Page } from '@playwright/test';

import { AUTH_MESSAGES } from '../../../lib/messages/auth';
import { accountMenuButton, acceptCookiesUpFront, expect, headerLogIn, headerSignUp, test } from './auth';

// Desktop (1366 × 900): Log In and Sign Up in the header open the auth modal (SPEC §2, §4). Every test makes its
// own account and, through the `test` of support/auth, has a client address of its own for the rate limits.

const PAGE_WITH_HEADER = '/company/about';

/** For the auth flow specs: tests run in parallel, each a whole flow with no cookie banner. */
export function runAuthFlows() {
  test.describe.configure({ mode: 'parallel' });
  test.beforeEach(async ({ page }) => {
    // Whole flows of several server round trips (password hashing, mail) each: give them 3 × the usual time.
    test.slow();
    await acceptCookiesUpFront(page);
  });
}

/** The auth modal showing one step, found by its title. */
export function authDialog(page: Page, title: 'Log In' | 'Create your account' | 'Forgot password' | 'Choose a new password' | 'Verify your email') {
  return page.getByRole('dialog', { name: title, exact: true });
}

/** Opens the page and waits until the session is known and the signed-out actions show. */
export async function openSignedOut(page: Page) {
  await page.goto(PAGE_WITH_HEADER);
  // The first session fetch of a page (hydration, then /api/auth/session) can be slow on a busy machine.
  await expect(headerLogIn(page)).toBeVisible({ timeout: 30_000 });
}

/** Fills and sends the sign-up step of the modal; leaves the modal on the verify step. */
export async function signUpInModal(page: Page, email: string, password: string) {
  await headerSignUp(page).click();
  const dialog = authDialog(page, 'Create your account');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const verify = authDialog(page, 'Verify your email');
  await expect(verify).toBeVisible();
  await expect(verify).toContainText(email);
  return verify;
}

/** Logs in through the modal's login step (opened from the header). */
export async function logInInModal(page: Page, email: string, password: string) {
  await headerLogIn(page).click();
  const dialog = authDialog(page, 'Log In');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  return dialog;
}

export async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(headerLogIn(page)).toBeHidden();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { email?: string } } | null;
  expect(session?.user?.email).toBe(email);
}

export async function signOutFromMenu(page: Page) {
  await accountMenuButton(page).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText(AUTH_MESSAGES.signedOut, { exact: true })).toBeVisible();
  await expect(headerLogIn(page)).toBeVisible();
  await expect(accountMenuButton(page)).toBeHidden();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: unknown } | null;
  expect(session?.user).toBeUndefined();
}

/** From the header: Log In, Forgot password?, the email, Send reset code; returns the dialog asking for the code. */
export async function requestResetCode(page: Page, email: string) {
  await headerLogIn(page).click();
  await authDialog(page, 'Log In').getByRole('button', { name: 'Forgot password?', exact: true }).click();
  const forgot = authDialog(page, 'Forgot password');
  await forgot.getByLabel('Email', { exact: true }).fill(email);
  await forgot.getByRole('button', { name: 'Send reset code', exact: true }).click();
  return authDialog(page, 'Choose a new password');
}

/** A 6-digit code that is not the given one. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
