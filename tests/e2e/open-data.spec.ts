import { expect, test } from '@playwright/test';

import { OPEN_DATA_TEXTS as TEXT } from '../../lib/messages/open-data';
import { expectPageReady } from './support/auth';

// Open data (#19) against the built site and its demo seed: compare from the leaderboard, the CSV download, a badge's
// verify page. Compare keeps its choice in localStorage, so each test starts from a fresh browser context.
test.describe('open data', () => {
  test('two projects added from the leaderboard compare side by side, with the radar and its table', async ({ page }) => {
    // Three page loads and a lazily loaded chart: more than one page's time (CI's loaded runs took up to 60 s).
    test.slow();
    await page.goto('/projects?sort=rank');
    await expectPageReady(page);
    const rows = page.getByRole('table', { name: 'Projects matching the filters' }).getByRole('row');
    const first = rows.nth(1);
    const second = rows.nth(2);
    // The project link holds the logo, the name and the ticker: the name is its first text.
    const firstName = (await first.getByRole('link').first().locator('span:not([aria-hidden])').first().textContent())!.trim();
    const firstToggle = first.getByRole('button', { name: `${TEXT.compareToggle} ${firstName}` });
    await expect(firstToggle).toHaveAttribute('aria-pressed', 'false');
    await firstToggle.click();
    await expect(firstToggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(TEXT.compareLink(1))).toBeVisible();
    await second.getByRole('button', { name: new RegExp(`^${TEXT.compareToggle} `) }).click();

    await page.getByRole('link', { name: TEXT.compareLink(2) }).click();
    await expect(page).toHaveURL(/\/compare\?ids=[a-z0-9-]+,[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { name: TEXT.compareTitle, level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Compared projects' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('table', { name: TEXT.compareRadarCaption })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: TEXT.compareRows.alerts90 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: firstName }).first()).toBeVisible();
    // The radar arrives after the page, hidden from readers (the table says the same).
    await expect(page.locator('.recharts-wrapper')).toHaveCount(1, { timeout: 15_000 });

    // The address alone reproduces it.
    const shared = page.url();
    await page.goto(shared);
    await expect(page.getByRole('list', { name: 'Compared projects' }).getByRole('listitem')).toHaveCount(2);
  });

  test('a bad comparison is explained on the page, never an error', async ({ page }) => {
    const response = await page.goto('/compare?ids=only-one');
    expect(response?.status()).toBe(200);
    // Next's route announcer is an alert region too: find ours by its text.
    await expect(page.getByRole('alert').filter({ hasText: TEXT.compareTooFew })).toBeVisible();
    await page.goto('/compare?ids=a,b,c,d,e');
    await expect(page.getByRole('alert').filter({ hasText: TEXT.compareTooMany })).toBeVisible();
  });

  test('the leaderboard downloads its filtered set as CSV', async ({ page }) => {
    await page.goto('/projects?audit=audited&sort=name&page=2');
    await expectPageReady(page);
    const link = page.getByRole('link', { name: new RegExp(`^${TEXT.downloadCsv}`) });
    await expect(link).toHaveAttribute('href', '/projects/export.csv?audit=audited&sort=name');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^projects-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await page.request.get('/projects/export.csv?audit=audited&sort=name');
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toMatch(/^Rank,Project ID,Project,Page,/);
    const bad = await page.request.get('/projects/export.csv?grade=ZZ');
    expect(bad.status()).toBe(400);
  });

  test("a project's badge is an SVG whose verify page states the live grade", async ({ page }) => {
    await page.goto('/projects?sort=rank');
    await expectPageReady(page);
    await page.getByRole('table', { name: 'Projects matching the filters' }).getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/projects\/[a-z0-9-]+$/);
    const projectId = new URL(page.url()).pathname.split('/').pop()!;

    const badgeSection = page.getByRole('region', { name: TEXT.badgeTitle });
    await expect(badgeSection.getByRole('textbox', { name: TEXT.badgeMarkdown })).toHaveValue(new RegExp(`/badge/${projectId}\\.svg\\)\\]\\(.*/verify/${projectId}\\)$`));
    await expect(badgeSection.getByRole('textbox', { name: TEXT.badgeHtml })).toHaveValue(new RegExp(`^<a href=".*/verify/${projectId}">`));

    const svg = await page.request.get(`/badge/${projectId}.svg`);
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(await svg.text()).not.toContain('<script');

    await badgeSection.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/verify/${projectId}$`));
    await expect(page.getByRole('heading', { name: TEXT.verifyHowTitle })).toBeVisible();
    const grade = (await page.getByTestId('verified-grade').textContent())!.trim();
    expect(await svg.text()).toContain(grade === TEXT.notAssessed ? '>not assessed<' : `>${grade} `);

    expect((await page.request.get('/badge/no-such-project-anywhere.svg')).status()).toBe(404);
    expect((await page.request.get('/verify/no-such-project-anywhere')).status()).toBe(404);
  });
});
