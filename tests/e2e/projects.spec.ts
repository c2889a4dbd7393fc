import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { FEEDBACK_MESSAGES } from '../../lib/messages/chrome';
import { SEARCH_TEXTS } from '../../lib/messages/search';
import { expectPageReady } from './support/auth';

test.describe.configure({ mode: 'parallel' });

/** The consent flag the cookie banner stores (lib/constants COOKIE_CONSENT_KEY). */
const COOKIE_CONSENT_KEY = 'cookie-consent';

const run = randomBytes(3).toString('hex');
let serial = 0;

/**
 * Each test comes from an address of its own, so rate limits are not shared between tests; no cookie banner.
 * These are multi-step journeys through server-rendered pages: they get three times the usual time.
 */
test.beforeEach(async ({ page }, testInfo) => {
  test.slow();
  const ip = `10.${parseInt(run.slice(0, 2), 16)}.${testInfo.workerIndex % 256}.${++serial % 256}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `${ip}, 203.0.113.${parseInt(run.slice(2, 4), 16)}` });
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), COOKIE_CONSENT_KEY);
});

/** Opens a page and waits until it is hydrated, so typing and clicking reach React. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expectPageReady(page);
}

/** The main search on the home page (its header is hidden, so this is the only combobox with that name). */
const mainSearch = (page: Page) => page.getByRole('combobox', { name: SEARCH_TEXTS.mainPlaceholder });

/** The listbox a combobox controls. */
async function listboxOf(combobox: Locator): Promise<Locator> {
  const id = await combobox.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return combobox.page().locator(`[id="${id}"]`);
}

/** The project id behind an option (its element id is the listbox id, a dash and the project id). */
async function projectIdOf(listbox: Locator, option: Locator): Promise<string> {
  const listId = (await listbox.getAttribute('id'))!;
  const optionId = (await option.getAttribute('id'))!;
  expect(optionId.startsWith(`${listId}-`)).toBe(true);
  return optionId.slice(listId.length + 1);
}

test.describe('project search', () => {
  test('typing a name and pressing Enter opens the first result, Ethereum', async ({ page }) => {
    await open(page, '/');
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
    await open(page, '/');
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
    await open(page, '/');
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
    await open(page, '/');
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
    await open(page, '/projects/bitcoin');
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

test.describe('project leaderboard filters', () => {
  /** The text of the column under a header, over every row of the table. */
  const column = (page: Page, header: string) =>
    page.locator('table').evaluate((table, title) => {
      const index = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === title);
      if (index < 0) throw new Error(`no column ${title}`);
      return [...table.querySelectorAll('tbody tr')].map((row) => row.children[index]?.textContent?.trim() ?? '');
    }, header);
  /** The project names in table order (the Project cell links the logo, the name and the first ticker). */
  const names = (page: Page) =>
    page.locator('table').evaluate((table) => {
      const index = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === 'Project');
      return [...table.querySelectorAll('tbody tr')].map((row) => row.children[index]?.querySelector('a > span:not([aria-hidden])')?.textContent?.trim() ?? '');
    });

  test('a category filter and a sort change the list and the URL, and survive a reload', async ({ page }) => {
    await open(page, '/projects');
    const category = page.getByLabel('Category');
    const choices = (await category.locator('option').allInnerTexts()).map((text) => text.trim()).filter((text) => text && text !== 'All categories');
    expect(choices.length).toBeGreaterThan(1);
    const chosen = choices[1];
    const namesBefore = await names(page);
    expect(namesBefore.length).toBeGreaterThan(0);

    await category.selectOption({ label: chosen });
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe(chosen);
    await expect.poll(async () => [...new Set(await column(page, 'Category'))]).toEqual([chosen]);

    // Sort by name: the order and the URL change, the category stays.
    const byScore = await names(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Name' });
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('name');
    expect(new URL(page.url()).searchParams.get('category')).toBe(chosen);
    await expect.poll(() => names(page)).not.toEqual(byScore);
    const byName = await names(page);
    const inCodeOrder = [...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const inLocaleOrder = [...byName].sort((a, b) => a.localeCompare(b));
    expect([inCodeOrder, inLocaleOrder]).toContainEqual(byName);
    expect([...new Set(await column(page, 'Category'))]).toEqual([chosen]);

    // The address is the shareable state: a reload shows the same filtered, sorted list.
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByLabel('Category')).toHaveValue(chosen);
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
    expect(await names(page)).toEqual(byName);
    expect([...new Set(await column(page, 'Category'))]).toEqual([chosen]);
  });

  test('a filtered address opened directly shows the filtered list', async ({ page }) => {
    await page.goto('/projects?category=DeFi&sort=name');
    await expect(page.getByLabel('Category')).toHaveValue('DeFi');
    const categories = await column(page, 'Category');
    expect(categories.length).toBeGreaterThan(0);
    expect([...new Set(categories)]).toEqual(['DeFi']);
  });
});

/** A project nobody has voted on yet, so this test's vote is its only one (also on a retry). */
async function unvotedProject(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const candidates = (await (await request.get('/api/search-project?keyword=coin')).json()) as { id: string; name: string }[];
  for (const candidate of candidates.reverse()) {
    const reply = (await (await request.get(`/api/projects/average-yes-percentage?id=${candidate.id}`)).json()) as { votes: number };
    if (reply.votes === 0) return candidate;
  }
  throw new Error('no project without votes');
}

test.describe('votes', () => {
  test('Yes then No: the project shows 100.0% then 0.0% with one vote, kept after a reload', async ({ page, request }) => {
    const project = await unvotedProject(request);
    await open(page, `/projects/${project.id}`);
    await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
    const widget = page.getByRole('region', { name: 'Do you trust this project?' });
    const percentage = widget.getByTestId('project-yes-percentage');
    await expect(percentage).toHaveText('No votes yet');
    await expect(widget.getByText('0 votes', { exact: true })).toBeVisible();

    await widget.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(page.getByText(FEEDBACK_MESSAGES.voteCounted)).toBeVisible();
    await expect(percentage).toHaveText('100.0%');
    await expect(widget.getByText('1 vote', { exact: true })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await widget.getByRole('button', { name: 'No', exact: true }).click();
    await expect(percentage).toHaveText('0.0%');
    await expect(widget.getByText('1 vote', { exact: true })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'No', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(percentage).toHaveText('0.0%');
    await expect(widget.getByText('1 vote', { exact: true })).toBeVisible();
    await expect(widget.getByRole('button', { name: 'No', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(widget.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('Report Incident', () => {
  const SUCCESS = FEEDBACK_MESSAGES.incidentReported;

  /** Opens the dialog from the security alerts section of the home page. */
  async function openReportDialog(page: Page): Promise<Locator> {
    await open(page, '/');
    await page.getByRole('button', { name: 'Report Incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report an incident' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('a report about a project chosen through the search is sent', async ({ page }) => {
    const dialog = await openReportDialog(page);
    const search = dialog.getByRole('combobox');
    await search.fill('bitcoin');
    const listbox = await listboxOf(search);
    const first = listbox.getByRole('option').first();
    await expect(first).toContainText('Bitcoin');
    await first.click();
    await expect(dialog.getByRole('button', { name: 'Choose another project' })).toBeVisible();
    await expect(dialog.getByText('Bitcoin', { exact: true })).toBeVisible();
    // Choosing in the form does not leave the page.
    expect(new URL(page.url()).pathname).toBe('/');

    await dialog.getByLabel('What happened?').fill('A phishing site is copying the official wallet download page.');
    await dialog.getByLabel(/Links/).fill('https://example.com/phishing-report');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(SUCCESS)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('an empty report names what is missing and sends nothing', async ({ page }) => {
    const dialog = await openReportDialog(page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose the project the incident is about.')).toBeVisible();
    await expect(dialog.getByText('Describe the incident in at least 20 characters.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
  });

  test('a link that is not a web address is refused in the form', async ({ page }) => {
    const dialog = await openReportDialog(page);
    await dialog.getByLabel('What happened?').fill('Short');
    await dialog.getByLabel(/Links/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Links must be full http(s) URLs.')).toBeVisible();
    await expect(dialog.getByText('Describe the incident in at least 20 characters.')).toBeVisible();
  });

  // The dialog focuses the project search on opening; its list must not cover the form until asked for.
  test('opening the dialog leaves the form uncovered', async ({ page }) => {
    const dialog = await openReportDialog(page);
    await expect(dialog.getByRole('listbox')).toBeHidden();
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await dialog.getByRole('button', { name: 'Send report' }).click({ timeout: 5_000 });
    await expect(dialog.getByText('Choose the project the incident is about.')).toBeVisible();
    // Clicking the box opens the list.
    await dialog.getByRole('combobox').click();
    await expect(dialog.getByRole('listbox')).toBeVisible();
  });
});
