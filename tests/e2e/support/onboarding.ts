import type { APIRequestContext, Page } from '@playwright/test';

import { SURVEY_LAST_NOTIFICATION_KEY } from '../../../lib/constants';
import { acceptCookiesUpFront, createConfirmedAccount, expect, strongPassword } from './auth';
import { uniqueEmail } from './mail';

/** Stores a fresh survey time before any page script runs, so the survey notification stays away. */
export async function putSurveyOff(page: Page) {
  await page.addInitScript((key) => window.localStorage.setItem(key, String(Date.now())), SURVEY_LAST_NOTIFICATION_KEY);
}

/** A new confirmed account, logged in through the sign-in page, which then opens `callbackUrl`. */
export async function signedInAs(page: Page, request: APIRequestContext, prefix: string, callbackUrl: string): Promise<string> {
  await acceptCookiesUpFront(page);
  const email = uniqueEmail(prefix);
  const password = strongPassword();
  await createConfirmedAccount(request, email, password);
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === callbackUrl, { timeout: 20_000 });
  return email;
}
