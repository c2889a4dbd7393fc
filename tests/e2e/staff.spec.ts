import { expect, test } from '@playwright/test';

import { STAFF_MESSAGES } from '../../lib/messages/staff';
import { SURVEY_TEXTS } from '../../lib/survey';
import { newSignedInAccount } from './support/auth';
import { FIRST_ADMIN } from './support/first-admin-account';
import { sidewaysOverflow } from './support/layout';
import {
  draftAlert,
  expectPublicWithin,
  firstAdmin,
  hydrated,
  newStaffMember,
  openLogOf,
  person,
  pickProject,
  PROJECT,
  reportIncident,
  requestQuote,
  section,
  shoot,
  today,
  token,
} from './support/staff';

/*
 * The staff console end to end, as the issue tells it. The first admin enrols an authenticator once, in the setup
 * project (tests/e2e/staff.setup.ts); each test here opens that admin's verified session, has it invite the members
 * it needs (accounts of their own, who enrol their own authenticators), and checks its own steps in the audit log.
 * The tests share no data, so they run in parallel: the analyst publishing an alert and an audit that a visitor sees
 * within 5 s, a moderator approving a visitor's report into a draft alert, sales moving a visitor's quote request to
 * "contacted", and the console's pages at phone and desktop widths.
 */

test.describe.configure({ mode: 'parallel' });

test('anyone but staff gets the site\'s 404 at /staff and its pages', async ({ page }) => {
  // Six page loads and a sign-up: more than the default on a busy machine.
  test.setTimeout(90_000);
  for (const path of ['/staff', '/staff/alerts', '/staff/enrol']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  await newSignedInAccount(page, 'not-staff');
  for (const path of ['/staff', '/staff/log', '/staff/verify']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  }
  const upload = await page.request.post('/api/staff/files?kind=logo', { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), headers: { 'content-type': 'image/png' } });
  expect(upload.status()).toBe(404);
});

