import 'server-only';

import { and, eq, isNull, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';

import { AuthException } from './auth/errors';
import { hashPassword, verifyPassword } from './auth/passwords';
import { forgetSessionState, raiseSessionVersion } from './auth/sessions';
import { getAvatarStore, saveAvatar } from './avatars';
import { getDb } from './db/client';
import { isUniqueViolation } from './db/errors';
import { users } from './db/schema';
import { logger } from './logger';
import { getRateLimits } from './rate-limit';

export type AccountProfile = { email: string; username: string; image: string | null; avatarVersion: number | null };

const userGone = () => new UserFacingError('Please log in first.', 401);

/** The profile fields settings shows (never the password hash). */
export async function getAccountProfile(userId: string): Promise<AccountProfile> {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, username: users.username, image: users.image, avatarUpdatedAt: users.avatarUpdatedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw userGone();
  return { email: row.email, username: row.username, image: row.image, avatarVersion: row.avatarUpdatedAt?.getTime() ?? null };
}

/** The current username of a user, read from the database (a session may carry an older one). */
export async function getUsername(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? null;
}


/** Sets a new (already validated, lower-case) username; the avatar follows it. */
export async function changeUsername(userId: string, username: string): Promise<{ username: string }> {
  const db = await getDb();
  const current = await getUsername(userId);
  if (current === null) throw userGone();
  if (current === username) return { username };
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username}`);
  if (taken) throw new UserFacingError(SETTINGS_MESSAGES.usernameTaken, 409);
  try {
    await db.update(users).set({ username, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserFacingError(SETTINGS_MESSAGES.usernameTaken, 409);
    throw error;
  }
  // The name is already changed; a picture left behind is a lesser harm than a failed rename, so only log it.
  await getAvatarStore()
    .move(current, username)
    .catch((error: unknown) => logger.error({ err: error, from: current, to: username }, 'avatar did not follow the username change'));
  return { username };
}

/**
 * Stores an uploaded avatar under the user's current username (checked for type and size first) and records when,
 * which is the picture's version in every session of the user from their next request on.
 */
export async function uploadAvatar(userId: string, bytes: Uint8Array, declaredType: string | null): Promise<{ username: string; avatarVersion: number }> {
  const username = await getUsername(userId);
  if (username === null) throw userGone();
  await getRateLimits().consume('avatar-user', userId);
  await saveAvatar(username, bytes, declaredType);
  const storedAt = new Date();
  const db = await getDb();
  await db.update(users).set({ avatarUpdatedAt: storedAt }).where(eq(users.id, userId));
  forgetSessionState(userId);
  return { username, avatarVersion: storedAt.getTime() };
}

/**
 * Records the pictures stored before users.avatar_updated_at existed (the file's time as their version), for users
 * with none recorded. Only the local store can be listed; a bucket's pictures are recorded on their next upload.
 */
export async function backfillAvatarVersions(): Promise<number> {
  const stored = await getAvatarStore().list();
  if (stored.length === 0) return 0;
  const db = await getDb();
  let recorded = 0;
  for (const { username, storedAt } of stored) {
    const rows = await db
      .update(users)
      .set({ avatarUpdatedAt: storedAt })
      .where(and(eq(users.username, username), isNull(users.avatarUpdatedAt)))
      .returning({ id: users.id });
    recorded += rows.length;
  }
  return recorded;
}

/**
 * Changes the password after checking the current one, and ends every session of the user but `keepSessionId`
 * (the caller's) in the same transaction. Wrong guesses spend a budget of the member's own (password-change-user,
 * as many as the login form allows from one address), so a borrowed session cannot guess faster than the login
 * form, and a stranger's wrong logins for the email never block the owner's change.
 */
export async function changePassword(userId: string, input: { currentPassword: string; newPassword: string }, keepSessionId: string | null): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw userGone();
  const limits = getRateLimits();
  if (await limits.isExhausted('password-change-user', userId)) throw new UserFacingError(AUTH_MESSAGES.attemptLimit, 429);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    try {
      await limits.consume('password-change-user', userId);
    } catch (error) {
      if (error instanceof AuthException) throw new UserFacingError(AUTH_MESSAGES.attemptLimit, 429);
      throw error;
    }
    throw new UserFacingError(SETTINGS_MESSAGES.currentPasswordWrong, 400);
  }
  const passwordHash = await hashPassword(input.newPassword);
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await raiseSessionVersion(tx, userId, keepSessionId);
    });
  } finally {
    forgetSessionState(userId);
  }
}

/** "Sign out of all devices": ends every session of the user but `keepSessionId` (the caller's). */
export async function signOutEverywhere(userId: string, keepSessionId: string | null): Promise<void> {
  const db = await getDb();
  await raiseSessionVersion(db, userId, keepSessionId);
  forgetSessionState(userId);
}
