import 'server-only';

import { eq } from 'drizzle-orm';

import { type DatabaseHandle, getDatabaseHandle } from './client';
import { seedState } from './schema';
import { seedDatabase, seedFingerprint } from './seed';

const SEED_KEY = 'seed';

/**
 * Applies pending migrations and loads the seed (with demo figures unless DEMO_DATA=off) on one handle, under the
 * migration lock, so instances that start together take turns instead of racing each other's CREATE statements.
 * A database that already holds this very seed (same fingerprint) skips it: a restart then costs no seed at all.
 */
export function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  return handle.exclusive(async ({ db, migrate }) => {
    await migrate();
    const fingerprint = seedFingerprint();
    const [loaded] = await db.select({ fingerprint: seedState.fingerprint }).from(seedState).where(eq(seedState.key, SEED_KEY));
    if (loaded?.fingerprint === fingerprint) return;
    await seedDatabase(db);
    await db
      .insert(seedState)
      .values({ key: SEED_KEY, fingerprint })
      .onConflictDoUpdate({ target: seedState.key, set: { fingerprint, seededAt: new Date() } });
  });
}

let prepared: Promise<void> | null = null;

/** Migrates and seeds the process-wide database; run once at server start, strictly before serving. */
export function prepareDatabase(): Promise<void> {
  prepared ??= (async () => migrateAndSeed(await getDatabaseHandle()))();
  return prepared;
}
