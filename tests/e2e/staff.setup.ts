import fs from 'node:fs';
import path from 'node:path';

import { acceptCookiesUpFront, expect, signInByApi, test as setup } from './support/auth';
import { FIRST_ADMIN } from './support/first-admin-account';
import { enrolSecondFactor, openLogOf, readAdminFactor, saveAdminFactor, STAFF_ADMIN_FACTOR, STAFF_ADMIN_STATE, verifySecondFactor } from './support/staff';

/*
 * The first step, once for the whole run: the first admin (made before the server started, with
 * `npm run staff -- add` on the stopped embedded database, see playwright.config.ts) enrols an authenticator on the
 * first visit to the console, the test computing the codes. Its verified browser state is saved for
 * tests/e2e/staff.spec.ts, whose tests each open the admin from it and run in parallel.
 */

setup('the first admin enrols an authenticator on the first visit, and sees every section of the console', async ({ page }) => {
  setup.setTimeout(120_000);
  await acceptCookiesUpFront(page);
  await signInByApi(page.request, FIRST_ADMIN.email, FIRST_ADMIN.password);

  await page.goto('/staff');
  if (page.url().endsWith('/staff/verify') && fs.existsSync(STAFF_ADMIN_FACTOR)) {
    // A retry: an earlier attempt of this setup enrolled the admin, so this session proves the factor instead.
    const factor = readAdminFactor();
    await verifySecondFactor(page, factor);
    saveAdminFactor(factor);
  } else {
    // The secret is kept as soon as it is shown, so a retry after a failure past this point can still prove it.
    const factor = await enrolSecondFactor(page, { shotName: 'enrol-desktop', onSecret: (secret) => saveAdminFactor({ secret, recoveryCodes: [] }) });
    saveAdminFactor(factor);
  }

  const menu = page.getByRole('navigation', { name: /console/i });
  for (const section of ['Projects', 'Audits', 'Alerts', 'Incident reports', 'Scores', 'Quote requests', 'Staff', 'Audit log']) {
    await expect(menu.getByRole('link', { name: section, exact: true })).toBeVisible();
  }

  // The audit log shows how the admin came to be: added at the command line, then their own enrolment.
  const entry = await openLogOf(page, 'cli');
  await expect(entry('staff.add', FIRST_ADMIN.email)).toHaveCount(1);
  const own = await openLogOf(page, FIRST_ADMIN.email);
  await expect(own('staff.totp-enrol')).toHaveCount(1);

  fs.mkdirSync(path.dirname(STAFF_ADMIN_STATE), { recursive: true });
  await page.context().storageState({ path: STAFF_ADMIN_STATE });
});
