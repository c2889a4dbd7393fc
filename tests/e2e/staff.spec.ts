import fs from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { CHROME_TEXTS, FEEDBACK_MESSAGES, INCIDENT_TEXTS, STAFF_MESSAGES } from '../../lib/messages';
import { SURVEY_TEXTS } from '../../lib/survey';
import { createConfirmedAccount, newSignedInAccount, signInByApi, strongPassword } from './support/auth';
import { FIRST_ADMIN } from './support/first-admin-account';
import { uniqueEmail } from './support/mail';

/*
 * The staff console end to end, as the issue tells it: the first admin (made before the server started, see
 * playwright.config.ts) enrols an authenticator, invites an analyst, a moderator and a sales member; the analyst
 * publishes an alert and an audit that a visitor sees within 5 s; a moderator approves a visitor's incident report
 * into a draft alert; sales moves a visitor's quote request to "contacted"; the admin's audit log shows each step.
 */

test.describe.configure({ mode: 'serial' });

const SHOTS_DIR = '/tmp/shots';
const PROJECT = { id: 'zcash', name: 'Zcash' };
/** A visitor must see a published change within this long (the "within 5 s"). */
const PUBLIC_WITHIN_MS = 5_000;

/** The authenticator app: the current code for a base32 secret (RFC 6238's defaults, as the enrolment page offers). */
const authenticatorCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

const today = () => new Date().toISOString().slice(0, 10);
const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Person = { context: BrowserContext; page: Page };
let ipSerial = 0;

/** A browser of its own for one person, with a client address of its own (the server trusts one proxy hop). */
async function person(browser: Browser): Promise<Person> {
  ipSerial += 1;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1366, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 200) + 1}.${ipSerial}` },
  });
  // Cookies accepted up front, so the consent banner covers nothing.
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'true'));
  return { context, page: await context.newPage() };
}

/** Resolves once React has hydrated the element (it then carries React's props), so typing reaches the form's state. */
async function hydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), { timeout: 20_000 }).toBe(true);
}

/** The page's main content, whole, and what the first screen shows (header and menu included). */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.locator('main').first().screenshot({ path: `${SHOTS_DIR}/${name}.png` });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-screen.png` });
}

/** First visit to the console: sent to enrolment, the secret typed into the authenticator, its code proved. */
async function enrolSecondFactor(page: Page, shotName?: string) {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/enrol$/);
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  if (shotName) await shoot(page, shotName);
  const codeBox = page.getByLabel('Code from your authenticator app');
  await hydrated(codeBox);
  // A wrong code is refused with a message and sets nothing up.
  await codeBox.fill(authenticatorCode(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  await expect(page.getByRole('alert').filter({ hasText: STAFF_MESSAGES.wrongCode })).toBeVisible();
  await codeBox.fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them, open the console' }).click();
  await expect(page.getByRole('heading', { name: 'Staff console', level: 1 })).toBeVisible();
}

/** Chooses a project in a console form's picker (the site's search box inside the group named `label`). */
async function pickProject(page: Page, label: RegExp, project: { name: string; id: string }) {
  const picker = page.getByRole('group', { name: label });
  const search = picker.getByRole('combobox');
  await hydrated(search);
  await search.fill(project.name);
  await page.getByRole('option', { name: new RegExp(project.name) }).first().click();
  await expect(picker.getByText(project.id, { exact: true })).toBeVisible();
}

/**
 * The public page shows `text` when loaded within the 5 seconds of publishing: loads begun in that window
 * are tried until one shows it. How long a busy machine takes to render the page is not the cache's doing, so each
 * load gets its own time to render.
 */
async function expectPublicWithin(page: Page, path: string, region: (page: Page) => Locator, text: string) {
  const deadline = Date.now() + PUBLIC_WITHIN_MS;
  for (;;) {
    const begun = Date.now();
    await page.goto(path);
    try {
      await expect(region(page).getByText(text).first()).toBeVisible({ timeout: 3_000 });
      return;
    } catch (error) {
      if (begun + 250 > deadline) throw error;
    }
  }
}

/**
 * What sticks out past the right edge of the screen, making the page itself scroll sideways (wide tables must scroll
 * inside their own box): the outermost such elements, described by tag, classes and text, or none.
 */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const scrollsInside = (element: Element | null): boolean => {
      for (let parent = element?.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > width + 1 && !scrollsInside(element));
    const outermost = culprits.filter((element) => !culprits.includes(element.parentElement!));
    return outermost.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 60)}"`);
  });
}

