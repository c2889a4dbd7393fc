import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, PGLITE_FOLDER } from '@/server/db/client';
import { migrateAndSeed, writeSeedTemplate } from '@/server/db/prepare';
import { projects, seedState } from '@/server/db/schema';
import { seedFingerprint } from '@/server/db/seed';
import { buildSeedProjects } from '@/server/db/seed-data';
import { builtSeedFingerprint, matchingSeedTemplate, placeSeedTemplate } from '@/server/db/seed-template';

// Issue #18: the build makes a seeded database once; a first start on a new data folder copies it instead of
// creating and seeding its own, and only when it holds the seed that start would load.
describe('the build\'s seeded database (seed template)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-seed-template-'));
  const templateDir = path.join(root, 'standalone', '.seed-template');

  beforeAll(async () => {
    await writeSeedTemplate(templateDir);
  }, 120_000);

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is recorded with the fingerprint of its seed, and nothing of its making is left beside it', () => {
    expect(fs.readFileSync(path.join(templateDir, 'fingerprint'), 'utf8').trim()).toBe(seedFingerprint());
    expect(fs.readdirSync(path.dirname(templateDir))).toEqual(['.seed-template']);
    expect(matchingSeedTemplate(seedFingerprint(), templateDir)).toBe(path.join(templateDir, 'database'));
  });

  it('records the build\'s seed fingerprints for both demo settings, so a start need not compute them', () => {
    expect(builtSeedFingerprint(true, templateDir)).toBe(seedFingerprint({ demo: true }));
    expect(builtSeedFingerprint(false, templateDir)).toBe(seedFingerprint({ demo: false }));
    expect(builtSeedFingerprint(true, path.join(root, 'nowhere'))).toBeNull();
  });

  it('is not used for another seed (DEMO_DATA=off, a newer package) or when there is none', () => {
    expect(matchingSeedTemplate(seedFingerprint({ demo: false }), templateDir)).toBeNull();
    expect(matchingSeedTemplate(seedFingerprint(), path.join(root, 'nowhere'))).toBeNull();
  });

  it('a new data folder starts from it: the seed is there, and the start finds it loaded (nothing seeded again)', async () => {
    const dataDir = path.join(root, 'new-folder', 'data');
    const handle = await openDatabase({ databaseUrl: null, dataDir, seedTemplate: matchingSeedTemplate(seedFingerprint(), templateDir) });
    try {
      const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(projects);
      expect(n).toBe(buildSeedProjects().length);
      const [before] = await handle.db.select({ seededAt: seedState.seededAt }).from(seedState);
      await migrateAndSeed(handle);
      const [after] = await handle.db.select({ seededAt: seedState.seededAt }).from(seedState);
      expect(after.seededAt).toEqual(before.seededAt);
      // A change lands in the copy, never in the template.
      await handle.db.delete(projects);
    } finally {
      await handle.close();
    }
    const again = await openDatabase({ databaseUrl: null, dataDir: path.join(root, 'second-folder'), seedTemplate: path.join(templateDir, 'database') });
    try {
      const [{ n }] = await again.db.select({ n: sql<number>`count(*)::int` }).from(projects);
      expect(n).toBe(buildSeedProjects().length);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('never replaces a database a folder already holds', () => {
    const existing = path.join(root, 'existing', PGLITE_FOLDER);
    fs.mkdirSync(existing, { recursive: true });
    fs.writeFileSync(path.join(existing, 'marker'), 'mine');
    expect(placeSeedTemplate(path.join(templateDir, 'database'), existing)).toBe(false);
    expect(fs.readdirSync(existing)).toEqual(['marker']);
  });
});
