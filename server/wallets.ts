import 'server-only';

import { asc, eq, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import { WALLETS_PER_USER_MAX, type Wallet } from '@/lib/schemas/settings';

import { getDb } from './db/client';
import { isUniqueViolation } from './db/errors';
import { wallets } from './db/schema';

/** A user's wallets, oldest first. */
export async function listWallets(userId: string): Promise<Wallet[]> {
  const db = await getDb();
  const rows = await db
    .select({ address: wallets.address, createdAt: wallets.createdAt })
    .from(wallets)
    .where(eq(wallets.userId, userId))
    .orderBy(asc(wallets.createdAt), asc(wallets.id));
  return rows.map((row) => ({ walletAddress: row.address, addedAt: row.createdAt.toISOString() }));
}

/** Adds a (validated, checksummed) wallet; the same address twice is a 409, as is going past the per-user cap. */
export async function addWallet(userId: string, walletAddress: string): Promise<Wallet> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Serialise a user's adds so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wallets:${userId}`}))`);
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(wallets).where(eq(wallets.userId, userId));
    const [existing] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(sql`${wallets.userId} = ${userId} and lower(${wallets.address}) = ${walletAddress.toLowerCase()}`);
    if (existing) throw new UserFacingError(SETTINGS_MESSAGES.walletDuplicate, 409);
    if (count >= WALLETS_PER_USER_MAX) throw new UserFacingError(SETTINGS_MESSAGES.walletLimit, 409);
    try {
      const [row] = await tx.insert(wallets).values({ userId, address: walletAddress }).returning({ address: wallets.address, createdAt: wallets.createdAt });
      return { walletAddress: row.address, addedAt: row.createdAt.toISOString() };
    } catch (error) {
      if (isUniqueViolation(error)) throw new UserFacingError(SETTINGS_MESSAGES.walletDuplicate, 409);
      throw error;
    }
  });
}
