import 'server-only';

import { createHmac } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';

import { resolveAuthSecret } from './config';
import { getDb } from './db/client';
import { pageViews, pageViewVisitors } from './db/schema';
import { logger } from './logger';
import { getProject } from './projects';
import { getRateLimits } from './rate-limit';

/** Who saw a page: the visitor cookie's id when the browser sent one, else the client address. */
export type Viewer = { visitorId: string | null; ip: string };

/** Days of page_view_visitors kept: today and yesterday decide what counts; older rows only take space. */
const KEEP_VISITOR_DAYS = 2;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
let lastPruneAt = 0;

let hashKey: string | null = null;

/** The viewer as stored: a keyed hash (HMAC with the server secret), so the table holds no cookie id or address. */
function viewerHash(viewer: Viewer): string {
  hashKey ??= resolveAuthSecret();
  const identity = viewer.visitorId ? `visitor:${viewer.visitorId}` : `ip:${viewer.ip}`;
  return createHmac('sha256', hashKey).update(`page-view:${identity}`).digest('base64url');
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts a view of a project for today (UTC), at most once per viewer per project per day, so repeated beacons
 * cannot steer Trending; every beacon spends a point of the address's budget (429 past it, nothing counted).
 */
export async function recordPageView(projectId: string, viewer: Viewer, now = new Date()): Promise<{ counted: boolean }> {
  await getRateLimits().consumeOrRefuse('page-view-ip', viewer.ip, 'Too many page views from your address. Please try again later.');
  if (!(await getProject(projectId))) throw new UserFacingError('Unknown project.', 404);
  const day = utcDay(now);
  const visitorHash = viewerHash(viewer);
  const db = await getDb();
  const counted = await db.transaction(async (tx) => {
    const first = await tx
      .insert(pageViewVisitors)
      .values({ projectId, day, visitorHash })
      .onConflictDoNothing()
      .returning({ projectId: pageViewVisitors.projectId });
    if (first.length === 0) return false;
    await tx
      .insert(pageViews)
      .values({ projectId, day, views: 1 })
      .onConflictDoUpdate({ target: [pageViews.projectId, pageViews.day], set: { views: sql`${pageViews.views} + 1` } });
    return true;
  });
  await pruneNowAndThen();
  return { counted };
}

/** Deletes the who-was-counted rows older than KEEP_VISITOR_DAYS (the counts in page_views stay). */
export async function prunePageViewVisitors(now = new Date()): Promise<number> {
  const cutoff = utcDay(new Date(now.getTime() - KEEP_VISITOR_DAYS * 86_400_000));
  const db = await getDb();
  const deleted = await db.delete(pageViewVisitors).where(lt(pageViewVisitors.day, cutoff)).returning({ day: pageViewVisitors.day });
  return deleted.length;
}

/** At most once an hour per process, so the table stays small without costing each beacon a delete. */
async function pruneNowAndThen(): Promise<void> {
  if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
  lastPruneAt = Date.now();
  try {
    await prunePageViewVisitors();
  } catch (error) {
    logger.warn({ err: error }, 'pruning page view visitors failed');
  }
}
