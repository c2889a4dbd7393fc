import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { getDb, pingDatabase } from '@/server/db/client';
import { quoteRequests, projects } from '@/server/db/schema';
import { seedDatabase } from '@/server/db/seed';
import { getProject } from '@/server/projects';

describe('the seeded database', () => {
  it('answers the health ping', async () => {
    expect(await pingDatabase()).toBe(true);
  });

  it('holds at least 300 real projects with tickers and logos, marked as demo', async () => {
    const db = await getDb();
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(projects);
    expect(count).toBeGreaterThanOrEqual(300);
    const bitcoin = await getProject('bitcoin');
    expect(bitcoin).toMatchObject({ name: 'Bitcoin', rank: 1, tokenTickers: ['BTC'], logo: '/logos/btc.png', isDemo: true });
  });

  it('names, for every seeded project, a logo picture the icon package ships (copied to public/logos at build)', async () => {
    const iconsDir = path.join(path.dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')), '128', 'color');
    const rows = await (await getDb()).select({ id: projects.id, logo: projects.logo }).from(projects);
    expect(rows.filter((row) => !row.logo?.startsWith('/logos/') || !fs.existsSync(path.join(iconsDir, path.basename(row.logo))))).toEqual([]);
  });

  it('seeds idempotently: a second run adds nothing and keeps edits', async () => {
    const db = await getDb();
    await db.update(projects).set({ description: 'edited by an operator' }).where(eq(projects.id, 'bitcoin'));
    const before = await db.select({ count: sql<number>`count(*)::int` }).from(projects);
    await seedDatabase(db);
    const after = await db.select({ count: sql<number>`count(*)::int` }).from(projects);
    expect(after).toEqual(before);
    const [row] = await db.select({ description: projects.description }).from(projects).where(eq(projects.id, 'bitcoin'));
    expect(row.description).toBe('edited by an operator');
  });

  it('refuses rows that break its constraints', async () => {
    const db = await getDb();
    await expect(db.insert(projects).values({ id: 'Not A Slug', name: 'x' })).rejects.toThrow();
    await expect(
      db.insert(quoteRequests).values({ name: 'A', email: 'a@b.co', company: 'C', services: [], message: 'hello there' }),
    ).rejects.toThrow();
  });

  it('returns null for unknown or malformed project ids', async () => {
    expect(await getProject('no-such-project')).toBeNull();
    expect(await getProject("'; drop table projects; --")).toBeNull();
  });
});
