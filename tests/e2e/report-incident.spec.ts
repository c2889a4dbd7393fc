import { type Locator, type Page } from '@playwright/test';

import { FEEDBACK_MESSAGES } from '../../lib/messages/chrome';
import { expect, test } from './support/auth';
import { listboxOf, openReady, visitPublicPages } from './support/public-pages';

visitPublicPages();

test.describe('Report Incident', () => {
  const SUCCESS = FEEDBACK_MESSAGES.incidentReported;

  /** Opens the dialog from the security alerts section of the home page. */
  async function openReportDialog(page: Page): Promise<Locator> {
    await openReady(page, '/');
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
