import 'server-only';

import { createHash, randomBytes } from 'node:crypto';

import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';

import { API_KEY_DISPLAY_LENGTH, API_KEY_MESSAGES, API_KEY_PREFIX, API_KEYS_PER_USER_MAX, type ApiKeyItem } from '@/lib/api-keys';
import { UserFacingError } from '@/lib/errors';
import type { CreateApiKeyInput } from '@/lib/schemas/api-key';

import { getDb } from '../db/client';
import { apiKeys, users } from '../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 24 random bytes as base64url: 32 characters, 192 bits. */
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{32}$`);
/** lastUsedAt is written at most this often per key, so a busy key costs no write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const itemOf = (row: { id: string; name: string; displayPrefix: string; createdAt: Date; lastUsedAt: Date | null }): ApiKeyItem => ({
  id: row.id,
  name: row.name,
  displayPrefix: row.displayPrefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const itemColumns = { id: apiKeys.id, name: apiKeys.name, displayPrefix: apiKeys.displayPrefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt };

/** The user's live keys, oldest first: name, prefix, created and last used; never the key or its hash. */
export async function listApiKeys(userId: string): Promise<ApiKeyItem[]> {
  const db = await getDb();
  const rows = await db
    .select(itemColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(itemOf);
}

/** Creates a key for the user (at most ten live ones): answers the key itself, this once, and stores only its hash. */
export async function createApiKey(userId: string, input: CreateApiKeyInput): Promise<{ key: string; item: ApiKeyItem }> {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    // The user's row is the lock that keeps two tabs from passing the cap together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const live = await tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (live.length >= API_KEYS_PER_USER_MAX) throw new UserFacingError(API_KEY_MESSAGES.tooMany, 409);
    const [created] = await tx
      .insert(apiKeys)
      .values({ userId, name: input.name.trim(), displayPrefix: key.slice(0, API_KEY_DISPLAY_LENGTH), keyHash: hashKey(key) })
      .returning(itemColumns);
    return created;
  });
  return { key, item: itemOf(row) };
}

/** Revokes one of the user's live keys: from now on it is refused. Another user's key, or none, is a 404. */
export async function revokeApiKey(userId: string, keyId: string): Promise<void> {
  if (!UUID.test(keyId)) throw new UserFacingError(API_KEY_MESSAGES.notFound, 404);
  const db = await getDb();
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new UserFacingError(API_KEY_MESSAGES.notFound, 404);
}

/**
 * The live key a request presents, by its hash; null for a malformed, unknown or revoked one. Notes the use when the
 * stored last use is more than a minute old (the conditional write keeps two instances from both writing).
 */
export async function findLiveApiKey(key: string, now = new Date()): Promise<{ id: string } | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const db = await getDb();
  const [row] = await db.select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.keyHash, hashKey(key))).limit(1);
  if (!row || row.revokedAt) return null;
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  }
  return { id: row.id };
}
