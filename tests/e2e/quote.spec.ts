import { expect, test } from '@playwright/test';

import { CHROME_TEXTS, FEEDBACK_MESSAGES } from '../../lib/messages/chrome';

import { acceptCookiesUpFront } from './support/auth';

test.describe.configure({ mode: 'parallel' });

const SUCCESS_TOAST = FEEDBACK_MESSAGES.quoteRequested;

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/company/about');
  await page.getByRole('banner').getByRole('button', { name: CHROME_TEXTS.requestQuote }).click();
});

test('Request a Quote opens the Protect Your Project Today dialog', async ({ page }) => {
  const dialog = page.getByRole('dialog', { name: CHROME_TEXTS.quoteModalTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: CHROME_TEXTS.quoteModalTitle })).toBeVisible();
});

test('submitting the empty form shows the field errors and keeps the dialog open', async ({ page }) => {
  const dialog = page.getByRole('dialog', { name: CHROME_TEXTS.quoteModalTitle });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Please enter your name.')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid work email.')).toBeVisible();
  await expect(dialog.getByText('Please enter your company or project.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one service.')).toBeVisible();
  await expect(dialog.getByText('Tell us a little about your project (at least 10 characters).')).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
});

test('a complete request closes the dialog and shows a success toast', async ({ page }) => {
  const dialog = page.getByRole('dialog', { name: CHROME_TEXTS.quoteModalTitle });
  await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await dialog.getByLabel('Work email', { exact: true }).fill(`ada+${Date.now()}@example.com`);
  await dialog.getByLabel('Company or project', { exact: true }).fill('Analytical Engine DAO');
  await dialog.getByRole('checkbox', { name: 'Security Audit' }).check();
  await dialog.getByLabel('Message', { exact: true }).fill('Please audit our staking contracts before mainnet.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  // The toast is shown only once the server action has returned the stored row.
  await expect(page.getByText(SUCCESS_TOAST)).toBeVisible();
  await expect(dialog).toBeHidden();
});
