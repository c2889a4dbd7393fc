import { expect, test } from '@playwright/test';

import { ALERT_DATABASE_MESSAGES as TEXT } from '../../lib/messages/alert-database';
import { OPEN_DATA_TEXTS } from '../../lib/messages/open-data';
import { INCIDENTS_LINK } from '../../lib/navigation';
import { expectPageReady } from './support/auth';

// The incident database (#21) against the built site and its demo seed (the demo's alerts have amounts).
test.describe('the incident database', () => {
  test('is in the header, charts its breakdowns after the page with their tables, and keeps the filters in the CSV link', async ({ page }) => {
    await page.goto('/company/about');
    await expectPageReady(page);
    await page.getByRole('banner').getByRole('link', { name: INCIDENTS_LINK.label, exact: true }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { name: TEXT.title, level: 1 })).toBeVisible();

    // Three charts load once the page is there; each has its table one click away.
    const totals = page.getByRole('region', { name: TEXT.totalsTitle });
    await expect(totals.locator('.recharts-wrapper')).toHaveCount(3, { timeout: 15_000 });
    await totals.getByText(TEXT.showTable).first().click();
    await expect(totals.getByRole('table', { name: TEXT.byYear })).toBeVisible();

    await page.goto('/alerts?type=exploit&minLost=1000');
    const download = page.getByRole('link', { name: new RegExp(`^${OPEN_DATA_TEXTS.downloadCsv}`) });
    await expect(download).toHaveAttribute('href', '/alerts/export.csv?type=exploit&minLost=1000');
    const csv = await page.request.get('/alerts/export.csv?type=exploit&minLost=1000');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')[0]).toMatch(/^Alert ID,Page,Title,/);
  });

  test('answers a bad filter in the CSV with a 400 problem naming it', async ({ request }) => {
    const response = await request.get('/alerts/export.csv?type=meteor');
    expect(response.status()).toBe(400);
    expect(response.headers()['content-type']).toContain('application/problem+json');
    expect(((await response.json()) as { detail: string }).detail).toContain('type=');
  });
});
