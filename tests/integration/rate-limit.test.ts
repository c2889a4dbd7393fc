import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { AuthException } from '@/server/auth/errors';
import { createRateLimits, LIMITS, type RateLimits } from '@/server/rate-limit';

const REDIS_URL = process.env.REDIS_URL ?? null;
const run = randomBytes(4).toString('hex');
let serial = 0;
const uniquePrefix = (backend: string) => `test-rl-${run}-${backend}-${++serial}`;

/** The exception a promise rejects with; fails the test when it resolves. */
async function refusal(promise: Promise<unknown>): Promise<AuthException> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AuthException);
    return error as AuthException;
  }
  throw new Error('expected a refusal');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes every Redis key under a prefix (SCAN, not KEYS, as on a shared server). */
async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}


describe('the configured budgets', () => {
  it('throttle repeated wrong passwords for one email well before 30 tries', () => {
    expect(LIMITS['login-failure-email'].points).toBeLessThanOrEqual(15);
  });

  it('mail one email a few reset codes an hour at most, whoever asks', () => {
    expect(LIMITS['forgot-mail-email'].points).toBeLessThanOrEqual(5);
    expect(LIMITS['resend-mail-email'].points).toBeLessThanOrEqual(5);
  });

  it('limit every auth operation per email at one address and per address (never per email alone: #42)', () => {
    for (const operation of ['signup', 'forgot', 'reset', 'verify', 'resend', 'login-failure']) {
      expect(LIMITS).toHaveProperty(`${operation}-email-ip`);
      expect(LIMITS).toHaveProperty(`${operation}-ip`);
    }
    for (const { points, duration } of Object.values(LIMITS)) {
      expect(points).toBeGreaterThan(0);
      expect(duration).toBeGreaterThan(0);
    }
  });
});

