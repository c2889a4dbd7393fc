import 'server-only';

import { sql } from 'drizzle-orm';

import type { Database } from './client';
import { projects } from './schema';
import { buildSeedProjects } from './seed-data';

/**
 * Loads the demo projects. Safe to run any number of times: rows that exist are left as an operator may have
 * edited them, missing ones are added.
 */
export async function seedDemoData(db: Database): Promise<{ projects: number }> {
  const rows = buildSeedProjects();
  const BATCH = 200;
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insert(projects).values(rows.slice(start, start + BATCH)).onConflictDoNothing({ target: projects.id });
  }
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(projects);
  return { projects: count };
}
