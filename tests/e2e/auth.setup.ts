import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

import { COOKIE_CONSENT_KEY, SURVEY_LAST_NOTIFICATION_KEY } from '../../lib/constants';
import { createConfirmedAccount, expect, FLAGS_OFF_MEMBER_STATE, logInThrough, MEMBER_STATE, strongPassword, test as setup } from './support/auth';
import { uniqueEmail } from './support/mail';
import { FLAGS_OFF_URL } from './support/servers';

/*
 * The setup project: signs the shared member in once through the sign-in page, on each app server, and saves the
 * browser state (session cookie, and in local storage the cookie consent and a fresh survey time, so neither the
 * banner nor the survey covers the pages) for the specs that only need to be signed in (MEMBER_STATE).
 */

async function signInAndSave(page: Page, statePath: string) {
  const email = uniqueEmail('member');
  const password = strongPassword();
  await createConfirmedAccount(page.request, email, password);
  await logInThrough(page, '/my/settings', email, password);
  await page.evaluate(
    ([consentKey, surveyKey]) => {
      window.localStorage.setItem(consentKey, 'true');
      window.localStorage.setItem(surveyKey, String(Date.now()));
    },
    [COOKIE_CONSENT_KEY, SURVEY_LAST_NOTIFICATION_KEY] as const,
  );
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { email?: string } } | null;
  expect(session?.user?.email).toBe(email);
  fs.mkdirSync(path.dirname(statePath), { recursive: true });
  await page.context().storageState({ path: statePath });
}

setup('sign the shared member in on the main server', async ({ page }) => {
  setup.setTimeout(90_000);
  await signInAndSave(page, MEMBER_STATE);
});

setup.describe('on the server with the portfolio flag off', () => {
  setup.use({ baseURL: FLAGS_OFF_URL });

  setup('sign the shared member in', async ({ page }) => {
    setup.setTimeout(90_000);
    await signInAndSave(page, FLAGS_OFF_MEMBER_STATE);
  });
});
