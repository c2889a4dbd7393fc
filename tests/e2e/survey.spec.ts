import { devices, type Page } from '@playwright/test';

import { SURVEY_LAST_NOTIFICATION_KEY, SURVEY_REMINDER_INTERVAL_MS } from '../../lib/constants';
import { SURVEY_TEXTS } from '../../lib/survey';
import { expect, expectPageReady, test } from './support/auth';
import { putSurveyOff, signedInAs } from './support/onboarding';

test.describe.configure({ mode: 'parallel' });

const notification = (page: Page) => page.getByRole('region', { name: SURVEY_TEXTS.introTitle });
const modal = (page: Page) => page.locator('[data-slot="dialog-content"]');
const button = (page: Page, name: string) => modal(page).getByRole('button', { name, exact: true });

async function expectStep(page: Page, title: string, progress?: number) {
  await expect(modal(page).getByRole('heading', { name: title })).toBeVisible();
  if (progress !== undefined) await expect(modal(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(progress));
}

async function choose(page: Page, title: string, option: string, progress: number) {
  await expectStep(page, title, progress);
  await expect(button(page, SURVEY_TEXTS.next)).toBeDisabled();
  await modal(page).getByRole('radio', { name: option }).click();
  await expect(modal(page).getByRole('radio', { name: option })).toHaveAttribute('aria-checked', 'true');
  await button(page, SURVEY_TEXTS.next).click();
}

const surveyReply = async (page: Page) => (await page.request.get('/api/user/survey')).json();
const watchlists = async (page: Page) => ((await (await page.request.get('/api/watchlist')).json()) as { name: string; projects: string[] }[]).map(({ name, projects }) => ({ name, projects }));

test.beforeEach(() => {
  test.setTimeout(120_000);
});

test('retail path on a first login: expertise, a favourite project and a watchlist name; the reply and the watchlist are saved', async ({ page }, testInfo) => {
  await signedInAs(page, 'survey-retail', '/my/settings');
  await expect(notification(page)).toBeVisible();
  await expect(notification(page)).toContainText(SURVEY_TEXTS.introFirstLogin);
  await page.screenshot({ path: testInfo.outputPath('survey-desktop-notification.png') });
  await notification(page).getByRole('button', { name: SURVEY_TEXTS.letsStart }).click();

  await expectStep(page, SURVEY_TEXTS.userTypeTitle, 25);
  await page.screenshot({ path: testInfo.outputPath('survey-desktop-user-type.png') });
  // Clicking outside does not dismiss it.
  await page.mouse.click(5, 5);
  await expect(modal(page)).toBeVisible();
  await choose(page, SURVEY_TEXTS.userTypeTitle, 'Retail Investor', 25);
  await choose(page, SURVEY_TEXTS.expertiseTitle, 'Expert', 50);

  await expectStep(page, SURVEY_TEXTS.projectsTitle, 75);
  await expect(button(page, SURVEY_TEXTS.next)).toBeDisabled();
  await modal(page).getByRole('combobox').fill('Bitcoin');
  await modal(page).getByRole('option', { name: /Bitcoin/ }).first().click();
  await expect(modal(page).getByRole('list', { name: 'Chosen projects' })).toContainText('Bitcoin');
  await page.screenshot({ path: testInfo.outputPath('survey-desktop-projects.png') });
  await button(page, SURVEY_TEXTS.next).click();

  await expectStep(page, SURVEY_TEXTS.watchlistNameTitle, 100);
  await expect(button(page, SURVEY_TEXTS.next)).toBeDisabled();
  await modal(page).getByLabel('Watchlist name').fill('My Coins');
  await button(page, SURVEY_TEXTS.next).click();

  await expectStep(page, SURVEY_TEXTS.thankYouTitle);
  await expect(button(page, SURVEY_TEXTS.startTour)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('survey-desktop-thank-you.png') });
  await button(page, SURVEY_TEXTS.done).click();
  await expect(modal(page)).toHaveCount(0);

  await expect.poll(() => surveyReply(page)).toEqual({ userType: 'Retail Investor', expertiseType: 'Expert', projects: ['bitcoin'], watchlistName: 'My Coins' });
  expect(await watchlists(page)).toEqual([{ name: 'My Coins', projects: ['bitcoin'] }]);

  // Answered: no notification any more, even with no stored time (with none, the page asks the server).
  await page.evaluate((key) => window.localStorage.removeItem(key), SURVEY_LAST_NOTIFICATION_KEY);
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user/survey');
  await page.reload();
  expect((await asked).ok()).toBe(true);
  await expect(notification(page)).toHaveCount(0);
});