test('the admin invites an analyst, who publishes an alert that a visitor sees on the project page and the home page within 5 s', async ({ browser }) => {
  test.setTimeout(180_000);
  const [admin, visitor] = [await firstAdmin(browser), await person(browser)];
  const alertTitle = `Vault drained through reentrancy ${token()}`;

  await test.step('the invitation form refuses a bad address, and invites nobody', async () => {
    const { page } = admin;
    await page.goto('/staff/members');
    const invite = page.getByRole('region', { name: 'Invite to the staff' });
    const email = invite.getByLabel('Email');
    await hydrated(email);
    await email.fill('not-an-address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByText(STAFF_MESSAGES.memberEmailInvalid)).toBeVisible();
    await expect(page.getByRole('row', { name: /not-an-address/ })).toHaveCount(0);
  });

  // An existing account gets the role at once, then enrols its own authenticator.
  const analyst = await newStaffMember(browser, admin.page, 'Analyst');

  await test.step('the analyst\'s menu holds their sections only', async () => {
    const { page } = analyst;
    const menu = page.getByRole('navigation', { name: /console/i });
    await expect(menu.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Quote requests' })).toHaveCount(0);
    expect((await page.goto('/staff/quotes'))?.status()).toBe(404);
  });

  let alertId = '';
  await test.step('the alert form names what is missing and stores nothing', async () => {
    const { page } = analyst;
    await page.goto('/staff/alerts/new');
    await hydrated(page.getByLabel('Title'));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(STAFF_MESSAGES.alertTitleRequired)).toBeVisible();
    await expect(page.getByText(STAFF_MESSAGES.sourceLinkRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/alerts\/new$/);
  });

  await test.step('the analyst saves a draft, which is not public, and publishes it: a visitor sees it within 5 s', async () => {
    const { page } = analyst;
    alertId = await draftAlert(page, alertTitle);
    expect((await visitor.page.goto(`/alerts/${alertId}`))?.status()).toBe(404);

    const publish = page.getByRole('button', { name: 'Publish alert' });
    await hydrated(publish);
    await publish.click();
    await expect(page.getByRole('heading', { name: 'Correct this alert' })).toBeVisible();
    await expectPublicWithin(visitor.page, `/projects/${PROJECT.id}`, section('Security alerts'), alertTitle);
    await expectPublicWithin(visitor.page, '/', section('Security alerts'), alertTitle);
  });

  await test.step('the admin\'s audit log shows each step, with who did it', async () => {
    const invited = await openLogOf(admin.page, FIRST_ADMIN.email);
    await expect(invited('staff.add', analyst.email)).toHaveCount(1);
    const entry = await openLogOf(admin.page, analyst.email);
    await expect(entry('staff.totp-enrol')).toHaveCount(1);
    await expect(entry('alert.create', alertId)).toHaveCount(1);
    await expect(entry('alert.publish', alertId)).toHaveCount(1);
  });

  for (const { context } of [admin, analyst, visitor]) await context.close();
});

test('an analyst publishes an audit that a visitor sees on the project page and the home page within 5 s', async ({ browser }) => {
  test.setTimeout(180_000);
  const [admin, visitor] = [await firstAdmin(browser), await person(browser)];
  const analyst = await newStaffMember(browser, admin.page, 'Analyst');
  const auditor = `Trail of Proofs ${token()}`;
  let auditId = '';

  await test.step('the audit form names what is missing and stores nothing', async () => {
    const { page } = analyst;
    await page.goto('/staff/audits/new');
    await hydrated(page.getByLabel('Auditor'));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(STAFF_MESSAGES.auditorRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/audits\/new$/);
  });

  await test.step('the analyst saves a draft with a finding and publishes it: a visitor sees it within 5 s', async () => {
    const { page } = analyst;
    await pickProject(page, /^Project/, PROJECT);
    await page.getByLabel('Auditor').fill(auditor);
    await page.getByLabel('Report published on').fill(today());
    await page.getByLabel('Scope').fill('Shielded pool contracts and the bridge');
    await page.getByLabel('Audited commit or source reference').fill('github.com/zcash/bridge@4f2a9c1');
    await page.getByRole('button', { name: 'Add a finding' }).click();
    await page.getByLabel('Finding 1 title').fill('Unchecked return value in withdraw');
    await page.getByLabel('Finding 1 severity').selectOption({ label: 'Major' });
    await page.getByLabel('Finding 1 status').selectOption({ label: 'Resolved' });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/staff\/audits\/[0-9a-f-]{36}$/);
    auditId = page.url().split('/').pop()!;

    const publish = page.getByRole('button', { name: 'Publish audit' });
    await hydrated(publish);
    await publish.click();
    await expect(publish).toHaveCount(0);
    await expectPublicWithin(visitor.page, `/projects/${PROJECT.id}`, section('Audits'), auditor);
    await expectPublicWithin(visitor.page, '/', section('Recently audited'), PROJECT.name);
  });

  await test.step('the admin\'s audit log shows each step, with who did it', async () => {
    const invited = await openLogOf(admin.page, FIRST_ADMIN.email);
    await expect(invited('staff.add', analyst.email)).toHaveCount(1);
    const entry = await openLogOf(admin.page, analyst.email);
    await expect(entry('staff.totp-enrol')).toHaveCount(1);
    await expect(entry('audit.create', auditId)).toHaveCount(1);
    await expect(entry('audit.publish', auditId)).toHaveCount(1);
  });

  for (const { context } of [admin, analyst, visitor]) await context.close();
});

test('a moderator approves a visitor\'s incident report into a draft alert', async ({ browser }) => {
  test.setTimeout(180_000);
  const run = token();
  const [admin, visitor] = [await firstAdmin(browser), await person(browser)];
  const reportText = `The Zcash bridge paused withdrawals and funds moved to a mixer ${run}.`;

  await test.step('a visitor reports an incident through the site\'s form', async () => {
    await reportIncident(visitor.page, PROJECT, reportText);
  });

  const moderator = await newStaffMember(browser, admin.page, 'Moderator');
  let reportId = '';
  let draftAlertId = '';

  await test.step('the moderator approves the report: a draft alert prefilled from it, not public', async () => {
    const { page } = moderator;
    await page.goto('/staff/reports');
    await page.getByRole('link', { name: new RegExp(run) }).click();
    await expect(page.getByRole('heading', { name: `Report about ${PROJECT.name}`, level: 1 })).toBeVisible();
    reportId = page.url().split('/').pop()!;
    await expect(page.getByText(reportText)).toBeVisible();
    const approve = page.getByRole('button', { name: 'Approve and draft an alert' });
    await hydrated(approve);
    await approve.click();
    // The decision names the draft alert it created.
    const draftLink = page.locator('dd').getByRole('link').and(page.locator('a[href^="/staff/alerts/"]'));
    await expect(draftLink).toBeVisible();
    draftAlertId = (await draftLink.getAttribute('href'))!.split('/').pop()!;
    await draftLink.click();
    await expect(page).toHaveURL(new RegExp(`/staff/alerts/${draftAlertId}$`));
    await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
    // Prefilled from the report: its description is the draft's.
    await expect(page.getByRole('definition').filter({ hasText: reportText })).toBeVisible();
    // The draft stays off the public site until an analyst publishes it.
    expect((await visitor.page.goto(`/alerts/${draftAlertId}`))?.status()).toBe(404);
  });

  await test.step('the admin\'s audit log shows each step, with who did it', async () => {
    const invited = await openLogOf(admin.page, FIRST_ADMIN.email);
    await expect(invited('staff.add', moderator.email)).toHaveCount(1);
    const entry = await openLogOf(admin.page, moderator.email);
    await expect(entry('staff.totp-enrol')).toHaveCount(1);
    await expect(entry('report.approve', reportId)).toHaveCount(1);
    await expect(entry('alert.create', draftAlertId)).toHaveCount(1);
  });

  for (const { context } of [admin, moderator, visitor]) await context.close();
});

test('sales moves a visitor\'s quote request to "contacted"', async ({ browser }) => {
  test.setTimeout(180_000);
  const [admin, visitor] = [await firstAdmin(browser), await person(browser)];
  const company = `Lead Labs ${token()}`;

  await test.step('a visitor asks for a quote through the site\'s form', async () => {
    await requestQuote(visitor.page, 'Quinn Lead', company);
  });

  // Sales enrols on a phone.
  const sales = await newStaffMember(browser, admin.page, 'Sales', { viewport: { width: 390, height: 844 }, shotName: 'enrol-phone' });
  let quoteId = '';

  await test.step('sales opens the new request and saves it as contacted, with a note', async () => {
    const { page } = sales;
    await page.goto('/staff/quotes');
    const row = page.getByRole('row', { name: new RegExp(company) });
    await expect(row).toContainText('New');
    await row.getByRole('link', { name: 'Quinn Lead' }).click();
    await expect(page).toHaveURL(/\/staff\/quotes\/[0-9a-f-]{36}$/);
    quoteId = page.url().split('/').pop()!;
    const status = page.getByLabel('Status');
    await hydrated(status);
    await status.selectOption({ label: 'Contacted' });
    await page.getByLabel('Notes').fill('Called Quinn; sending a proposal.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: STAFF_MESSAGES.quoteSaved })).toBeVisible();
    await page.goto('/staff/quotes');
    await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('Contacted');
  });

  await test.step('the admin\'s audit log shows each step, with who did it and the status before and after', async () => {
    const invited = await openLogOf(admin.page, FIRST_ADMIN.email);
    await expect(invited('staff.add', sales.email)).toHaveCount(1);
    const entry = await openLogOf(admin.page, sales.email);
    await expect(entry('staff.totp-enrol')).toHaveCount(1);
    const quoteEntry = entry('quote.update', quoteId);
    await expect(quoteEntry).toHaveCount(1);
    await expect(quoteEntry.getByRole('row', { name: /Status/ })).toContainText(/new.*contacted/i);
  });

  for (const { context } of [admin, sales, visitor]) await context.close();
});

test('the console pages at phone and desktop widths: nothing wider than the screen', async ({ browser }) => {
  test.setTimeout(300_000);
  const run = token();
  const [admin, visitor] = [await firstAdmin(browser), await person(browser)];
  const company = `Layout Labs ${run}`;
  const ids = { alert: '', audit: '', draftAlert: '', report: '', quote: '' };

  await test.step('a report, a quote request and a draft alert of its own; a published alert and an audit from the lists', async () => {
    const { page } = admin;
    await reportIncident(visitor.page, PROJECT, `Layout check: deposits paused on the Zcash bridge ${run}.`);
    await requestQuote(visitor.page, 'Lena Layout', company);
    ids.draftAlert = await draftAlert(page, `Layout draft ${run}`);

    const firstId = async (list: string, pattern: RegExp) => {
      await page.goto(list);
      const href = await page.locator('main a[href]').evaluateAll((links, source) => links.map((link) => link.getAttribute('href') ?? '').find((href) => new RegExp(source).test(href)) ?? '', pattern.source);
      expect(href, `a row in ${list}`).not.toBe('');
      return href.split('/').pop()!;
    };
    ids.alert = await firstId('/staff/alerts?status=published', /^\/staff\/alerts\/[0-9a-f-]{36}$/);
    ids.audit = await firstId('/staff/audits', /^\/staff\/audits\/[0-9a-f-]{36}$/);

    await page.goto('/staff/reports');
    await page.getByRole('link', { name: new RegExp(run) }).click();
    await expect(page).toHaveURL(/\/staff\/reports\/[0-9a-f-]{36}$/);
    ids.report = page.url().split('/').pop()!;
    await page.goto('/staff/quotes');
    await page.getByRole('row', { name: new RegExp(company) }).getByRole('link', { name: 'Lena Layout' }).click();
    await expect(page).toHaveURL(/\/staff\/quotes\/[0-9a-f-]{36}$/);
    ids.quote = page.url().split('/').pop()!;
  });

  await test.step('every console page fits the screen, at phone and desktop widths', async () => {
    const { page } = admin;
    const pages = [
      ['overview', '/staff'],
      ['projects', '/staff/projects'],
      ['project-new', '/staff/projects/new'],
      ['project', `/staff/projects/${PROJECT.id}`],
      ['audits', '/staff/audits'],
      ['audit-new', '/staff/audits/new'],
      ['audit', `/staff/audits/${ids.audit}`],
      ['alerts', '/staff/alerts'],
      ['alert-new', '/staff/alerts/new'],
      ['alert', `/staff/alerts/${ids.alert}`],
      ['alert-draft', `/staff/alerts/${ids.draftAlert}`],
      ['reports', '/staff/reports'],
      ['report', `/staff/reports/${ids.report}`],
      ['scores', '/staff/scores'],
      ['score', `/staff/scores/${PROJECT.id}`],
      ['quotes', '/staff/quotes'],
      ['quote', `/staff/quotes/${ids.quote}`],
      ['members', '/staff/members'],
      ['log', '/staff/log'],
    ] as const;
    for (const [width, height, label] of [
      [390, 844, 'phone'],
      [1366, 900, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [name, path] of pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Wide tables scroll inside their own box; the page itself never scrolls sideways.
        await shoot(page, `${name}-${label}`);
        expect.soft(await sidewaysOverflow(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  await test.step('the site\'s personalisation survey (due for the admin) waits until they are back on the site', async () => {
    const { page } = admin;
    await expect(page.getByText(SURVEY_TEXTS.introTitle)).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByText(SURVEY_TEXTS.introTitle)).toBeVisible();
  });

  for (const { context } of [admin, visitor]) await context.close();
});
