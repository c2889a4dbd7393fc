import { expect, test } from '@playwright/test';

import { FLAGS_OFF_URL } from './support/servers';

// The second app server runs the production build without DEV_MAILBOX: the outbox must not be readable there.
test.describe('without DEV_MAILBOX', () => {
  test.use({ baseURL: FLAGS_OFF_URL });

  test('/dev/mailbox answers 404 and shows no mail', async ({ page }) => {
    const response = await page.goto('/dev/mailbox');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toHaveCount(0);
    await expect(page.getByText(/Your code: \d{6}/)).toHaveCount(0);
  });
});
