import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { CHROME_TEXTS, FEEDBACK_MESSAGES } from '../../../lib/messages/chrome';
import { INCIDENT_TEXTS } from '../../../lib/messages/incident-report';
import { STAFF_MESSAGES } from '../../../lib/messages/staff';
import { createConfirmedAccount, signInByApi, strongPassword } from './auth';
import { uniqueEmail } from './mail';

/*
 * What the staff console's e2e tests share (tests/e2e/staff.setup.ts, tests/e2e/staff.spec.ts). The first admin
 * enrols once, in the setup project, and its verified browser state is saved (STAFF_ADMIN_STATE); every test then
 * opens the admin from that state and makes the other members it needs itself (an account, the admin's invitation,
 * their own enrolment), so the tests share nothing else and run in parallel.
 */

/** The first admin's browser state after enrolment: a session that passed the second factor (12 h). */
export const STAFF_ADMIN_STATE = fileURLToPath(new URL('../.auth/staff-admin.json', import.meta.url));
/** The first admin's secret and unused recovery codes, so a retried setup can verify instead of enrolling again. */
export const STAFF_ADMIN_FACTOR = fileURLToPath(new URL('../.auth/staff-admin-factor.json', import.meta.url));

export const SHOTS_DIR = '/tmp/shots';
export const PROJECT = { id: 'zcash', name: 'Zcash' };
/** A visitor must see a published change within this long (the "within 5 s"). */
export const PUBLIC_WITHIN_MS = 5_000;

/** The authenticator app: the current code for a base32 secret (RFC 6238's defaults, as the enrolment page offers). */
export const authenticatorCode = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });

export const today = () => new Date().toISOString().slice(0, 10);
export const token = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type Person = { context: BrowserContext; page: Page };
let ipSerial = 0;

/**
 * A browser of its own for one person, with a client address of its own (the server trusts one proxy hop): the
 * worker's number and a serial, so parallel workers never share a rate-limit budget. `storageState` opens a saved
 * session (the first admin's).
 */
export async function person(browser: Browser, storageState?: string): Promise<Person> {
  ipSerial += 1;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1366, height: 900 },
    storageState,
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${(test.info().workerIndex % 200) + 1}.${(ipSerial % 250) + 1}` },
  });
  // Cookies accepted up front, so the consent banner covers nothing.
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'true'));
  return { context, page: await context.newPage() };
}

/** The first admin, enrolled and verified by the setup project. */
export const firstAdmin = (browser: Browser) => person(browser, STAFF_ADMIN_STATE);

/** Resolves once React has hydrated the element (it then carries React's props), so typing reaches the form's state. */
export async function hydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))), { timeout: 20_000 }).toBe(true);
}

/**
 * The page's main content, whole, and what the first screen shows (header and menu included), into SHOTS_DIR for a
 * person to open. Only with E2E_SCREENSHOTS=1: nobody looks at them in CI, and they were a third of the console's
 * layout test; the layout checks themselves (sideways overflow) run either way.
 */
export async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.locator('main').first().screenshot({ path: `${SHOTS_DIR}/${name}.png` });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-screen.png` });
}

/**
 * First visit to the console: sent to enrolment, the QR code shown and the secret typed into the authenticator as
 * text, a wrong code refused, the right one proved. Returns the secret and the recovery codes shown once.
 */
export async function enrolSecondFactor(page: Page, options: { shotName?: string; onSecret?: (secret: string) => void } = {}): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/enrol$/);
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  options.onSecret?.(secret);
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  if (options.shotName) await shoot(page, options.shotName);
  const codeBox = page.getByLabel('Code from your authenticator app');
  await hydrated(codeBox);
  // A wrong code is refused with a message and sets nothing up.
  await codeBox.fill(authenticatorCode(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  await expect(page.getByRole('alert').filter({ hasText: STAFF_MESSAGES.wrongCode })).toBeVisible();
  await codeBox.fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I have saved them, open the console' }).click();
  await expect(page.getByRole('heading', { name: 'Staff console', level: 1 })).toBeVisible();
  return { secret, recoveryCodes };
}

/** A later session of an enrolled member: sent to verification, where a recovery code (or else the app's code) opens the console. */
export async function verifySecondFactor(page: Page, factor: { secret: string; recoveryCodes: string[] }) {
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/staff\/verify$/);
  const codeBox = page.getByLabel('Authenticator or recovery code');
  await hydrated(codeBox);
  const recovery = factor.recoveryCodes.shift();
  if (!recovery) {
    // A code is accepted once per 30-second step: wait for a step the enrolment did not use.
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
  }
  await codeBox.fill(recovery ?? authenticatorCode(factor.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Staff console', level: 1 })).toBeVisible();
}

export type StaffRoleLabel = 'Analyst' | 'Moderator' | 'Sales';
export type StaffMember = Person & { email: string; password: string };

/** The admin's Staff page invites `email` with `role`; an existing account gets it at once and is listed with it. */
export async function invite(admin: Page, email: string, role: StaffRoleLabel) {
  await admin.goto('/staff/members');
  const form = admin.getByRole('region', { name: 'Invite to the staff' });
  const emailBox = form.getByLabel('Email');
  await hydrated(emailBox);
  await emailBox.fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByRole('status').filter({ hasText: STAFF_MESSAGES.invitationGranted })).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(email) })).toContainText(role);
}

/**
 * A new member as the issue makes one: an account signed up and confirmed on the site, invited by the admin with
 * `role`, then signed in and through their own enrolment (the test computes the codes).
 */
