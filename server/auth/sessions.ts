import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import { resolveAuthSecret } from '../config';
import { getDb, type Database } from '../db/client';
import { users } from '../db/schema';

/**
 * Sessions are JWTs that carry the user's session version (`sv`). Raising the version in the database ends every
 * session issued before: each request's session check compares the two. The version is cached per process for at
 * most this long, so a revocation reaches other instances within it (this instance forgets at once).
 */
export const SESSION_VERSION_CACHE_MS = 30_000;

/** How long a session lives without use, and how often its cookie is renewed (see docs/decisions.md). */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

const GONE = -1;

const versions = new LRUCache<string, number>({
  max: 50_000,
  ttl: SESSION_VERSION_CACHE_MS,
  // Parallel checks for one user share one query.
  fetchMethod: async (userId) => {
    const db = await getDb();
    const [row] = await db.select({ version: users.sessionVersion }).from(users).where(eq(users.id, userId));
    return row?.version ?? GONE;
  },
});

/** The user's current session version, or null when the user no longer exists. */
export async function currentSessionVersion(userId: string): Promise<number | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const version = await versions.fetch(userId);
  return version === undefined || version === GONE ? null : version;
}

/** True when a session token's version is still the user's current one. */
export async function isSessionCurrent(userId: string, tokenVersion: unknown): Promise<boolean> {
  const current = await currentSessionVersion(userId);
  return current !== null && (typeof tokenVersion === 'number' ? tokenVersion : 0) === current;
}

/**
 * Ends every session of the user issued so far (run it inside the transaction that makes the change it pays for).
 * Returns the new version, which the caller's own session may adopt through a grant.
 */
export async function raiseSessionVersion(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ version: users.sessionVersion });
  versions.delete(userId);
  return row?.version ?? 0;
}

/** Forgets a cached version (after a transaction that raised it has committed, or rolled back). */
export const forgetSessionVersion = (userId: string) => void versions.delete(userId);

const sign = (userId: string, version: number) => createHmac('sha256', resolveAuthSecret()).update(`session-version:${userId}:${version}`).digest('base64url');

/**
 * A proof the server gives the session that made a change, so that session alone moves to the new version. The
 * browser can ask Auth.js to update its session with any data, so a bare version number would not do.
 */
export function sessionGrant(userId: string, version: number): string {
  return `${version}.${sign(userId, version)}`;
}

/** The version a grant allows for this user, or null for anything forged, foreign or malformed. */
export function readSessionGrant(userId: string, grant: unknown): number | null {
  if (typeof grant !== 'string') return null;
  const match = /^(\d{1,9})\.([\w-]{43})$/.exec(grant);
  if (!match) return null;
  const version = Number(match[1]);
  const expected = Buffer.from(sign(userId, version));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? version : null;
}
