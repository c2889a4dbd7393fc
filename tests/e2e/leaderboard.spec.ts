import { type Page } from '@playwright/test';

import { expect, test } from './support/auth';
import { openReady, visitPublicPages } from './support/public-pages';

visitPublicPages();

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
    await openReady(page, '/projects');
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

  /** The scores in table order (the Score cell shows the grade, then the score, then the tone for readers). */
  const scores = async (page: Page) => (await column(page, 'Score')).map((text) => Number(text.match(/(\d+(?:\.\d+)?)/)?.[1] ?? NaN));

  test('a minimum score applies when the box is left, the KYC box at once, and Reset filters clears them all', async ({ page }) => {
    await openReady(page, '/projects?sort=name');
    const minimum = page.getByLabel('Minimum score');
    await minimum.fill('80');
    // Typing alone applies nothing; leaving the box does.
    expect(new URL(page.url()).searchParams.get('minScore')).toBeNull();
    await minimum.press('Tab');
    await expect.poll(() => new URL(page.url()).searchParams.get('minScore')).toBe('80');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    await expect.poll(async () => (await scores(page)).every((score) => score >= 80)).toBe(true);
    expect((await scores(page)).length).toBeGreaterThan(0);

    await page.getByLabel('KYC verified team').check();
    await expect.poll(() => new URL(page.url()).search).toBe('?minScore=80&sort=name&kyc=1');
    await expect(page.getByLabel('Minimum score')).toHaveValue('80');

    await page.getByRole('link', { name: 'Reset filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect(page.getByLabel('Minimum score')).toHaveValue('');
    await expect(page.getByLabel('KYC verified team')).not.toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('');
  });

  test('a filter chosen on the home page opens the leaderboard with it', async ({ page }) => {
    await openReady(page, '/');
    await page.getByLabel('Grade').selectOption('AA');
    await expect(page).toHaveURL(/\/projects\?grade=AA$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Security leaderboard' })).toBeVisible();
    await expect(page.getByLabel('Grade')).toHaveValue('AA');
    await expect.poll(async () => [...new Set((await column(page, 'Score')).map((text) => text.match(/^[A-D]+/)?.[0]))]).toEqual(['AA']);
  });

  test('without JavaScript, Apply filters sends the form and the leaderboard shows the filtered list', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByLabel('Category').selectOption('DeFi');
      await page.getByLabel('Sort by').selectOption({ label: 'Name' });
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect(page).toHaveURL(/\/projects\?/);
      const query = new URL(page.url()).searchParams;
      expect([query.get('category'), query.get('sort')]).toEqual(['DeFi', 'name']);
      await expect(page.getByLabel('Category')).toHaveValue('DeFi');
      await expect(page.getByLabel('Sort by')).toHaveValue('name');
      const categories = await column(page, 'Category');
      expect(categories.length).toBeGreaterThan(0);
      expect([...new Set(categories)]).toEqual(['DeFi']);

      await page.getByRole('link', { name: 'Reset filters' }).click();
      await expect(page).toHaveURL(/\/projects$/);
      await expect(page.getByLabel('Category')).toHaveValue('');
    } finally {
      await context.close();
    }
  });

  test('a filtered address opened directly shows the filtered list', async ({ page }) => {
    await page.goto('/projects?category=DeFi&sort=name');
    await expect(page.getByLabel('Category')).toHaveValue('DeFi');
    const categories = await column(page, 'Category');
    expect(categories.length).toBeGreaterThan(0);
    expect([...new Set(categories)]).toEqual(['DeFi']);
  });
});