test('institution path: institution type, Skip on the projects, then Start a Guided Tour saves and opens the tour', async ({ page }) => {
  await signedInAs(page, 'survey-inst', '/my/settings');
  await notification(page).getByRole('button', { name: SURVEY_TEXTS.letsStart }).click();
  await choose(page, SURVEY_TEXTS.userTypeTitle, 'Institution', 25);
  await choose(page, SURVEY_TEXTS.institutionTypeTitle, 'VC/Hedge fund', 50);
  await expectStep(page, SURVEY_TEXTS.projectsTitle, 75);
  // Back one step keeps the answer; Skip on the projects jumps past the name.
  await button(page, SURVEY_TEXTS.back).click();
  await expect(modal(page).getByRole('radio', { name: 'VC/Hedge fund' })).toHaveAttribute('aria-checked', 'true');
  await button(page, SURVEY_TEXTS.next).click();
  await button(page, SURVEY_TEXTS.skip).click();
  await expectStep(page, SURVEY_TEXTS.thankYouTitle);
  await button(page, SURVEY_TEXTS.startTour).click();
  await expect(page).toHaveURL(/\/\?tour=true$/);
  await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect.poll(() => surveyReply(page)).toEqual({ userType: 'Institution', institutionType: 'VC/Hedge fund' });
  expect(await watchlists(page)).toEqual([]);
});

test('with a watchlist already: Settings → Extended Account Setup → Get Started asks no projects or name', async ({ page }) => {
  await putSurveyOff(page);
  await signedInAs(page, 'survey-has-list', '/my/settings');
  await expectPageReady(page);
  const created = await page.request.post('/api/watchlist/create', { data: { name: 'Existing', projects: ['ethereum'] } });
  expect(created.status()).toBe(200);

  await page.getByRole('region', { name: 'Extended Account Setup' }).getByRole('button', { name: 'Get Started' }).click();
  await expectStep(page, SURVEY_TEXTS.introTitle);
  await expect(modal(page)).toContainText(SURVEY_TEXTS.introReminder);
  await button(page, SURVEY_TEXTS.letsStart).click();
  await choose(page, SURVEY_TEXTS.userTypeTitle, 'Retail Investor', 50);
  // Back returns to the user type with the choice kept.
  await button(page, SURVEY_TEXTS.back).click();
  await expectStep(page, SURVEY_TEXTS.userTypeTitle, 50);
  await button(page, SURVEY_TEXTS.next).click();
  await choose(page, SURVEY_TEXTS.expertiseTitle, 'Beginner', 100);
  await expectStep(page, SURVEY_TEXTS.thankYouTitle);
  await expect(button(page, SURVEY_TEXTS.startTour)).toHaveCount(0);
  await button(page, SURVEY_TEXTS.done).click();
  await expect(modal(page)).toHaveCount(0);
  await expect.poll(() => surveyReply(page)).toEqual({ userType: 'Retail Investor', expertiseType: 'Beginner' });
  expect(await watchlists(page)).toEqual([{ name: 'Existing', projects: ['ethereum'] }]);
});

test("I'll do it later closes it and stores the time; it comes back as a reminder after 7 days", async ({ page }) => {
  await signedInAs(page, 'survey-later', '/my/watchlists');
  await expect(notification(page)).toBeVisible();
  const before = Date.now();
  await notification(page).getByRole('button', { name: SURVEY_TEXTS.later }).click();
  await expect(notification(page)).toHaveCount(0);
  const stored = Number(await page.evaluate((key) => window.localStorage.getItem(key), SURVEY_LAST_NOTIFICATION_KEY));
  expect(stored).toBeGreaterThanOrEqual(before - 5_000);

  // Once the account menu shows, the page knows the session and has judged the stored time (not due: no request).
  await page.reload();
  await expectPageReady(page);
  await expect(notification(page)).toHaveCount(0);

  await page.evaluate(([key, time]) => window.localStorage.setItem(key, time), [SURVEY_LAST_NOTIFICATION_KEY, String(Date.now() - SURVEY_REMINDER_INTERVAL_MS - 60_000)] as const);
  await page.reload();
  await expect(notification(page)).toBeVisible();
  await expect(notification(page)).toContainText(SURVEY_TEXTS.introReminder);
});

const { defaultBrowserType: _unused, ...pixel7 } = devices['Pixel 7'];
void _unused;

test.describe('on a phone', () => {
  test.use(pixel7);

  test('the notification and the modal fit the screen', async ({ page }, testInfo) => {
    await signedInAs(page, 'survey-phone', '/my/settings');
    await expect(notification(page)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('survey-phone-notification.png') });
    await notification(page).getByRole('button', { name: SURVEY_TEXTS.letsStart }).click();
    await choose(page, SURVEY_TEXTS.userTypeTitle, 'Institution', 25);
    await expectStep(page, SURVEY_TEXTS.institutionTypeTitle, 50);
    await page.screenshot({ path: testInfo.outputPath('survey-phone-institution.png') });
    const box = await modal(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= pixel7.viewport.width).toBe(true);
    await choose(page, SURVEY_TEXTS.institutionTypeTitle, 'Exchange', 50);
    await modal(page).getByRole('combobox').fill('Ether');
    await modal(page).getByRole('option', { name: /Ethereum/ }).first().click();
    await page.screenshot({ path: testInfo.outputPath('survey-phone-projects.png') });
  });
});
