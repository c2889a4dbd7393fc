import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { Webhook } from 'standardwebhooks';

import { NOTIFICATION_MESSAGES } from '../../lib/messages/notifications';
import { WEBHOOK_MESSAGES } from '../../lib/webhooks';
import { expect, newSignedInAccount, openSettings, test } from './support/auth';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A webhook receiver on loopback (the test server runs with WEBHOOK_ALLOW_PRIVATE=1); it answers 204 to each POST. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/sentinel`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe('alerts reach a watcher by webhook and by mail, as chosen in Settings', () => {
  test('a webhook endpoint is added, its secret shown once, and "Send test" delivers a signed event that the log shows', async ({ page }) => {
    test.setTimeout(90_000);
    const receiver = await startReceiver();
    try {
      await newSignedInAccount(page, 'webhook');
      await openSettings(page);
      const section = page.getByRole('region', { name: WEBHOOK_MESSAGES.title });
      await expect(section.getByText(WEBHOOK_MESSAGES.empty)).toBeVisible();

      const addForm = section.getByRole('form', { name: WEBHOOK_MESSAGES.addFormLabel });
      await addForm.getByLabel(WEBHOOK_MESSAGES.urlLabel).fill(receiver.url);
      await addForm.getByRole('button', { name: WEBHOOK_MESSAGES.add }).click();
      const secretBox = section.getByLabel(WEBHOOK_MESSAGES.secretTitle);
      await expect(secretBox).toHaveText(/^whsec_/);
      const secret = (await secretBox.textContent())!.trim();
      await section.getByRole('button', { name: WEBHOOK_MESSAGES.dismissSecret }).click();
      await expect(secretBox).toHaveCount(0);
      await expect(section.getByText(receiver.url)).toBeVisible();

      await section.getByRole('button', { name: WEBHOOK_MESSAGES.sendTestLabel(receiver.url) }).click();
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [delivery] = receiver.received;
      // Verified with an independent implementation of Standard Webhooks, with the secret the page showed.
      const payload = new Webhook(secret).verify(delivery.body, {
        'webhook-id': String(delivery.headers['webhook-id']),
        'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
        'webhook-signature': String(delivery.headers['webhook-signature']),
      }) as { type: string };
      expect(payload.type).toBe('test');

      await expect(async () => {
        await section.getByRole('button', { name: WEBHOOK_MESSAGES.refresh }).click();
        await expect(section.getByText(/^Delivered/)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    } finally {
      await receiver.close();
    }
  });

  test('the alert e-mail choice offers a daily digest, and the choice is kept', async ({ page }) => {
    await newSignedInAccount(page, 'digest');
    await openSettings(page);
    const section = page.getByRole('region', { name: NOTIFICATION_MESSAGES.emailSettingTitle });
    await expect(section.getByRole('radio', { name: NOTIFICATION_MESSAGES.emailChoiceLabels.immediate })).toBeChecked();
    await section.getByRole('radio', { name: NOTIFICATION_MESSAGES.emailChoiceLabels.digest }).check();
    await expect(page.getByText(NOTIFICATION_MESSAGES.emailSettingSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: NOTIFICATION_MESSAGES.emailSettingTitle }).getByRole('radio', { name: NOTIFICATION_MESSAGES.emailChoiceLabels.digest })).toBeChecked();
  });
});
