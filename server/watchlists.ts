import 'server-only';

import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import type { Watchlist } from '@/lib/schemas/answers';
import { WATCHLIST_MAX_PROJECTS, WATCHLISTS_PER_USER_MAX, type WatchedProject } from '@/lib/schemas/watchlist';

import { getDb, type Database } from './db/client';
import { isUniqueViolation } from './db/errors';
import { projects, watchlistProjects, watchlists } from './db/schema';

const notFound = () => new UserFacingError('Watchlist not found.', 404);
const nameUsed = () => new UserFacingError(WATCHLIST_MESSAGES.nameUsed, 409);

/** A user's watchlists, oldest first, each with its projects in order (projects staff hid are left out, not removed). */
export async function listWatchlists(userId: string): Promise<Watchlist[]> {
  const db = await getDb();
  const lists = await db.select({ id: watchlists.id, name: watchlists.name }).from(watchlists).where(eq(watchlists.userId, userId)).orderBy(asc(watchlists.createdAt), asc(watchlists.id));
  if (lists.length === 0) return [];
  const items = await db
    .select({ watchlistId: watchlistProjects.watchlistId, projectId: watchlistProjects.projectId })
    .from(watchlistProjects)
    .innerJoin(projects, eq(projects.id, watchlistProjects.projectId))
    .where(and(inArray(watchlistProjects.watchlistId, lists.map((list) => list.id)), isNull(projects.hiddenAt)))
    .orderBy(asc(watchlistProjects.position), asc(watchlistProjects.addedAt));
  return lists.map((list) => ({ ...list, projects: items.filter((item) => item.watchlistId === list.id).map((item) => item.projectId) }));
}

/** Refuses project ids that do not exist or are hidden by staff (400), naming a few of them. */
export async function assertProjectsExist(db: Database, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db.select({ id: projects.id }).from(projects).where(and(inArray(projects.id, ids), isNull(projects.hiddenAt)));
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw new UserFacingError(`Unknown project: ${unknown.slice(0, 3).join(', ')}.`, 400);
}

async function replaceProjects(db: Database, watchlistId: string, ids: string[]) {
  await db.delete(watchlistProjects).where(eq(watchlistProjects.watchlistId, watchlistId));
  if (ids.length) await db.insert(watchlistProjects).values(ids.map((projectId, position) => ({ watchlistId, projectId, position })));
}

/**
 * Inserts a watchlist inside the caller's transaction. A user's creates are serialised by a transaction-scoped
 * advisory lock, so the per-user cap holds under parallel requests; a used name fails on the unique index.
 */
