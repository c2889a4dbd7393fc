import { type Locator, type Page } from '@playwright/test';

import { SEARCH_TEXTS } from '../../lib/messages/search';
import { expect, test } from './support/auth';
import { listboxOf, openReady, visitPublicPages } from './support/public-pages';

visitPublicPages();

/** The main search on the home page (its header is hidden, so this is the only combobox with that name). */
const mainSearch = (page: Page) => page.getByRole('combobox', { name: SEARCH_TEXTS.mainPlaceholder });

/** The project id behind an option (its element id is the listbox id, a dash and the project id). */
async function projectIdOf(listbox: Locator, option: Locator): Promise<string> {
  const listId = (await listbox.getAttribute('id'))!;
  const optionId = (await option.getAttribute('id'))!;
  expect(optionId.startsWith(`${listId}-`)).toBe(true);
  return optionId.slice(listId.length + 1);
}

test.describe('project search', () => {
  test('typing a name and pressing Enter opens the first result, Ethereum', async ({ page }) => {
    await openReady(page, '/');
    const search = mainSearch(page);
    await search.fill('ethereum');
    const listbox = await listboxOf(search);
    await expect(listbox).toHaveAccessibleName('Search results');
    const first = listbox.getByRole('option').first();
    await expect(first).toHaveText(/^#2\s*Ethereum\s*ETH$/);
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/projects\/ethereum$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ethereum' })).toBeVisible();
  });

  test('clicking a result opens its project page', async ({ page }) => {
    await openReady(page, '/');
    const search = mainSearch(page);
    await search.fill('ETH');
    const listbox = await listboxOf(search);
    const first = listbox.getByRole('option').first();
    await expect(first).toContainText('Ethereum');
    await first.click();
    await expect(page).toHaveURL(/\/projects\/ethereum$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ethereum' })).toBeVisible();
  });

  test('focusing the empty main search shows Trending Projects, then the trending options', async ({ page }) => {
    await openReady(page, '/');
    const search = mainSearch(page);
    await search.focus();
    await expect(page.locator('#tour-search').getByText(SEARCH_TEXTS.trendingProjects, { exact: true })).toBeVisible();
    const listbox = await listboxOf(search);
    await expect(listbox).toHaveAccessibleName(SEARCH_TEXTS.trendingProjects);
    const options = listbox.getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(20);
    // Each row: #rank or N/A, the name and the first ticker.
    await expect(options.first()).toHaveText(/^(#\d+|N\/A)\s*\S/);
    // A keyword of one character still shows the trending list.
    await search.fill('b');
    await expect(page.locator('#tour-search').getByText(SEARCH_TEXTS.trendingProjects, { exact: true })).toBeVisible();
  });

  test('arrow keys move through the results, Enter opens the active one and Escape closes the list', async ({ page }) => {
    await openReady(page, '/');
    const search = mainSearch(page);
    await search.fill('bitcoin');
    const listbox = await listboxOf(search);
    const options = listbox.getByRole('option');
    await expect(options.first()).toHaveText(/Bitcoin\s*BTC$/);
    await expect(options.nth(1)).toBeVisible();

    await search.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await search.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    await search.press('ArrowUp');
    await search.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');

    await search.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await search.press('ArrowDown');
    await expect(listbox).toBeVisible();
    await expect(options.nth(1)).toBeVisible();

    // Open the second result with the keyboard.
    await search.press('ArrowDown');
    const active = listbox.locator('[role="option"][aria-selected="true"]');
    await expect(active).toHaveCount(1);
    const id = await projectIdOf(listbox, active);
    const text = (await active.textContent())!;
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    expect(text).toContain((await heading.textContent())!.trim());
  });

  test('the navigation search shows Trending Search, and choosing a result clears and blurs it', async ({ page }) => {
    await openReady(page, '/projects/bitcoin');
    await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin' })).toBeVisible();
    const header = page.getByRole('banner');
    // Hidden (and so out of the accessibility tree) until the page is scrolled past its banner.
    const search = header.getByPlaceholder(SEARCH_TEXTS.navPlaceholder, { exact: true });
    await expect(search).toBeDisabled();
    const bannerHeight = await page.locator('[data-page-banner]').evaluate((banner) => (banner as HTMLElement).offsetHeight);
    await page.evaluate((y) => window.scrollTo(0, y), bannerHeight + 200);
    await expect(search).toBeEnabled();
    await expect(header.getByRole('combobox', { name: SEARCH_TEXTS.navPlaceholder, exact: true })).toBeVisible();

    await search.focus();
    await expect(header.getByText(SEARCH_TEXTS.trendingSearch, { exact: true })).toBeVisible();
    const listbox = await listboxOf(search);
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect(header.getByText(SEARCH_TEXTS.trendingProjects, { exact: true })).toHaveCount(0);

    await search.fill('etherium');
    await expect(listbox.getByRole('option').first()).toContainText('Ethereum');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/projects\/ethereum$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ethereum' })).toBeVisible();
    await expect(search).toHaveValue('');
    await expect(search).not.toBeFocused();
  });
});
