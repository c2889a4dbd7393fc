import 'server-only';

import { sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';

import { getDb } from './db/client';
import { pageViews } from './db/schema';
import { getProject } from './projects';

/** Counts one view of a project for today (UTC) with a single upsert. */
export async function recordPageView(projectId: string, now = new Date()): Promise<void> {
  if (!(await getProject(projectId))) throw new UserFacingError('Unknown project.', 404);
  const db = await getDb();
  await db
    .insert(pageViews)
    .values({ projectId, day: now.toISOString().slice(0, 10), views: 1 })
    .onConflictDoUpdate({ target: [pageViews.projectId, pageViews.day], set: { views: sql`${pageViews.views} + 1` } });
}
