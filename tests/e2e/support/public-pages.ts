import { expect, type Locator, type Page } from '@playwright/test';

import { acceptCookiesUpFront, expectPageReady, test } from './auth';

/**
 * For the specs of the public pages: multi-step journeys through server-rendered pages, so three times the usual
 * time; no cookie banner. Each test has a client address of its own (support/auth's `test`), so rate limits are
 * not shared between tests.
 */
export function visitPublicPages() {
  test.describe.configure({ mode: 'parallel' });
  test.beforeEach(async ({ page }) => {
    test.slow();
    await acceptCookiesUpFront(page);
  });
}

/** Opens a page and waits until it is hydrated, so typing and clicking reach React. */
export async function openReady(page: Page, path: string) {
  await page.goto(path);
  await expectPageReady(page);
}

/** The listbox a combobox controls. */
export async function listboxOf(combobox: Locator): Promise<Locator> {
  const id = await combobox.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return combobox.page().locator(`[id="${id}"]`);
}