const section = (title: string) => (page: Page) => page.getByRole('region', { name: title }).or(page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) })).first();

test('anyone but staff gets the site\'s 404 at /staff and its pages', async ({ page }) => {
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

test('the staff publish, moderate and answer leads, and the audit log shows each step', async ({ browser }) => {
  test.setTimeout(420_000);
  const run = token();
  const [admin, analyst, moderator, sales, visitor] = [await person(browser), await person(browser), await person(browser), await person(browser), await person(browser)];
  const staffAccounts = {
    analyst: { email: uniqueEmail('analyst'), password: strongPassword(), role: 'Analyst', who: analyst },
    moderator: { email: uniqueEmail('moderator'), password: strongPassword(), role: 'Moderator', who: moderator },
    sales: { email: uniqueEmail('sales'), password: strongPassword(), role: 'Sales', who: sales },
  };
  const ids = { alert: '', audit: '', report: '', quote: '', draftAlert: '' };
  const alertTitle = `Vault drained through reentrancy ${run}`;
  const auditor = `Trail of Proofs ${run}`;
  const reportText = `The Zcash bridge paused withdrawals and funds moved to a mixer ${run}.`;
  const company = `Lead Labs ${run}`;

  await test.step('accounts exist for the people the admin will invite', async () => {
    for (const account of Object.values(staffAccounts)) await createConfirmedAccount(account.who.page.request, account.email, account.password);
  });

  await test.step('the first admin enrols an authenticator on the first visit', async () => {
    await signInByApi(admin.page.request, FIRST_ADMIN.email, FIRST_ADMIN.password);
    await enrolSecondFactor(admin.page, 'enrol-desktop');
    const menu = admin.page.getByRole('navigation', { name: /console/i });
    for (const section of ['Projects', 'Audits', 'Alerts', 'Incident reports', 'Scores', 'Quote requests', 'Staff', 'Audit log']) {
      await expect(menu.getByRole('link', { name: section, exact: true })).toBeVisible();
    }
  });

  await test.step('the admin invites an analyst, a moderator and a sales member (existing accounts get the role at once)', async () => {
    const { page } = admin;
    await page.goto('/staff/members');
    const invite = page.getByRole('region', { name: 'Invite to the staff' });
    const email = invite.getByLabel('Email');
    await hydrated(email);
    // Bad input is refused with a message, and nobody is invited.
    await email.fill('not-an-address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByText(STAFF_MESSAGES.memberEmailInvalid)).toBeVisible();
    for (const account of Object.values(staffAccounts)) {
      await email.fill(account.email);
      await invite.getByLabel('Role').selectOption({ label: account.role });
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(invite.getByRole('status').filter({ hasText: STAFF_MESSAGES.invitationGranted })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(account.email) })).toContainText(account.role);
    }
  });

  await test.step('the analyst signs in, enrols, and publishes an alert that a visitor sees within 5 s', async () => {
    const { page } = analyst;
    await signInByApi(page.request, staffAccounts.analyst.email, staffAccounts.analyst.password);
    await enrolSecondFactor(page);
    // The menu holds the analyst's sections only.
    const menu = page.getByRole('navigation', { name: /console/i });
    await expect(menu.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Quote requests' })).toHaveCount(0);
    expect((await page.goto('/staff/quotes'))?.status()).toBe(404);

    await page.goto('/staff/alerts/new');
    await hydrated(page.getByLabel('Title'));
    // An empty form names what is missing and stores nothing.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(STAFF_MESSAGES.alertTitleRequired)).toBeVisible();
    await expect(page.getByText(STAFF_MESSAGES.sourceLinkRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/alerts\/new$/);

    await page.getByLabel('Title').fill(alertTitle);
    await page.getByLabel('Type').selectOption({ label: 'Exploit' });
    await page.getByLabel('Date of the incident').fill(today());
    await page.getByLabel('Confidence').selectOption({ label: 'High' });
    await pickProject(page, /^Project/, PROJECT);
    await page.getByLabel('Chain').fill('Ethereum');
    await page.getByLabel('Amount lost (USD)').fill('1,250,000');
    await page.getByLabel('Technique').fill('Reentrancy in withdraw()');
    await page.getByLabel('Source links').fill('https://example.com/post-mortem');
    await page.getByLabel('Description').fill('The vault was drained through a reentrant withdraw.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/staff\/alerts\/[0-9a-f-]{36}$/);
    ids.alert = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: alertTitle, level: 1 })).toBeVisible();

    // A draft is not public.
    expect((await visitor.page.goto(`/alerts/${ids.alert}`))?.status()).toBe(404);

    const publish = page.getByRole('button', { name: 'Publish alert' });
    await hydrated(publish);
    await publish.click();
    await expect(page.getByRole('heading', { name: 'Correct this alert' })).toBeVisible();
    await expectPublicWithin(visitor.page, `/projects/${PROJECT.id}`, section('Security alerts'), alertTitle);
    await expectPublicWithin(visitor.page, '/', section('Security alerts'), alertTitle);
  });

  await test.step('the analyst publishes an audit that a visitor sees within 5 s', async () => {
    const { page } = analyst;
    await page.goto('/staff/audits/new');
    await hydrated(page.getByLabel('Auditor'));
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(STAFF_MESSAGES.auditorRequired)).toBeVisible();
    await expect(page).toHaveURL(/\/staff\/audits\/new$/);

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
    ids.audit = page.url().split('/').pop()!;

    const publish = page.getByRole('button', { name: 'Publish audit' });
    await hydrated(publish);
    await publish.click();
    await expect(publish).toHaveCount(0);
    await expectPublicWithin(visitor.page, `/projects/${PROJECT.id}`, section('Audits'), auditor);
    await expectPublicWithin(visitor.page, '/', section('Recently audited'), PROJECT.name);
  });

  await test.step('a visitor reports an incident through the site\'s form', async () => {
    const { page } = visitor;
    await page.goto('/');
    await page.getByRole('button', { name: INCIDENT_TEXTS.open }).click();
    const dialog = page.getByRole('dialog', { name: INCIDENT_TEXTS.title });
    const search = dialog.getByRole('combobox');
    await hydrated(search);
    await search.fill(PROJECT.name);
    await dialog.getByRole('option', { name: new RegExp(PROJECT.name) }).first().click();
    await dialog.getByLabel(INCIDENT_TEXTS.whatHappened).fill(reportText);
    await dialog.getByLabel(INCIDENT_TEXTS.links).fill('https://example.com/bridge-thread');
    await dialog.getByLabel(INCIDENT_TEXTS.contact).fill(uniqueEmail('reporter'));
    await dialog.getByRole('button', { name: INCIDENT_TEXTS.send }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.incidentReported)).toBeVisible();
  });

  await test.step('a moderator approves the report into a draft alert', async () => {
    const { page } = moderator;
    await signInByApi(page.request, staffAccounts.moderator.email, staffAccounts.moderator.password);
    await enrolSecondFactor(page);
    await page.goto('/staff/reports');
    await page.getByRole('link', { name: new RegExp(run) }).click();
    await expect(page.getByRole('heading', { name: `Report about ${PROJECT.name}`, level: 1 })).toBeVisible();
    ids.report = page.url().split('/').pop()!;
    await expect(page.getByText(reportText)).toBeVisible();
    const approve = page.getByRole('button', { name: 'Approve and draft an alert' });
    await hydrated(approve);
    await approve.click();
    // The decision names the draft alert it created.
    const draftLink = page.locator('dd').getByRole('link').and(page.locator('a[href^="/staff/alerts/"]'));
    await expect(draftLink).toBeVisible();
    ids.draftAlert = (await draftLink.getAttribute('href'))!.split('/').pop()!;
    await draftLink.click();
    await expect(page).toHaveURL(new RegExp(`/staff/alerts/${ids.draftAlert}$`));
    await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
    // Prefilled from the report: its description is the draft's.
    await expect(page.getByRole('definition').filter({ hasText: reportText })).toBeVisible();
    // The draft stays off the public site until an analyst publishes it.
    expect((await visitor.page.goto(`/alerts/${ids.draftAlert}`))?.status()).toBe(404);
  });

  await test.step('a visitor asks for a quote through the site\'s form', async () => {
    const { page } = visitor;
    await page.goto('/company/about');
    await page.getByRole('banner').getByRole('button', { name: CHROME_TEXTS.requestQuote }).click();
    const dialog = page.getByRole('dialog', { name: CHROME_TEXTS.quoteModalTitle });
    await hydrated(dialog.getByLabel('Name', { exact: true }));
    await dialog.getByLabel('Name', { exact: true }).fill('Quinn Lead');
    await dialog.getByLabel('Work email', { exact: true }).fill(uniqueEmail('lead'));
    await dialog.getByLabel('Company or project', { exact: true }).fill(company);
    await dialog.getByRole('checkbox', { name: 'Security Audit' }).check();
    await dialog.getByLabel('Message', { exact: true }).fill('Please audit our bridge before the launch.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.quoteRequested)).toBeVisible();
  });

  await test.step('sales moves the quote request to "contacted"', async () => {
    const { page } = sales;
    await signInByApi(page.request, staffAccounts.sales.email, staffAccounts.sales.password);
    await page.setViewportSize({ width: 390, height: 844 });
    await enrolSecondFactor(page, 'enrol-phone');
    await page.goto('/staff/quotes');
    const row = page.getByRole('row', { name: new RegExp(company) });
    await expect(row).toContainText('New');
    await row.getByRole('link', { name: 'Quinn Lead' }).click();
    await expect(page).toHaveURL(/\/staff\/quotes\/[0-9a-f-]{36}$/);
    ids.quote = page.url().split('/').pop()!;
    const status = page.getByLabel('Status');
    await hydrated(status);
    await status.selectOption({ label: 'Contacted' });
    await page.getByLabel('Notes').fill('Called Quinn; sending a proposal.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: STAFF_MESSAGES.quoteSaved })).toBeVisible();
    await page.goto('/staff/quotes');
    await expect(page.getByRole('row', { name: new RegExp(company) })).toContainText('Contacted');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('the admin\'s audit log shows each step, with who did it', async () => {
    const { page } = admin;
    await page.goto('/staff/log');
    const entries = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    const entry = (action: string, actor: string, entityId?: string) =>
      entries.filter({ hasText: action }).filter({ hasText: actor }).filter({ hasText: entityId ?? '' });
    await expect(entry('staff.add', 'cli', FIRST_ADMIN.email)).toHaveCount(1);
    await expect(entry('staff.totp-enrol', FIRST_ADMIN.email)).toHaveCount(1);
    for (const account of Object.values(staffAccounts)) {
      await expect(entry('staff.add', FIRST_ADMIN.email, account.email)).toHaveCount(1);
      await expect(entry('staff.totp-enrol', account.email)).toHaveCount(1);
    }
    const analystEmail = staffAccounts.analyst.email;
    await expect(entry('alert.create', analystEmail, ids.alert)).toHaveCount(1);
    await expect(entry('alert.publish', analystEmail, ids.alert)).toHaveCount(1);
    await expect(entry('audit.create', analystEmail, ids.audit)).toHaveCount(1);
    await expect(entry('audit.publish', analystEmail, ids.audit)).toHaveCount(1);
    await expect(entry('report.approve', staffAccounts.moderator.email, ids.report)).toHaveCount(1);
    await expect(entry('alert.create', staffAccounts.moderator.email, ids.draftAlert)).toHaveCount(1);
    const quoteEntry = entry('quote.update', staffAccounts.sales.email, ids.quote);
    await expect(quoteEntry).toHaveCount(1);
    await expect(quoteEntry.getByRole('row', { name: /Status/ })).toContainText(/new.*contacted/i);
  });

  await test.step('the console pages at phone and desktop widths: nothing wider than the screen', async () => {
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
    // The site's personalisation survey (due for this new account) waits until they are back on the site.
    await expect(page.getByText(SURVEY_TEXTS.introTitle)).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByText(SURVEY_TEXTS.introTitle)).toBeVisible();
  });

  for (const { context } of [admin, analyst, moderator, sales, visitor]) await context.close();
});
