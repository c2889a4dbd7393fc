import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';

import { AuthException } from '@/server/auth/errors';
import { createRateLimits, LIMITS, type RateLimits } from '@/server/rate-limit';

import { startRedisProxy } from '../support/redis-proxy';

const REDIS_URL = process.env.REDIS_URL ?? null;
const run = randomBytes(4).toString('hex');
let serial = 0;
const uniquePrefix = () => `test-outage-${run}-${++serial}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest any one rate-limit call may take while Redis is down or stalled. */
const BOUND_MS = 1000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A TCP server on 127.0.0.1 that accepts connections and never answers: a stalled Redis. */
async function silentServer(): Promise<number> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as net.AddressInfo).port;
}

/** A port on 127.0.0.1 where nothing listens: connections are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A proxy to the real Redis whose connections close when the test ends. */
async function redisProxy(target: URL) {
  const proxy = await startRedisProxy(target);
  cleanups.push(proxy.close);
  return proxy;
}

function open(redisUrl: string): RateLimits {
  const limits = createRateLimits({ redisUrl, prefix: uniquePrefix() });
  cleanups.push(() => limits.close());
  return limits;
}

/** Runs a call and checks it settles within the bound; returns what it threw, if anything. */
async function bounded(call: () => Promise<unknown>): Promise<unknown> {
  const started = performance.now();
  let thrown: unknown = null;
  try {
    await call();
  } catch (error) {
    thrown = error;
  }
  expect(performance.now() - started).toBeLessThan(BOUND_MS);
  return thrown;
}

/** Spends a whole budget within the bound per call, then expects the in-process refusal. */
async function expectLimitsStillHold(limits: RateLimits, key: string) {
  const { points } = LIMITS['signup-email-ip'];
  for (let i = 0; i < points; i++) expect(await bounded(() => limits.consume('signup-email-ip', key))).toBeNull();
  const refusal = await bounded(() => limits.consume('signup-email-ip', key));
  expect(refusal).toBeInstanceOf(AuthException);
  expect((refusal as AuthException).exception).toBe('LimitExceededException');
  expect((refusal as AuthException).retryAfterSeconds).toBeGreaterThan(0);
}

describe('rate limits when Redis does not answer', () => {
  it('a Redis that accepts connections and never answers: every call settles within 1 s and the budgets hold in-process', async () => {
    const limits = open(`redis://127.0.0.1:${await silentServer()}`);
    await expectLimitsStillHold(limits, 'ada@example.com');
    for (const call of [() => limits.used('login-failure-email', 'ada'), () => limits.refund('login-failure-ip', 'x'), () => limits.reset('signup-email-ip', 'y')]) {
      expect(await bounded(call)).toBeNull();
    }
  });

  it('a closed port: every call settles within 1 s and the budgets hold in-process', async () => {
    const limits = open(`redis://127.0.0.1:${await closedPort()}`);
    await expectLimitsStillHold(limits, 'grace@example.com');
  });

  it('a sign-in’s worth of calls against a stalled Redis takes under 1 s in all', async () => {
    const limits = open(`redis://127.0.0.1:${await silentServer()}`);
    await sleep(600); // past the first connection's warm-up, as on a server that has been up a while
    const started = performance.now();
    await limits.consume('login-failure-ip', 'ip-1');
    await limits.consume('login-failure-email-ip', 'ada ip-1');
    await limits.used('login-failure-email', 'ada');
    await limits.record('login-failure-email', 'ada');
    expect(performance.now() - started).toBeLessThan(BOUND_MS);
  });
});

describe.skipIf(!REDIS_URL)('rate limits when a real Redis stalls and comes back (REDIS_URL)', () => {
  it('answer within 1 s from memory while Redis is stalled, and use Redis again once it is back, without a restart', async () => {
    const admin = new Redis(REDIS_URL!);
    cleanups.push(() => admin.disconnect());
    const proxy = await redisProxy(new URL(REDIS_URL!));
    const prefix = uniquePrefix();
    const limits = createRateLimits({ redisUrl: proxy.url, prefix });
    cleanups.push(async () => {
      await limits.close();
      const keys = await admin.keys(`${prefix}:*`);
      if (keys.length) await admin.del(...keys);
    });

    /** True once a fresh key spent through the limits shows up in Redis (bounded in time). */
    let probes = 0;
    async function reachesRedis(within: number): Promise<boolean> {
      const deadline = Date.now() + within;
      while (Date.now() < deadline) {
        const key = `probe-${++probes}`;
        await limits.consume('incident-ip', key);
        if ((await admin.exists(`${prefix}:incident-ip:${key}`)) === 1) return true;
        await sleep(100);
      }
      return false;
    }

    expect(await reachesRedis(5000)).toBe(true);

    proxy.stall();
    await expectLimitsStillHold(limits, 'stalled@example.com');
    expect(await admin.exists(`${prefix}:signup-email-ip:stalled@example.com`)).toBe(0);

    proxy.resume();
    expect(await reachesRedis(10_000)).toBe(true);
    await limits.consume('forgot-mail-email', 'back@example.com');
    expect(await admin.get(`${prefix}:forgot-mail-email:back@example.com`)).toBe('1');
  });
});
