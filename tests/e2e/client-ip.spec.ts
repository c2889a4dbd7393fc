import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';

import { FLAGS_OFF_URL } from './support/servers';

/**
 * The second app server trusts no proxy (TRUSTED_PROXY_HOPS unset): the address behind its per-IP limits is the
 * socket's, whatever X-Forwarded-For a client sends.
 */
test('a new X-Forwarded-For on every request buys no new rate-limit budget', async ({ request }) => {
  test.setTimeout(90_000);
  const run = randomBytes(4).toString('hex');
  const statuses: number[] = [];
  for (let i = 0; i < 40 && !statuses.includes(429); i++) {
    const response = await request.post(`${FLAGS_OFF_URL}/api/auth/forgot-password`, {
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` },
      data: { email: `spoof-${i}-${run}@example.com` },
    });
    statuses.push(response.status());
  }

  expect(statuses).toContain(429);
  expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
});
