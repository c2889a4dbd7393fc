import 'server-only';

import { type DatabaseHandle, getDatabaseHandle } from './client';
import { seedDatabase } from './seed';

/**
 * Applies pending migrations and loads the seed (with demo figures unless DEMO_DATA=off) on one handle, under the
 * migration lock, so instances that start together take turns instead of racing each other's CREATE statements.
 */
export function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  return handle.exclusive(async ({ db, migrate }) => {
    await migrate();
    await seedDatabase(db);
  });
}

let prepared: Promise<void> | null = null;

/** Migrates and seeds the process-wide database; run once at server start, strictly before serving. */
export function prepareDatabase(): Promise<void> {
  prepared ??= (async () => migrateAndSeed(await getDatabaseHandle()))();
  return prepared;
}
