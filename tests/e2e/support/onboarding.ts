import type { Page } from '@playwright/test';

import { SURVEY_LAST_NOTIFICATION_KEY } from '../../../lib/constants';
import { acceptCookiesUpFront, newSignedInAccount } from './auth';

/** Stores a fresh survey time before any page script runs, so the survey notification stays away. */
export async function putSurveyOff(page: Page) {
  await page.addInitScript((key) => window.localStorage.setItem(key, String(Date.now())), SURVEY_LAST_NOTIFICATION_KEY);
}

/** A new confirmed account whose survey is unanswered, signed in, on `path`. */
export async function signedInAs(page: Page, prefix: string, path: string): Promise<string> {
  await acceptCookiesUpFront(page);
  const { email } = await newSignedInAccount(page, prefix);
  await page.goto(path);
  return email;
}