export async function newStaffMember(browser: Browser, admin: Page, role: StaffRoleLabel, options: { shotName?: string; viewport?: { width: number; height: number } } = {}): Promise<StaffMember> {
  const member = await person(browser);
  const email = uniqueEmail(role.toLowerCase());
  const password = strongPassword();
  await createConfirmedAccount(member.page.request, email, password);
  await invite(admin, email, role);
  await signInByApi(member.page.request, email, password);
  if (options.viewport) await member.page.setViewportSize(options.viewport);
  await enrolSecondFactor(member.page, { shotName: options.shotName });
  return { ...member, email, password };
}

/** Chooses a project in a console form's picker (the site's search box inside the group named `label`). */
export async function pickProject(page: Page, label: RegExp, project: { name: string; id: string }) {
  const picker = page.getByRole('group', { name: label });
  const search = picker.getByRole('combobox');
  await hydrated(search);
  await search.fill(project.name);
  await page.getByRole('option', { name: new RegExp(project.name) }).first().click();
  await expect(picker.getByText(project.id, { exact: true })).toBeVisible();
}

/** Fills the console's alert form and saves the draft; returns the new alert's id (its page is then open). */
export async function draftAlert(page: Page, title: string) {
  await page.goto('/staff/alerts/new');
  await hydrated(page.getByLabel('Title'));
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Type').selectOption({ label: 'Exploit' });
  await page.getByLabel('Date of the incident').fill(today());
  await page.getByLabel('Confidence').selectOption({ label: 'High' });
  await pickProject(page, /^Project/, PROJECT);
  await page.getByLabel('Chain').fill('Ethereum');
  await page.getByLabel('Amount lost (USD)').fill('1,250,000');
  await page.getByLabel('Amounts priced on').fill(today());
  await page.getByLabel('Technique').fill('Reentrancy in withdraw()');
  await page.getByLabel('Source links').fill('https://example.com/post-mortem');
  await page.getByLabel('Description').fill('The vault was drained through a reentrant withdraw.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/staff\/alerts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  return page.url().split('/').pop()!;
}

/**
 * The public page shows `text` when loaded within the 5 seconds of publishing: loads begun in that window
 * are tried until one shows it. How long a busy machine takes to render the page is not the cache's doing, so each
 * load gets its own time to render.
 */
export async function expectPublicWithin(page: Page, path: string, region: (page: Page) => Locator, text: string) {
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

export const section = (title: string) => (page: Page) =>
  page.getByRole('region', { name: title }).or(page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) })).first();

/** A visitor reports an incident about the project through the site's form, leaving an address for the outcome. */
export async function reportIncident(page: Page, project: { name: string }, text: string) {
  await page.goto('/');
  await page.getByRole('button', { name: INCIDENT_TEXTS.open }).click();
  const dialog = page.getByRole('dialog', { name: INCIDENT_TEXTS.title });
  const search = dialog.getByRole('combobox');
  await hydrated(search);
  await search.fill(project.name);
  await dialog.getByRole('option', { name: new RegExp(project.name) }).first().click();
  await dialog.getByLabel(INCIDENT_TEXTS.whatHappened).fill(text);
  await dialog.getByLabel(INCIDENT_TEXTS.links).fill('https://example.com/bridge-thread');
  await dialog.getByLabel(INCIDENT_TEXTS.contact).fill(uniqueEmail('reporter'));
  await dialog.getByRole('button', { name: INCIDENT_TEXTS.send }).click();
  await expect(page.getByText(FEEDBACK_MESSAGES.incidentReported)).toBeVisible();
}

/** A visitor asks for a quote through the site's form, as `name` of `company`. */
export async function requestQuote(page: Page, name: string, company: string) {
  await page.goto('/company/about');
  await page.getByRole('banner').getByRole('button', { name: CHROME_TEXTS.requestQuote }).click();
  const dialog = page.getByRole('dialog', { name: CHROME_TEXTS.quoteModalTitle });
  await hydrated(dialog.getByLabel('Name', { exact: true }));
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Work email', { exact: true }).fill(uniqueEmail('lead'));
  await dialog.getByLabel('Company or project', { exact: true }).fill(company);
  await dialog.getByRole('checkbox', { name: 'Security Audit' }).check();
  await dialog.getByLabel('Message', { exact: true }).fill('Please audit our bridge before the launch.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText(FEEDBACK_MESSAGES.quoteRequested)).toBeVisible();
}

/**
 * The admin's audit log, narrowed to one actor (other tests write to the log at the same time): a locator of the
 * entries of `action`, optionally about `entityId`.
 */
export async function openLogOf(admin: Page, actor: string) {
  await admin.goto(`/staff/log?actor=${encodeURIComponent(actor)}`);
  const entries = admin.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  return (action: string, entityId?: string) => entries.filter({ hasText: action }).filter({ hasText: actor }).filter({ hasText: entityId ?? '' });
}

/** Keeps the first admin's factor for a retried setup. */
export function saveAdminFactor(factor: { secret: string; recoveryCodes: string[] }) {
  fs.mkdirSync(path.dirname(STAFF_ADMIN_FACTOR), { recursive: true });
  fs.writeFileSync(STAFF_ADMIN_FACTOR, JSON.stringify(factor));
}

/** The first admin's factor as an earlier attempt of the setup saved it. */
export function readAdminFactor(): { secret: string; recoveryCodes: string[] } {
  return JSON.parse(fs.readFileSync(STAFF_ADMIN_FACTOR, 'utf8')) as { secret: string; recoveryCodes: string[] };
}