export async function insertWatchlist(tx: Database, userId: string, input: { name: string; projects: string[] }): Promise<{ id: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`watchlists:${userId}`}))`);
  const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(watchlists).where(eq(watchlists.userId, userId));
  if (count >= WATCHLISTS_PER_USER_MAX) throw new UserFacingError(`You can keep at most ${WATCHLISTS_PER_USER_MAX} watchlists.`, 409);
  const [created] = await tx.insert(watchlists).values({ userId, name: input.name }).returning({ id: watchlists.id });
  await replaceProjects(tx, created.id, input.projects);
  return created;
}

/** Creates a watchlist for the user; a name they already use is refused with 'The name is already used' (409). */
export async function createWatchlist(userId: string, input: { name: string; projects: string[] }): Promise<{ id: string }> {
  const db = await getDb();
  await assertProjectsExist(db, input.projects);
  try {
    return await db.transaction((tx) => insertWatchlist(tx, userId, input));
  } catch (error) {
    // Also when two creates with the same name race: the unique index decides.
    if (isUniqueViolation(error)) throw nameUsed();
    throw error;
  }
}

/**
 * Renames a watchlist and, when `projects` is given, replaces its projects in order. Another user's list is
 * "not found". Adding or removing one project goes through setWatchlistProject, which composes with other changes.
 */
export async function updateWatchlist(userId: string, input: { id: string; name: string; projects?: string[] }): Promise<void> {
  const db = await getDb();
  const ids = input.projects;
  if (ids) await assertProjectsExist(db, ids);
  try {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(watchlists)
        .set({ name: input.name, updatedAt: new Date() })
        .where(and(eq(watchlists.id, input.id), eq(watchlists.userId, userId)))
        .returning({ id: watchlists.id });
      if (!updated) throw notFound();
      if (ids) await replaceProjects(tx, input.id, ids);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameUsed();
    throw error;
  }
}

/**
 * Adds a project to one of the user's watchlists (at the end) or removes it. Changes to one list are serialised on
 * its row, so parallel adds and removes of different projects all land, and each is idempotent.
 * Returns the list's projects afterwards.
 */
export async function setWatchlistProject(userId: string, input: { id: string; projectId: string; watched: boolean }): Promise<{ projects: string[] }> {
  const db = await getDb();
  if (input.watched) await assertProjectsExist(db, [input.projectId]);
  return db.transaction(async (tx) => {
    const [list] = await tx
      .select({ id: watchlists.id })
      .from(watchlists)
      .where(and(eq(watchlists.id, input.id), eq(watchlists.userId, userId)))
      .for('update');
    if (!list) throw notFound();
    if (input.watched) {
      const [{ count, next }] = await tx
        .select({ count: sql<number>`count(*)::int`, next: sql<number>`coalesce(max(${watchlistProjects.position}) + 1, 0)::int` })
        .from(watchlistProjects)
        .where(eq(watchlistProjects.watchlistId, list.id));
      const present = await tx
        .select({ projectId: watchlistProjects.projectId })
        .from(watchlistProjects)
        .where(and(eq(watchlistProjects.watchlistId, list.id), eq(watchlistProjects.projectId, input.projectId)));
      if (present.length === 0) {
        if (count >= WATCHLIST_MAX_PROJECTS) throw new UserFacingError(`A watchlist holds at most ${WATCHLIST_MAX_PROJECTS} projects.`, 409);
        await tx.insert(watchlistProjects).values({ watchlistId: list.id, projectId: input.projectId, position: next });
      }
    } else {
      await tx.delete(watchlistProjects).where(and(eq(watchlistProjects.watchlistId, list.id), eq(watchlistProjects.projectId, input.projectId)));
    }
    await tx.update(watchlists).set({ updatedAt: new Date() }).where(eq(watchlists.id, list.id));
    const rows = await tx
      .select({ projectId: watchlistProjects.projectId })
      .from(watchlistProjects)
      .where(eq(watchlistProjects.watchlistId, list.id))
      .orderBy(asc(watchlistProjects.position), asc(watchlistProjects.addedAt));
    return { projects: rows.map((row) => row.projectId) };
  });
}

/** Deletes one of the user's watchlists. */
export async function deleteWatchlist(userId: string, id: string): Promise<void> {
  const db = await getDb();
  const deleted = await db.delete(watchlists).where(and(eq(watchlists.id, id), eq(watchlists.userId, userId))).returning({ id: watchlists.id });
  if (deleted.length === 0) throw notFound();
}

/** A row of describeProjects' query, as the drivers return it (snake_case). */
type WatchedProjectRow = {
  id: string;
  name: string;
  logo: string | null;
  rank: number | null;
  token_tickers: string[];
  score: number | null;
  alert_title: string | null;
  alert_at: string | Date | null;
};

/** What the watchlists page shows of each watched project: score, rank and latest alert. */
export async function describeProjects(ids: string[]): Promise<WatchedProject[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.execute<WatchedProjectRow>(sql`
    select p.id, p.name, p.logo, p.rank, p.token_tickers, s.score,
      a.title as alert_title, a.occurred_at as alert_at
    from projects p
    left join project_scores s on s.project_id = p.id
    left join lateral (
      select title, occurred_at from security_alerts where project_id = p.id and status = 'published' order by occurred_at desc limit 1
    ) a on true
    where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and p.hidden_at is null`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as WatchedProjectRow[];
  return list.map((row) => ({
    id: row.id,
    name: row.name,
    logo: row.logo,
    rank: row.rank,
    tokenTickers: row.token_tickers,
    score: row.score === null ? null : Number(row.score),
    latestAlert: row.alert_title && row.alert_at ? { title: row.alert_title, occurredAt: new Date(row.alert_at) } : null,
  }));
}
