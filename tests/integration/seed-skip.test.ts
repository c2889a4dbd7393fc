import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { migrateAndSeed } from '@/server/db/prepare';
import { projects, seedState } from '@/server/db/schema';
import { seedFingerprint } from '@/server/db/seed';
import { buildSeedProjects } from '@/server/db/seed-data';

// Issue #18: a restart on a folder that already holds this seed skips it; a different seed (or DEMO_DATA) runs it.
describe('the seed at start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-seed-skip-'));
  let handle: DatabaseHandle;
  const lastSeeded = buildSeedProjects().at(-1)!.id;
  const count = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(projects))[0].n;
  const hasLast = async () => (await handle.db.select({ id: projects.id }).from(projects).where(eq(projects.id, lastSeeded))).length === 1;

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: null, dataDir });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a first start seeds and records the fingerprint of what it loaded', async () => {
    await migrateAndSeed(handle);
    expect(await count()).toBe(buildSeedProjects().length);
    expect(await handle.db.select({ fingerprint: seedState.fingerprint }).from(seedState)).toEqual([{ fingerprint: seedFingerprint() }]);
  }, 60_000);

  it('a restart with the same seed skips it: a project staff removed stays removed', async () => {
    await handle.db.delete(projects).where(eq(projects.id, lastSeeded));
    await migrateAndSeed(handle);
    expect(await hasLast()).toBe(false);
  }, 60_000);

  it('a restart with a different seed (or demo setting) loads it, adding what is missing, and records the new fingerprint', async () => {
    await handle.db.update(seedState).set({ fingerprint: 'an older seed' });
    await migrateAndSeed(handle);
    expect(await hasLast()).toBe(true);
    expect(await handle.db.select({ fingerprint: seedState.fingerprint }).from(seedState)).toEqual([{ fingerprint: seedFingerprint() }]);
    expect(seedFingerprint({ demo: false })).not.toBe(seedFingerprint({ demo: true }));
  }, 60_000);
});
