import 'server-only';

import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { AuthException } from './auth/errors';
import { getConfig } from './config';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Budgets per email and per IP for each auth operation: points that may be spent within a window (seconds). */
export const LIMITS = {
  'login-failure-email': { points: 10, duration: 15 * MINUTE },
  'login-failure-ip': { points: 100, duration: 15 * MINUTE },
  'signup-email': { points: 5, duration: HOUR },
  'signup-ip': { points: 20, duration: HOUR },
  'forgot-email': { points: 5, duration: HOUR },
  'forgot-ip': { points: 30, duration: HOUR },
  'reset-email': { points: 10, duration: 15 * MINUTE },
  'reset-ip': { points: 50, duration: 15 * MINUTE },
  'verify-email': { points: 10, duration: 15 * MINUTE },
  'verify-ip': { points: 50, duration: 15 * MINUTE },
  'resend-email': { points: 5, duration: HOUR },
  'resend-ip': { points: 30, duration: HOUR },
  'incident-ip': { points: 10, duration: HOUR },
  // Settings (issue #7): signed-in writes that store data, per user id.
  'user-event-user': { points: 300, duration: 10 * MINUTE },
  'avatar-user': { points: 30, duration: HOUR },
} as const;

export type LimitName = keyof typeof LIMITS;

export type RateLimits = {
  /** Spends a point; throws LimitExceededException when the budget is spent. */
  consume(name: LimitName, key: string): Promise<void>;
  /** True when no point is left, without spending one. */
  isExhausted(name: LimitName, key: string): Promise<boolean>;
  /** Gives the whole budget back (after a successful login). */
  reset(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
};

/** Rate limits in this process, or shared through Redis (falling back to memory while Redis is unreachable). */
export function createRateLimits(options: { redisUrl: string | null; prefix: string }): RateLimits {
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  // Commands wait for the connection (so the first requests count in Redis too); if Redis is down they fail after
  // one retry and the in-memory insurance limiter takes over: a down Redis must not take logins down with it.
  redis?.on('error', () => {});
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  const limiter = (name: LimitName) => {
    let found = limiters.get(name);
    if (!found) {
      const { points, duration } = LIMITS[name];
      const keyPrefix = `${options.prefix}:${name}`;
      const memory = new RateLimiterMemory({ points, duration, keyPrefix });
      found = redis ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix, insuranceLimiter: memory }) : memory;
      limiters.set(name, found);
    }
    return found;
  };

  return {
    async consume(name, key) {
      try {
        await limiter(name).consume(key.toLowerCase());
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new AuthException('LimitExceededException');
        throw error;
      }
    },
    async isExhausted(name, key) {
      const state = await limiter(name).get(key.toLowerCase());
      return state !== null && state.remainingPoints <= 0;
    },
    async reset(name, key) {
      await limiter(name).delete(key.toLowerCase());
    },
    async close() {
      redis?.disconnect();
    },
  };
}

let shared: RateLimits | null = null;

/** The process-wide rate limits from the configuration. */
export function getRateLimits(): RateLimits {
  shared ??= createRateLimits({ redisUrl: getConfig().redisUrl, prefix: 'sentinel:rl' });
  return shared;
}
