import 'server-only';

import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import { getDb, type Database } from '../db/client';
import { revokedSessions, users } from '../db/schema';
import { broadcastOnBus, listenOnBus } from '../instance-bus';
import { processSingleton } from '../process-singleton';

/**
 * Sessions are JWTs that carry the user's session version (`sv`) and an id of their own (`sid`). Raising the
 * version in the database ends every session issued before, except the one session it names as kept (the browser
 * that changed the password or signed out the others), so that browser needs no new cookie. Each request's session
 * check compares the token with the row, cached per process for at most this long. A revocation is told to the
 * other instances at once through the instance bus (Redis), so this is only the bound while Redis is unreachable.
 */
export const SESSION_VERSION_CACHE_MS = 30_000;

/** How long a session lives without use, and how often its cookie is renewed (see docs/decisions.md). */
export const SESSION_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

type SessionState = { version: number; keptSessionId: string | null; avatarUpdatedAt: Date | null } | { gone: true };

// One cache per process, shared by pages, route handlers and actions, so a change made in one is seen by all.
const states = processSingleton(
  'session-states',
  () =>
    new LRUCache<string, SessionState>({
      max: 50_000,
      ttl: SESSION_VERSION_CACHE_MS,
      // Parallel checks for one user share one query.
      fetchMethod: async (userId) => {
        const db = await getDb();
        const [row] = await db
          .select({ version: users.sessionVersion, keptSessionId: users.keptSessionId, avatarUpdatedAt: users.avatarUpdatedAt })
          .from(users)
          .where(eq(users.id, userId));
        return row ?? { gone: true };
      },
    }),
);

let listening = false;
/** Other instances' revocations clear this process's caches (registered on first use, not at import). */
function listenForRevocations() {
  if (listening) return;
  listening = true;
  listenOnBus('session-state', (userId) => void states.delete(userId));
  listenOnBus('session-revoked', (sessionId) => void revoked.set(sessionId, true));
}

async function sessionState(userId: string) {
  listenForRevocations();
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const state = await states.fetch(userId);
  return !state || 'gone' in state ? null : state;
}

/**
 * The version of the user's avatar picture (when it was stored, in ms), or null when there is none: carried in the
 * session so a browser asks the store only for a picture that exists, under a key that changes with it. Read with
 * the session check (same cache, same bus), so an upload shows on the user's other devices as soon as a revocation would.
 */
export async function currentAvatarVersion(userId: string): Promise<number | null> {
  return (await sessionState(userId))?.avatarUpdatedAt?.getTime() ?? null;
}

/** The user's current session version, or null when the user no longer exists. */
export async function currentSessionVersion(userId: string): Promise<number | null> {
  return (await sessionState(userId))?.version ?? null;
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
 * True when a session token is still good: it was not signed out, and its version is the user's current one or it
 * is the session the last raise kept. Tokens issued before sessions had ids are judged by their version alone.
 */
export async function isSessionCurrent(userId: string, tokenVersion: unknown, sessionId?: unknown): Promise<boolean> {
  const id = typeof sessionId === 'string' && sessionId ? sessionId : null;
  const [state, signedOut] = await Promise.all([sessionState(userId), id ? revoked.fetch(id) : false]);
  if (!state || signedOut) return false;
  return (typeof tokenVersion === 'number' ? tokenVersion : 0) === state.version || (id !== null && id === state.keptSessionId);
}

/**
 * Ends every session of the user issued so far but `keepSessionId` (null ends them all). Run it inside the
 * transaction that makes the change it pays for, and call forgetSessionState after it commits.
 */
export async function raiseSessionVersion(db: Database, userId: string, keepSessionId: string | null): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, keptSessionId: keepSessionId, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ version: users.sessionVersion });
  states.delete(userId);
  return row?.version ?? 0;
}

/**
 * Forgets a cached state, here and on every other instance (after a transaction that raised the version has
 * committed, or rolled back: told before the commit, another instance could cache the old version again).
 */
export const forgetSessionState = (userId: string) => {
  // This process forgets at once, even before it has registered for the bus's messages.
  states.delete(userId);
  broadcastOnBus('session-state', userId);
};

/**
 * Ends one session (sign-out): its id is refused from now on, so a copy of the cookie taken before, or a response
 * still in flight that renews it, no longer signs anyone in. Rows past their token's expiry are pruned here.
 */
export async function revokeSession(userId: string, sessionId: string, expiresAt: Date): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !sessionId) return;
  const db = await getDb();
  await db.insert(revokedSessions).values({ sessionId, userId, expiresAt }).onConflictDoNothing();
  broadcastOnBus('session-revoked', sessionId);
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
}
