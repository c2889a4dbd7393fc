import { afterAll, describe, expect, it, vi } from 'vitest';

import { createTestRun } from '@/tests/fixtures/test-run';
import { LIMITS } from '@/server/rate-limit';

/**
 * The client address behind the per-IP limits, through a real route handler (POST /api/auth/verify-email, whose
 * first budget is per address). scripts/start.mjs appends the socket's peer to X-Forwarded-For; here the tests
 * write the whole header as it reaches the app.
 */
const run = createTestRun();
const budget = LIMITS['verify-ip'].points;
const ownHops = process.env.TRUSTED_PROXY_HOPS;
const freshRateLimits: Array<{ getRateLimits(): { close(): Promise<void> } }> = [];

/** The route with TRUSTED_PROXY_HOPS set, in a fresh module graph that reads the configuration again. */
async function verifyRouteTrusting(hops: number) {
  process.env.TRUSTED_PROXY_HOPS = String(hops);
  vi.resetModules();
  freshRateLimits.push(await import('@/server/rate-limit'));
  return (await import('@/app/api/auth/verify-email/route')).POST;
}

function verifyRequest(forwardedFor: string) {
  return new Request('http://localhost/api/auth/verify-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: run.nextEmail('verify'), verificationCode: '123456' }),
  });
}

/** Sends `count` requests, each claiming a new address on the left; returns their statuses. */
async function sendWithSpoofedLeft(post: (request: Request) => Promise<Response>, trailing: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await post(verifyRequest(`${run.nextIp()}, ${trailing}`))).status);
  return statuses;
}

describe('the client address for per-IP limits', () => {
  afterAll(async () => {
    for (const rateLimits of freshRateLimits) await rateLimits.getRateLimits().close();
    await run.cleanUp();
    if (ownHops === undefined) delete process.env.TRUSTED_PROXY_HOPS;
    else process.env.TRUSTED_PROXY_HOPS = ownHops;
    vi.resetModules();
  });

  it('trusts no proxy by default: a new X-Forwarded-For on every request buys no new budget', async () => {
    const post = await verifyRouteTrusting(0);
    const peer = run.ipFor('socket-peer');

    const statuses = await sendWithSpoofedLeft(post, peer, budget + 1);

    expect(statuses.slice(0, budget)).not.toContain(429);
    expect(statuses[budget]).toBe(429);
  });

  it('with one trusted proxy, keys on the address that proxy saw, and another client keeps its own budget', async () => {
    const post = await verifyRouteTrusting(1);
    const proxy = run.ipFor('load-balancer');
    const client = run.ipFor('client-a');

    const statuses = await sendWithSpoofedLeft(post, `${client}, ${proxy}`, budget + 1);
    const otherClient = await post(verifyRequest(`${run.ipFor('client-b')}, ${proxy}`));

    expect(statuses.slice(0, budget)).not.toContain(429);
    expect(statuses[budget]).toBe(429);
    expect(otherClient.status).not.toBe(429);
  });
});
