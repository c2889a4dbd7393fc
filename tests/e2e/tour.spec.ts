import { devices, type Page } from '@playwright/test';

import { TOUR_MESSAGES } from '../../lib/messages/tour';
import { TOUR_TEXTS } from '../../lib/tour';
import { acceptCookiesUpFront, accountMenuButton, expect, expectPageReady, MEMBER_STATE, test } from './support/auth';

test.describe.configure({ mode: 'parallel' });

const tooltip = (page: Page) => page.getByRole('alertdialog');
const heading = (page: Page, name: string) => tooltip(page).getByRole('heading', { name, exact: true });
const click = (page: Page, name: string) => tooltip(page).getByRole('button', { name, exact: true }).click();

const TARGET_TITLES = ['Search any project', 'Security alerts', 'Trending projects', 'Recently audited', 'Advanced filtering', 'Currently under audit'];

/**
 * Opens the home page with the tour requested and waits for the header's account area, i.e. for hydration and the
 * session, which the tour waits for too (a cold server under load takes longer than one step's budget for both).
 */
async function openTour(page: Page) {
  await page.goto('/?tour=true');
  await expectPageReady(page);
}

async function expectTourGone(page: Page) {
  await expect(tooltip(page)).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('tour'));
}

test.describe('the guided tour, signed out', () => {
  test.beforeEach(async ({ page }) => {
    test.setTimeout(60_000);
    await acceptCookiesUpFront(page);
  });

  test('starts from /?tour=true without the account step, walks the six targets to the sign-up end screen, and Done removes the parameter', async ({ page }, testInfo) => {
    await openTour(page);
    for (const [index, title] of TARGET_TITLES.entries()) {
      await expect(heading(page, title)).toBeVisible();
      if (index === 0) await page.screenshot({ path: testInfo.outputPath('tour-desktop-first-step.png') });
      if (index > 0) await expect(tooltip(page).getByRole('button', { name: TOUR_TEXTS.back })).toBeVisible();
      await click(page, TOUR_TEXTS.next);
    }
    await expect(heading(page, TOUR_TEXTS.completedTitle)).toBeVisible();
    await expect(tooltip(page).getByRole('button', { name: TOUR_TEXTS.signUp })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('tour-desktop-end-signed-out.png') });
    await click(page, TOUR_TEXTS.done);
    await expectTourGone(page);
  });

  test('close jumps to the skip confirmation, "No, maybe later" returns to the same step, and "Yes, skip" ends the tour', async ({ page }, testInfo) => {
    await openTour(page);
    await click(page, TOUR_TEXTS.next);
    await expect(heading(page, 'Security alerts')).toBeVisible();
    await click(page, TOUR_TEXTS.close);
    await expect(heading(page, TOUR_MESSAGES.skipQuestion)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('tour-desktop-skip.png') });
    await click(page, TOUR_MESSAGES.skipNo);
    await expect(heading(page, 'Security alerts')).toBeVisible();
    await click(page, TOUR_TEXTS.next);
    await expect(heading(page, 'Trending projects')).toBeVisible();
    // Escape closes the tooltip the same way as the close icon.
    await page.keyboard.press('Escape');
    await expect(heading(page, TOUR_MESSAGES.skipQuestion)).toBeVisible();
    await click(page, TOUR_MESSAGES.skipYes);
    await expectTourGone(page);
  });

  test('the end screen sign-up button opens the sign-up form', async ({ page }) => {
    await openTour(page);
    for (const title of TARGET_TITLES) {
      await expect(heading(page, title)).toBeVisible();
      await click(page, TOUR_TEXTS.next);
    }
    await click(page, TOUR_TEXTS.signUp);
    await expectTourGone(page);
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });
});

test.describe('the guided tour, signed in', () => {
  // The shared member: the tour changes nothing on the server (its stored state also keeps the survey away).
  test.use({ storageState: MEMBER_STATE });
  test.beforeEach(() => {
    test.setTimeout(60_000);
  });

  test('Settings → Guided Tour → Get Started runs the tour from the account step to the signed-in end screen', async ({ page }, testInfo) => {
    await page.goto('/my/settings');
    await expectPageReady(page);
    await page.getByRole('region', { name: 'Guided Tour' }).getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/\?tour=true$/);
    await expect(heading(page, 'Your account')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('tour-desktop-account-step.png') });
    for (const title of TARGET_TITLES) {
      await click(page, TOUR_TEXTS.next);
      await expect(heading(page, title)).toBeVisible();
    }
    // Close on the last target, then come back to it.
    await click(page, TOUR_TEXTS.close);
    await click(page, TOUR_MESSAGES.skipNo);
    await expect(heading(page, 'Currently under audit')).toBeVisible();
    await click(page, TOUR_TEXTS.next);
    await expect(heading(page, TOUR_TEXTS.completedTitle)).toBeVisible();
    await expect(tooltip(page).getByRole('button', { name: TOUR_TEXTS.signUp })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('tour-desktop-end-signed-in.png') });
    await click(page, TOUR_TEXTS.done);
    await expectTourGone(page);
  });

  test('the avatar menu starts the tour; a hidden target is logged and passed over', async ({ page }) => {
    await page.goto('/my/watchlists');
    await accountMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Guided Tour' }).click();
    await expect(heading(page, 'Your account')).toBeVisible();
    await click(page, TOUR_TEXTS.close);
    await click(page, TOUR_MESSAGES.skipYes);
    await expectTourGone(page);

    // Below 1024 px the home page's account area is hidden.
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    await page.setViewportSize({ width: 900, height: 900 });
    await page.goto('/?tour=true');
    await expect(heading(page, 'Search any project')).toBeVisible();
    expect(warnings.some((text) => text.includes(TOUR_MESSAGES.targetNotVisible))).toBe(true);
  });
});

const { defaultBrowserType: _unused, ...pixel7 } = devices['Pixel 7'];
void _unused;

test.describe('the guided tour on a phone', () => {
  test.use(pixel7);

  test('fits the screen and reaches the end screen', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await acceptCookiesUpFront(page);
    await page.goto('/?tour=true');
    await expect(heading(page, 'Search any project')).toBeVisible();
    const box = await tooltip(page).boundingBox();
    expect(box && box.width).toBeLessThanOrEqual(pixel7.viewport.width);
    await page.screenshot({ path: testInfo.outputPath('tour-phone-first-step.png') });
    await click(page, TOUR_TEXTS.next);
    await expect(heading(page, 'Security alerts')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('tour-phone-alerts.png') });
    for (const title of TARGET_TITLES.slice(2)) {
      await click(page, TOUR_TEXTS.next);
      await expect(heading(page, title)).toBeVisible();
    }
    await click(page, TOUR_TEXTS.next);
    await expect(heading(page, TOUR_TEXTS.completedTitle)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('tour-phone-end.png') });
    await click(page, TOUR_TEXTS.done);
    await expectTourGone(page);
  });
});
