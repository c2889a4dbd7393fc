import 'server-only';

import { asc, desc, gte, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import { SEARCH_RESULT_LIMIT } from '@/lib/constants';
import { createSearchIndex, normalizeText, SEARCH_KEYWORD_MAX_LENGTH, type SearchIndex, type SearchResult } from '@/lib/search';

import { getDb } from './db/client';
import { pageViews, projects } from './db/schema';
import { broadcastOnBus, listenOnBus } from './instance-bus';
import { processSingleton } from './process-singleton';

/** How long the in-memory copies may be served before a background refresh. */
const INDEX_TTL_MS = 60_000;
const TRENDING_TTL_MS = 60_000;
export const TRENDING_WINDOW_DAYS = 7;
/** Answers kept per index: the search box asks on every keystroke, so the same keywords come back often. */
const KEPT_ANSWERS = 1_000;

/**
 * One value kept in memory and refreshed in the background once older than `ttlMs` (the first call waits; later
 * ones get the copy at once). A failed refresh keeps the old copy. The loader sees the previous value.
 */
function refreshingValue<T extends object>(ttlMs: number, load: (previous: T | undefined) => Promise<T>) {
  const cache = new LRUCache<'value', T>({
    max: 1,
    ttl: ttlMs,
    allowStale: true,
    noDeleteOnFetchRejection: true,
    allowStaleOnFetchRejection: true,
    // Wall-clock age (a minute needs no finer clock), which the tests can move forward.
    perf: { now: () => Date.now() },
    fetchMethod: (_key, previous) => load(previous),
  });
  return {
    async get(): Promise<T> {
      // Invalidating aborts a load under way, and its waiters get no value when there was none before: they read
      // again. Should invalidations keep coming, the last try loads without the cache.
      for (let attempt = 0; attempt < 3; attempt++) {
        const value = await cache.fetch('value');
        if (value) return value;
      }
      return load(undefined);
    },
    invalidate: () => cache.clear(),
  };
}

type IndexedProjects = { signature: string; index: SearchIndex; answers: LRUCache<string, SearchResult[]> };

/**
 * What changes whenever a project row is added, changed or removed: the row count and the newest row version
 * (PostgreSQL's xmin). Cheap to read, so a refresh rebuilds the index only when the projects really changed.
 */
async function projectsSignature(): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, newest: sql<string>`coalesce(max(xmin::text::bigint), 0)::text` })
    .from(projects);
  return `${row.count}:${row.newest}`;
}

/** Hidden projects answer 404 publicly, so the search box neither finds nor suggests them. */
const shownPublicly = isNull(projects.hiddenAt);

const loadSearchIndex = async (previous: IndexedProjects | undefined): Promise<IndexedProjects> => {
  const signature = await projectsSignature();
  if (previous?.signature === signature) return previous;
  const db = await getDb();
  const rows = await db
    .select({ id: projects.id, logo: projects.logo, name: projects.name, rank: projects.rank, tokenTickers: projects.tokenTickers })
    .from(projects)
    .where(shownPublicly);
  return { signature, index: createSearchIndex(rows), answers: new LRUCache({ max: KEPT_ANSWERS }) };
};

const loadTrending = async (): Promise<SearchResult[]> => {
  const db = await getDb();
  const since = new Date(Date.now() - TRENDING_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
  const recentViews = db
    .select({ projectId: pageViews.projectId, views: sql<number>`sum(${pageViews.views})::int`.as('views') })
    .from(pageViews)
    .where(gte(pageViews.day, since))
    .groupBy(pageViews.projectId)
    .as('recent_views');
  return db
    .select({ id: projects.id, logo: projects.logo, name: projects.name, rank: projects.rank, tokenTickers: projects.tokenTickers })
    .from(projects)
    .leftJoin(recentViews, sql`${recentViews.projectId} = ${projects.id}`)
    .where(shownPublicly)
    .orderBy(desc(sql`coalesce(${recentViews.views}, 0)`), sql`${projects.rank} asc nulls last`, asc(projects.name))
    .limit(SEARCH_RESULT_LIMIT);
};

/**
 * One copy per process, not per module copy: Next loads this module separately for route handlers and server
 * actions, and a staff action's invalidation must reach the copy the search route reads.
 */
const caches = processSingleton('project-search-caches', () => ({
  searchIndex: refreshingValue<IndexedProjects>(INDEX_TTL_MS, loadSearchIndex),
  trending: refreshingValue<SearchResult[]>(TRENDING_TTL_MS, loadTrending),
}));

/** Projects whose name or any ticker matches the keyword, best first (at most 20). */
export async function searchProjects(keyword: string): Promise<SearchResult[]> {
  listenForInvalidations();
  const { index, answers } = await caches.searchIndex.get();
  // The index reads the keyword exactly this way, so equal keys always have equal answers.
  const key = normalizeText(keyword).slice(0, SEARCH_KEYWORD_MAX_LENGTH);
  let results = answers.get(key);
  if (!results) {
    results = index.search(keyword);
    answers.set(key, results);
  }
  return results;
}

/** The most viewed projects of the last week, then by rank: what the search box shows before a keyword. */
export async function getTrendingProjects(): Promise<SearchResult[]> {
  listenForInvalidations();
  return caches.trending.get();
}

function dropSearchCaches(): void {
  caches.searchIndex.invalidate();
  caches.trending.invalidate();
}

let listening = false;
/** Another instance's staff write drops this process's copies too (registered on first use, not at import). */
function listenForInvalidations() {
  if (listening) return;
  listening = true;
  listenOnBus('search-caches', dropSearchCaches);
}

/**
 * Drops the in-memory copies after projects change (every staff write does), here and on every other instance, so
 * the next search anywhere reads them again.
 */
export function invalidateSearchCaches(): void {
  broadcastOnBus('search-caches', '*');
}
