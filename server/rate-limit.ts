import 'server-only';

import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { UserFacingError } from '@/lib/errors';

import { AuthException } from './auth/errors';
import { getConfig } from './config';
import { processSingleton } from './process-singleton';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Budgets: points that may be spent within a window (seconds), per email, per address, or for the whole site. */
export const LIMITS = {
  // Login (server/auth/pool.ts authenticate): a try spends its points before the password is checked and gets
  // them back when the password is right. The hard stops are per email + address and per address, so a stranger
  // cannot lock the owner out; the email alone only slows down (see loginDelayMs), counted in login-failure-email.
  'login-failure-email-ip': { points: 10, duration: 15 * MINUTE },
  'login-failure-ip': { points: 100, duration: 15 * MINUTE },
  'login-failure-email': { points: 10, duration: 15 * MINUTE },
  // Sign-up, verify, resend, forgot and reset (server/auth/pool.ts): the hard stops are per email + address and per
  // address, so a stranger elsewhere can never use up a user's own budget (issue #42). What reaches a mailbox is
  // counted per email (a few mails an hour at most, whoever asks) and for the whole site, where only mail really
  // written counts: requests for unknown emails spend nothing there.
  'signup-email-ip': { points: 5, duration: HOUR },
  'signup-ip': { points: 20, duration: HOUR },
  'signup-global': { points: 300, duration: HOUR },
  'forgot-email-ip': { points: 5, duration: HOUR },
  'forgot-ip': { points: 30, duration: HOUR },
  'forgot-mail-email': { points: 3, duration: HOUR },
  'forgot-global': { points: 300, duration: HOUR },
  'reset-email-ip': { points: 10, duration: 15 * MINUTE },
  'reset-ip': { points: 50, duration: 15 * MINUTE },
  'verify-email-ip': { points: 10, duration: 15 * MINUTE },
  'verify-ip': { points: 50, duration: 15 * MINUTE },
  'resend-email-ip': { points: 5, duration: HOUR },
  'resend-ip': { points: 30, duration: HOUR },
  'resend-mail-email': { points: 3, duration: HOUR },
  // Wrong current passwords in Settings, per member: a borrowed session guesses no faster than the login form, and
  // a stranger's wrong logins for the email never block the owner's own change.
  'password-change-user': { points: 10, duration: 15 * MINUTE },
  'incident-ip': { points: 10, duration: HOUR },
  // Anonymous writes, per address: generous for a person (one browser voting and browsing project pages), tight
  // enough that a script cannot fill tables or steer Trending.
  'vote-ip': { points: 100, duration: HOUR },
  'page-view-ip': { points: 600, duration: HOUR },
  'quote-ip': { points: 10, duration: HOUR },
  'client-log-ip': { points: 120, duration: 10 * MINUTE },
  // Settings (issue #7): signed-in writes that store data, per user id.
  'user-event-user': { points: 300, duration: 10 * MINUTE },
  'avatar-user': { points: 30, duration: HOUR },
  // Staff second factor: wrong TOTP or recovery codes per member (six digits must not be guessable).
  'staff-code-user': { points: 10, duration: 15 * MINUTE },
  // Public API v1 (issue #19): every request spends one point; anonymous callers per address, keys per key.
  'api-anon-ip': { points: 60, duration: MINUTE },
  'api-key': { points: 600, duration: MINUTE },
} as const;

export type LimitName = keyof typeof LIMITS;

/** The key of a whole-site budget (signup-global, forgot-global). */
export const SITE_KEY = 'site';

/** Recent wrong passwords for an email that cost nothing; each one after them doubles the wait. */
const FREE_LOGIN_FAILURES = 5;
const FIRST_LOGIN_DELAY_MS = 250;
export const MAX_LOGIN_DELAY_MS = 2000;

/** How long a login waits before its password is checked, after `recentFailures` wrong passwords for the email from anywhere. */
export function loginDelayMs(recentFailures: number): number {
  if (recentFailures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, FIRST_LOGIN_DELAY_MS * 2 ** (recentFailures - FREE_LOGIN_FAILURES));
}

/** A refusal by a budget outside the user pool: a 429 whose Retry-After says how long to wait. */
export class RateLimitedError extends UserFacingError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

// Redis must never hold a request: a command answers within COMMAND_TIMEOUT_MS or the in-memory insurance limiter
// answers instead; a socket that stays silent after a command is dropped and reconnected, so a stalled Redis costs
// a request at most a couple of command timeouts, and later requests go straight to memory until it is back.
const COMMAND_TIMEOUT_MS = 250;
const SOCKET_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 500;
/** A fresh process waits at most this long for its first connection, so its first requests count in Redis too. */
const WARM_UP_MS = 500;
const reconnectDelayMs = (attempt: number) => Math.min(100 * attempt, 2000);

