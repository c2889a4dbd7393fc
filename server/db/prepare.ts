import 'server-only';

import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';

import { getConfig } from '../config';
import { type DatabaseHandle, getDatabaseHandle, openDatabase, PGLITE_FOLDER } from './client';
import { seedState } from './schema';
import { packagedSeedFingerprint, seedDatabase, seedFingerprint } from './seed';
import { recordSeedTemplate } from './seed-template';

const SEED_KEY = 'seed';

/**
 * Applies pending migrations and loads the seed (with demo figures unless DEMO_DATA=off) on one handle, under the
 * migration lock, so instances that start together take turns instead of racing each other's CREATE statements.
 * A database that already holds this very seed (same fingerprint) skips it: a restart then costs no seed at all.
 */
export function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  return handle.exclusive(async ({ db, migrate }) => {
    await migrate();
    const fingerprint = packagedSeedFingerprint();
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

/**
 * For the build (scripts/seed-template.ts): a new embedded database, migrated and seeded as a first start with this
 * configuration would, recorded as the template new data folders start from (server/db/seed-template.ts).
 */
export async function writeSeedTemplate(templateDir: string): Promise<void> {
  // Made beside the template, so moving it into place is a rename on the same disk.
  fs.mkdirSync(path.dirname(templateDir), { recursive: true });
  const work = fs.mkdtempSync(`${templateDir}.making-`);
  try {
    const handle = await openDatabase({ databaseUrl: null, dataDir: work });
    try {
      await migrateAndSeed(handle);
    } finally {
      await handle.close();
    }
    const fingerprints = { demo: seedFingerprint({ demo: true }), plain: seedFingerprint({ demo: false }) };
    recordSeedTemplate(path.join(work, PGLITE_FOLDER), getConfig().demoData ? fingerprints.demo : fingerprints.plain, fingerprints, templateDir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
