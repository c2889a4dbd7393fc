import 'server-only';

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import { resolveAuthSecret } from '../config';
import { getDb, type Database } from '../db/client';
import { revokedSessions, users } from '../db/schema';
import { processSingleton } from '../process-singleton';

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

// One cache per process, shared by pages, route handlers and actions, so a change made in one is seen by all.
const versions = processSingleton(
  'session-versions',
  () =>
    new LRUCache<string, number>({
      max: 50_000,
      ttl: SESSION_VERSION_CACHE_MS,
      // Parallel checks for one user share one query.
      fetchMethod: async (userId) => {
        const db = await getDb();
        const [row] = await db.select({ version: users.sessionVersion }).from(users).where(eq(users.id, userId));
        return row?.version ?? GONE;
      },
    }),
);

/** The user's current session version, or null when the user no longer exists. */
export async function currentSessionVersion(userId: string): Promise<number | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const version = await versions.fetch(userId);
  return version === undefined || version === GONE ? null : version;
}

const revoked = processSingleton(
  'revoked-sessions',
  () =>
    new LRUCache<string, boolean>({
      max: 50_000,
      ttl: SESSION_VERSION_CACHE_MS,
      fetchMethod: async (sessionId) => {
        const db = await getDb();
        const rows = await db.select({ id: revokedSessions.sessionId }).from(revokedSessions).where(eq(revokedSessions.sessionId, sessionId));
        return rows.length > 0;
      },
    }),
);

/** A new session's id, carried in its JWT as `sid` so that signing out can end that session alone. */
export const newSessionId = () => randomUUID();

/**
 * True when a session token is still good: its version is the user's current one and it was not signed out.
 * Tokens issued before sessions had ids carry none and are judged by their version alone.
 */
export async function isSessionCurrent(userId: string, tokenVersion: unknown, sessionId?: unknown): Promise<boolean> {
  const [current, signedOut] = await Promise.all([
    currentSessionVersion(userId),
    typeof sessionId === 'string' && sessionId ? revoked.fetch(sessionId) : false,
  ]);
  return current !== null && !signedOut && (typeof tokenVersion === 'number' ? tokenVersion : 0) === current;
}

/**
 * Ends one session (sign-out): its id is refused from now on, so a copy of the cookie taken before, or a response
 * still in flight that renews it, no longer signs anyone in. Rows past their token's expiry are pruned here.
 */
export async function revokeSession(userId: string, sessionId: string, expiresAt: Date): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !sessionId) return;
  const db = await getDb();
  await db.insert(revokedSessions).values({ sessionId, userId, expiresAt }).onConflictDoNothing();
  revoked.set(sessionId, true);
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
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
