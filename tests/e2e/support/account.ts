import { expect, type Page } from '@playwright/test';

import { uniqueEmail, waitForCode } from './mail';

let serial = 0;

/**
 * Gives the page a client address of its own (rate limits are per address) and accepts cookies up front, so the
 * consent banner does not cover the page.
 */
export async function preparePage(page: Page, workerIndex: number) {
  const run = process.pid % 200;
  const ip = `10.${(run + 40) % 256}.${(workerIndex + 150) % 256}.${++serial % 256}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'true'));
}

/** A fresh, confirmed account made through the API and the mail catcher. */
export async function createAccount(page: Page, password: string, prefix = 'settings'): Promise<string> {
  const email = uniqueEmail(prefix);
  const signup = await page.request.post('/api/auth/signup', { data: { email, password } });
  expect(signup.status(), await signup.text()).toBe(200);
  const verificationCode = await waitForCode(email);
  const verify = await page.request.post('/api/auth/verify-email', { data: { email, verificationCode } });
  expect(verify.status(), await verify.text()).toBe(200);
  return email;
}

/** Opens a /my/* page signed out, logs in on the sign-in page it redirects to, and waits to be back. */
export async function logInThrough(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`), { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}