/** The same behaviour on each backend; the Redis-only cases on Redis. */
function backendSuite(name: string, redisUrl: string | null) {
  const opened: { limits: RateLimits; prefix: string }[] = [];
  const admin = redisUrl ? new Redis(redisUrl, { lazyConnect: true }) : null;

  /** A RateLimits with its own prefix; on Redis, returned once its connection carries commands to Redis. */
  async function open(prefix = uniquePrefix(name)): Promise<RateLimits> {
    const limits = createRateLimits({ redisUrl, prefix });
    opened.push({ limits, prefix });
    if (admin) await untilOnRedis(limits, prefix);
    return limits;
  }

  /** Spends a point of a probe key until Redis holds it: before that, the in-memory insurance answers. */
  async function untilOnRedis(limits: RateLimits, prefix: string): Promise<void> {
    const probe = `probe-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 250; i++) {
      // A key of this instance's own: another instance's probe under the same prefix proves nothing about this one.
      await limits.consume('incident-ip', `${probe}-${i}`);
      if ((await keysUnder(admin!, `${prefix}:incident-ip:${probe}-`)).length > 0) return;
      await sleep(20);
    }
    throw new Error('the rate limits never reached Redis');
  }

  afterEach(async () => {
    for (const { limits, prefix } of opened.splice(0)) {
      await limits.close();
      if (admin) await deleteKeys(admin, prefix);
    }
  });

  afterAll(() => {
    admin?.disconnect();
  });

  it('spends the budget and then refuses with LimitExceededException (429)', async () => {
    const limits = await open();
    const { points } = LIMITS['signup-email-ip'];
    for (let i = 0; i < points; i++) await limits.consume('signup-email-ip', 'ada@example.com');
    const error = await refusal(limits.consume('signup-email-ip', 'ada@example.com'));
    expect(error.exception).toBe('LimitExceededException');
    expect(error.status).toBe(429);
    // Still refused on the next try.
    expect((await refusal(limits.consume('signup-email-ip', 'ada@example.com'))).exception).toBe('LimitExceededException');
  });

  it('says when a budget is exhausted, without spending a point', async () => {
    const limits = await open();
    const { points } = LIMITS['forgot-mail-email'];
    expect(await limits.isExhausted('forgot-mail-email', 'ada@example.com')).toBe(false);
    for (let i = 0; i < points - 1; i++) await limits.consume('forgot-mail-email', 'ada@example.com');
    for (let i = 0; i < 5; i++) expect(await limits.isExhausted('forgot-mail-email', 'ada@example.com')).toBe(false);
    await limits.consume('forgot-mail-email', 'ada@example.com');
    expect(await limits.isExhausted('forgot-mail-email', 'ada@example.com')).toBe(true);
  });

  it('reset gives the whole budget back', async () => {
    const limits = await open();
    const { points } = LIMITS['login-failure-email'];
    for (let i = 0; i < points; i++) await limits.consume('login-failure-email', 'ada@example.com');
    expect(await limits.isExhausted('login-failure-email', 'ada@example.com')).toBe(true);
    await limits.reset('login-failure-email', 'ada@example.com');
    expect(await limits.isExhausted('login-failure-email', 'ada@example.com')).toBe(false);
    for (let i = 0; i < points; i++) await limits.consume('login-failure-email', 'ada@example.com');
    expect((await refusal(limits.consume('login-failure-email', 'ada@example.com'))).exception).toBe('LimitExceededException');
  });

  it('reset of a key never used is harmless', async () => {
    const limits = await open();
    await expect(limits.reset('verify-email-ip', 'nobody@example.com')).resolves.toBeUndefined();
    expect(await limits.isExhausted('verify-email-ip', 'nobody@example.com')).toBe(false);
  });

  it('treats keys case-insensitively', async () => {
    const limits = await open();
    const { points } = LIMITS['resend-email-ip'];
    for (let i = 0; i < points; i++) await limits.consume('resend-email-ip', i % 2 ? 'Ada@Example.COM' : 'ada@example.com');
    expect(await limits.isExhausted('resend-email-ip', 'ADA@EXAMPLE.COM')).toBe(true);
  });

  it('keeps keys and operations apart', async () => {
    const limits = await open();
    const { points } = LIMITS['signup-email-ip'];
    for (let i = 0; i < points; i++) await limits.consume('signup-email-ip', 'ada@example.com');
    expect(await limits.isExhausted('signup-email-ip', 'ada@example.com')).toBe(true);
    expect(await limits.isExhausted('signup-email-ip', 'grace@example.com')).toBe(false);
    expect(await limits.isExhausted('forgot-mail-email', 'ada@example.com')).toBe(false);
    await limits.consume('signup-email-ip', 'grace@example.com');
    await limits.consume('forgot-mail-email', 'ada@example.com');
  });

  it('keeps instances with different prefixes apart', async () => {
    const first = await open();
    const second = await open();
    const { points } = LIMITS['signup-email-ip'];
    for (let i = 0; i < points; i++) await first.consume('signup-email-ip', 'ada@example.com');
    expect(await first.isExhausted('signup-email-ip', 'ada@example.com')).toBe(true);
    expect(await second.isExhausted('signup-email-ip', 'ada@example.com')).toBe(false);
  });

  if (redisUrl) {
    it('shares state through Redis between instances with the same prefix (as between servers)', async () => {
      const prefix = uniquePrefix(name);
      const serverA = await open(prefix);
      const serverB = await open(prefix);
      const { points } = LIMITS['signup-email-ip'];
      for (let i = 0; i < points; i++) await (i % 2 ? serverA : serverB).consume('signup-email-ip', 'ada@example.com');
      expect(await serverA.isExhausted('signup-email-ip', 'ada@example.com')).toBe(true);
      expect(await serverB.isExhausted('signup-email-ip', 'ada@example.com')).toBe(true);
      expect((await refusal(serverB.consume('signup-email-ip', 'ada@example.com'))).exception).toBe('LimitExceededException');

      // A reset on one server gives the budget back on the other.
      await serverA.reset('signup-email-ip', 'ada@example.com');
      expect(await serverB.isExhausted('signup-email-ip', 'ada@example.com')).toBe(false);

      // A third server started later sees the same state.
      for (let i = 0; i < points; i++) await serverB.consume('signup-email-ip', 'ada@example.com');
      const serverC = await open(prefix);
      expect(await serverC.isExhausted('signup-email-ip', 'ada@example.com')).toBe(true);
    });

    it('stores the counters in Redis under the prefix, with an expiry no longer than the window', async () => {
      const prefix = uniquePrefix(name);
      const limits = await open(prefix);
      await limits.consume('forgot-mail-email', 'ada@example.com');
      const key = `${prefix}:forgot-mail-email:ada@example.com`;
      expect(await admin!.get(key)).toBe('1');
      const ttl = await admin!.ttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(LIMITS['forgot-mail-email'].duration);
      await limits.reset('forgot-mail-email', 'ada@example.com');
      expect(await admin!.exists(key)).toBe(0);
    });

    it('keeps counting a closed instance’s points on the others', async () => {
      const prefix = uniquePrefix(name);
      const first = await open(prefix);
      const { points } = LIMITS['resend-email-ip'];
      for (let i = 0; i < points; i++) await first.consume('resend-email-ip', 'ada@example.com');
      await first.close();
      const second = await open(prefix);
      expect(await second.isExhausted('resend-email-ip', 'ada@example.com')).toBe(true);
    });

    // BUG (server/rate-limit.ts:43 and :54): the client is created with enableOfflineQueue: false and used at once, so
    // every command sent before the connection is ready fails and the in-memory insurance limiter answers
    // instead: the first requests a fresh server sees are counted in that process only, never in Redis.
    it('counts from the very first request on Redis, before the connection has settled', async () => {
      const prefix = uniquePrefix(name);
      const serverA = createRateLimits({ redisUrl, prefix });
      const serverB = createRateLimits({ redisUrl, prefix });
      opened.push({ limits: serverA, prefix }, { limits: serverB, prefix });
      const { points } = LIMITS['signup-email-ip'];
      for (let i = 0; i < points; i++) await serverA.consume('signup-email-ip', 'ada@example.com');
      await untilOnRedis(serverB, prefix);
      expect(await serverB.isExhausted('signup-email-ip', 'ada@example.com')).toBe(true);
    });
  }
}

describe('createRateLimits in memory', () => backendSuite('memory', null));

describe.skipIf(!REDIS_URL)('createRateLimits on Redis (REDIS_URL)', () => backendSuite('redis', REDIS_URL));

describe('createRateLimits when Redis is unreachable', () => {
  it('falls back to memory instead of failing, and still throttles', async () => {
    const limits = createRateLimits({ redisUrl: 'redis://127.0.0.1:1', prefix: uniquePrefix('down') });
    try {
      const { points } = LIMITS['signup-email-ip'];
      for (let i = 0; i < points; i++) await limits.consume('signup-email-ip', 'ada@example.com');
      expect((await refusal(limits.consume('signup-email-ip', 'ada@example.com'))).exception).toBe('LimitExceededException');
    } finally {
      await limits.close();
    }
  });
});