export type RateLimits = {
  /** Spends a point; throws LimitExceededException (with its Retry-After) when the budget is spent. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Spends a point; throws a 429 RateLimitedError with this message when the budget is spent. */
  consumeOrRefuse(name: LimitName, key: string, message: string): Promise<void>;
  /** Spends a point and says what is left, for headers that announce the budget (never throws on a refusal). */
  take(name: LimitName, key: string): Promise<{ allowed: boolean; remaining: number; resetSeconds: number }>;
  /** Counts an event without ever refusing. */
  record(name: LimitName, key: string): Promise<void>;
  /** Points spent in the current window, without spending one. */
  used(name: LimitName, key: string): Promise<number>;
  /** Gives one spent point back. */
  refund(name: LimitName, key: string): Promise<void>;
  /** True when no point is left, without spending one. */
  isExhausted(name: LimitName, key: string): Promise<boolean>;
  /** Gives the whole budget back (after a successful login). */
  reset(name: LimitName, key: string): Promise<void>;
  close(): Promise<void>;
};

const retryAfterSeconds = (refusal: RateLimiterRes) => Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));

/** Where the budgets are kept: the limiters (in memory, or in Redis with memory as insurance) and the connection. */
type LimiterStore = { limiter(name: LimitName): Promise<RateLimiterAbstract>; close(): Promise<void> };

/** The budgets of this process, or shared through Redis (falling back to memory while Redis is unreachable or slow). */
function openLimiterStore(options: { redisUrl: string | null; prefix: string }): LimiterStore {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // Commands are never queued while the connection is down: they fail at once and memory answers.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: COMMAND_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
        connectTimeout: CONNECT_TIMEOUT_MS,
        retryStrategy: reconnectDelayMs,
      })
    : null;
  redis?.on('error', () => {});
  const warmedUp = redis
    ? new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, WARM_UP_MS);
        timer.unref();
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      })
    : Promise.resolve();

  const limiters = new Map<LimitName, RateLimiterAbstract>();
  const limiter = (name: LimitName) => {
    let found = limiters.get(name);
    if (!found) {
      const { points, duration } = LIMITS[name];
      const keyPrefix = `${options.prefix}:${name}`;
      const memory = new RateLimiterMemory({ points, duration, keyPrefix });
      found = redis
        ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix, insuranceLimiter: memory, rejectIfRedisNotReady: true })
        : memory;
      limiters.set(name, found);
    }
    return found;
  };
  return {
    async limiter(name) {
      await warmedUp;
      return limiter(name);
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/** The rules over a store: what a spent budget answers (this module's own error classes). */
function rateLimitsOver(store: LimiterStore): RateLimits {
  const ready = (name: LimitName) => store.limiter(name);

  /** Spends a point: the refusal when the budget is spent, else null. */
  async function spend(name: LimitName, key: string): Promise<RateLimiterRes | null> {
    try {
      await (await ready(name)).consume(key.toLowerCase());
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error;
      throw error;
    }
  }

  return {
    async consume(name, key) {
      const refusal = await spend(name, key);
      if (refusal) throw new AuthException('LimitExceededException', undefined, retryAfterSeconds(refusal));
    },
    async consumeOrRefuse(name, key, message) {
      const refusal = await spend(name, key);
      if (refusal) throw new RateLimitedError(message, retryAfterSeconds(refusal));
    },
    async take(name, key) {
      try {
        const state = await (await ready(name)).consume(key.toLowerCase());
        return { allowed: true, remaining: state.remainingPoints, resetSeconds: Math.max(0, Math.ceil(state.msBeforeNext / 1000)) };
      } catch (error) {
        if (error instanceof RateLimiterRes) return { allowed: false, remaining: 0, resetSeconds: retryAfterSeconds(error) };
        throw error;
      }
    },
    async record(name, key) {
      await spend(name, key);
    },
    async used(name, key) {
      const state = await (await ready(name)).get(key.toLowerCase());
      return state?.consumedPoints ?? 0;
    },
    async refund(name, key) {
      await (await ready(name)).reward(key.toLowerCase(), 1);
    },
    async isExhausted(name, key) {
      const state = await (await ready(name)).get(key.toLowerCase());
      return state !== null && state.remainingPoints <= 0;
    },
    async reset(name, key) {
      await (await ready(name)).delete(key.toLowerCase());
    },
    close: () => store.close(),
  };
}

/** Rate limits over a store of their own (tests, and anything that needs budgets apart from the process's). */
export function createRateLimits(options: { redisUrl: string | null; prefix: string }): RateLimits {
  return rateLimitsOver(openLimiterStore(options));
}

// One store per process, so pages, route handlers and actions spend from the same budgets; each module copy keeps
// its own rules over it, because Next gives each of them its own error classes (a refusal must be recognised by the
// errorResponse of the module that catches it).
const holder = processSingleton('rate-limit-store', () => ({ store: null as LimiterStore | null }));
let local: { store: LimiterStore; limits: RateLimits } | null = null;

/** The process-wide rate limits from the configuration (keys under RATE_LIMIT_PREFIX in Redis). */
export function getRateLimits(): RateLimits {
  if (!holder.store) {
    const config = getConfig();
    const store = openLimiterStore({ redisUrl: config.redisUrl, prefix: `${config.rateLimitPrefix}:rl` });
    // A closed store (tests, shutdown) is replaced on next use instead of answering from memory forever.
    const opened: LimiterStore = {
      limiter: store.limiter,
      async close() {
        if (holder.store === opened) holder.store = null;
        await store.close();
      },
    };
    holder.store = opened;
  }
  if (local?.store !== holder.store) local = { store: holder.store, limits: rateLimitsOver(holder.store) };
  return local.limits;
}
