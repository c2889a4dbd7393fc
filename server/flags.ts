import 'server-only';

import { getConfig } from './config';
import { logger } from './logger';
import { getPostHog } from './posthog';

export const KNOWN_FLAGS = ['extendedUserSetting', 'portfolio'] as const;

/** What we need of a remote flag service (posthog-node's client has this shape), so tests can pass their own. */
export type FlagsClient = {
  getAllFlags(distinctId: string): Promise<Record<string, boolean | string>>;
};

/** FEATURE_FLAGS read as overrides: `name` forces a flag on for everyone, `!name` forces it off. */
export function parseFlagOverrides(entries: readonly string[]): { on: string[]; off: string[] } {
  return {
    on: entries.filter((entry) => !entry.startsWith('!')),
    off: entries.filter((entry) => entry.startsWith('!')).map((entry) => entry.slice(1)),
  };
}

/**
 * The flags on for a user: the remote service's answer (any truthy value, so multivariate flags count as on),
 * plus the forced-on FEATURE_FLAGS, minus the forced-off ones. Without a remote answer, FEATURE_FLAGS alone.
 */
export function mergeFlags(overrides: { on: readonly string[]; off: readonly string[] }, remote: Record<string, boolean | string> | null): string[] {
  const on = new Set(Object.entries(remote ?? {}).filter(([, value]) => value !== false && value !== '').map(([name]) => name));
  for (const name of overrides.on) on.add(name);
  for (const name of overrides.off) on.delete(name);
  return [...on].sort();
}

const TIMEOUT = Symbol('timeout');

type FlagsOptions = {
  overrides: { on: readonly string[]; off: readonly string[] };
  client: FlagsClient | null;
  /** A slow flag service must not slow every page: past this, the defaults answer. */
  timeoutMs?: number;
  /** Per-user answers are reused this long, since the session callback asks on every session read. */
  cacheMs?: number;
  now?: () => number;
};

/** A flag evaluator over an optional remote client, with a timeout, a fallback to the defaults and a short cache. */
export function createFlags({ overrides, client, timeoutMs = 1500, cacheMs = 30_000, now = Date.now }: FlagsOptions) {
  const cache = new Map<string, { flags: string[]; until: number }>();
  return async function flagsFor(userId: string | null): Promise<string[]> {
    if (!client || !userId) return mergeFlags(overrides, null);
    const hit = cache.get(userId);
    if (hit && hit.until > now()) return hit.flags;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<typeof TIMEOUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMEOUT), timeoutMs);
    });
    try {
      const remote = await Promise.race([client.getAllFlags(userId), timeout]);
      if (remote === TIMEOUT) {
        logger.warn({ timeoutMs }, 'feature flags: remote service timed out; using FEATURE_FLAGS');
        return mergeFlags(overrides, null);
      }
      const flags = mergeFlags(overrides, remote);
      if (cache.size > 10_000) cache.clear();
      cache.set(userId, { flags, until: now() + cacheMs });
      return flags;
    } catch (error) {
      logger.warn({ err: error }, 'feature flags: remote service failed; using FEATURE_FLAGS');
      return mergeFlags(overrides, null);
    } finally {
      clearTimeout(timer);
    }
  };
}

let evaluator: ReturnType<typeof createFlags> | null = null;

/** The feature flags on for a user (PostHog per user when a key is set; FEATURE_FLAGS as default and override). */
export function getFlagsForUser(userId: string | null): Promise<string[]> {
  evaluator ??= createFlags({ overrides: parseFlagOverrides(getConfig().featureFlags), client: getPostHog() });
  return evaluator(userId);
}

/** True when a flag is on for a user; pages behind a flag answer 404 otherwise. */
export async function isFlagOn(userId: string | null, flag: (typeof KNOWN_FLAGS)[number]): Promise<boolean> {
  return (await getFlagsForUser(userId)).includes(flag);
}

/** The flags of a visitor nobody knows yet: FEATURE_FLAGS alone, so the browser can start with them. */
export function defaultFlags(): string[] {
  return mergeFlags(parseFlagOverrides(getConfig().featureFlags), null);
}
