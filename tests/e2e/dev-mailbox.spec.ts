import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';

import { strongPassword } from './support/auth';
import { waitForCode } from './support/mail';
import { FLAGS_OFF_URL } from './support/servers';

// The main app server runs without DEV_MAILBOX: the outbox is never readable there.
test.describe('without DEV_MAILBOX', () => {
  test('/dev/mailbox answers 404 and shows no mail', async ({ page }) => {
    const response = await page.goto('/dev/mailbox');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toHaveCount(0);
    await expect(page.getByText(/Your code: \d{6}/)).toHaveCount(0);
  });
});

// The second app server has DEV_MAILBOX on, as the README's first command does (#42): the outbox opens only to a
// request straight from this machine, and shows only the codes asked for from it.
test.describe('with DEV_MAILBOX on', () => {
  test.use({ baseURL: FLAGS_OFF_URL });

  test('from this machine it shows a code asked for here, and hides one asked for from elsewhere', async ({ page, request }) => {
    const run = randomBytes(4).toString('hex');
    const here = `mailbox-here-${run}@example.com`;
    const elsewhere = `mailbox-elsewhere-${run}@example.com`;
    expect((await request.post('/api/auth/signup', { data: { email: here, password: strongPassword() } })).status()).toBe(200);
    // As through a proxy: the front sees another client before this machine's address.
    const viaProxy = await request.post('/api/auth/signup', { headers: { 'x-forwarded-for': '203.0.113.40' }, data: { email: elsewhere, password: strongPassword() } });
    expect(viaProxy.status()).toBe(200);

    const response = await page.goto('/dev/mailbox');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
    const hereMail = page.getByRole('listitem').filter({ hasText: `to ${here}` });
    await expect(hereMail.getByText(/Your code: \d{6}/)).toBeVisible();
    const elsewhereMail = page.getByRole('listitem').filter({ hasText: `to ${elsewhere}` });
    await expect(elsewhereMail.getByText('Asked for from another machine, so its text is not shown here.')).toBeVisible();
    // Its code (delivered by SMTP, as any mail) is nowhere on the page.
    await expect(elsewhereMail.getByText(/Your code/)).toHaveCount(0);
    expect(await page.content()).not.toContain(await waitForCode(elsewhere));
  });

  for (const [label, headers] of [
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.41' }],
    ['X-Forwarded-For naming this machine', { 'x-forwarded-for': '127.0.0.1' }],
    ['Forwarded', { forwarded: 'for=203.0.113.42' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.43' }],
  ] as const) {
    test(`a request through a proxy (${label}) gets the 404`, async ({ request }) => {
      const response = await request.get('/dev/mailbox', { headers });
      expect(response.status()).toBe(404);
      expect(await response.text()).not.toMatch(/Your code: \d{6}/);
    });
  }
});
