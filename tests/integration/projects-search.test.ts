import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { GET } from '@/app/api/search-project/route';
import { normalizeText, type SearchResult } from '@/lib/search';
import { getDb } from '@/server/db/client';
import { pageViews, projects } from '@/server/db/schema';
import { recordPageView } from '@/server/page-views';
import { getTrendingProjects, invalidateSearchCaches, searchProjects } from '@/server/search';

const FIELDS = ['id', 'logo', 'name', 'rank', 'tokenTickers'];

const ids = (results: SearchResult[]) => results.map((result) => result.id);

/** A new visitor on a new address: each counts one view per project per day. */
const nextViewer = () => ({ visitorId: randomUUID(), ip: `viewer-${randomUUID()}` });

/** The fields of every result, exactly as the contract names them. */
function expectResultShape(results: SearchResult[]) {
  expect(results.length).toBeLessThanOrEqual(20);
  for (const result of results) {
    expect(Object.keys(result).sort()).toEqual(FIELDS);
    expect(typeof result.id).toBe('string');
    expect(typeof result.name).toBe('string');
    expect(result.rank === null || typeof result.rank === 'number').toBe(true);
    expect(result.logo === null || typeof result.logo === 'string').toBe(true);
    expect(Array.isArray(result.tokenTickers)).toBe(true);
  }
}

async function viewCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${pageViews.views}), 0)::int` }).from(pageViews);
  return row.n;
}

async function projectCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects);
  return row.n;
}

beforeEach(() => invalidateSearchCaches());

describe('searchProjects on the seeded projects', () => {
  it('has the real projects loaded', async () => {
    expect(await projectCount()).toBeGreaterThan(400);
  });

  it("finds Bitcoin first for its ticker 'btc'", async () => {
    const results = await searchProjects('btc');
    expect(results[0]).toMatchObject({ id: 'bitcoin', name: 'Bitcoin', rank: 1 });
    expect(results[0].tokenTickers).toContain('BTC');
  });

  it("finds Ethereum first for its ticker 'eth'", async () => {
    const results = await searchProjects('eth');
    expect(results[0]).toMatchObject({ id: 'ethereum', name: 'Ethereum', rank: 2 });
    // Then the names and tickers that start with "eth".
    const prefixed = results.slice(1).filter((result) => [result.name, ...result.tokenTickers].some((text) => normalizeText(text).startsWith('eth')));
    expect(ids(results.slice(1, 1 + prefixed.length))).toEqual(ids(prefixed));
  });

  it("puts Bitcoin first for 'bitcoin', then the other names containing bitcoin, prefixes before substrings", async () => {
    const results = await searchProjects('bitcoin');
    expect(results[0].id).toBe('bitcoin');
    const containing = results.filter((result) => normalizeText(result.name).includes('bitcoin'));
    // Every name containing "bitcoin" comes before anything found only by similarity.
    expect(ids(results.slice(0, containing.length))).toEqual(ids(containing));
    expect(containing.length).toBeGreaterThanOrEqual(10);
    const names = containing.slice(1).map((result) => normalizeText(result.name));
    const firstSubstring = names.findIndex((name) => !name.startsWith('bitcoin'));
    expect(firstSubstring).toBeGreaterThan(0);
    for (const name of names.slice(firstSubstring)) expect(name.startsWith('bitcoin')).toBe(false);
    expect(names).toEqual(expect.arrayContaining(['bitcoin cash', 'bitcoin gold', 'wrapped bitcoin', '0xbitcoin']));
  });

  it('orders a tier by rank', async () => {
    const results = await searchProjects('bitcoin');
    const prefixed = results.slice(1).filter((result) => normalizeText(result.name).startsWith('bitcoin'));
    const ranks = prefixed.map((result) => result.rank ?? Number.MAX_SAFE_INTEGER);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });

  it('ignores case and accents', async () => {
    const reference = ids(await searchProjects('bitcoin'));
    for (const keyword of ['BITCOIN', 'BitCoin', 'Bítcoin', 'BÏTCÖÏN', '  bitcoin  ']) expect(ids(await searchProjects(keyword))).toEqual(reference);
    expect((await searchProjects('ÉTH'))[0].id).toBe('ethereum');
    expect((await searchProjects('Btc'))[0].id).toBe('bitcoin');
  });

  it('finds typos by similarity', async () => {
    expect((await searchProjects('bitcon'))[0].id).toBe('bitcoin');
    expect(ids(await searchProjects('etherium'))).toContain('ethereum');
    expect((await searchProjects('etherium'))[0].id).toBe('ethereum');
  });

  it('gives at most 20 results with exactly the contract fields', async () => {
    for (const keyword of ['coin', 'a', 'e', 'token', 'bitcoin', 'btc']) {
      const results = await searchProjects(keyword);
      expectResultShape(results);
    }
    expect(await searchProjects('coin')).toHaveLength(20);
  });

  it('gives nothing for nonsense and for SQL wildcards', async () => {
    expect(await searchProjects('zzqxqzzqxq')).toEqual([]);
    expect(await searchProjects('%')).toEqual([]);
    expect(await searchProjects('_')).toEqual([]);
    expect(await searchProjects('%%%')).toEqual([]);
  });

  it('answers again from the in-memory index', async () => {
    const first = await searchProjects('eth');
    const second = await searchProjects('eth');
    expect(second).toEqual(first);
  });

  it('keeps the answer of a keyword for the keywords that read the same', async () => {
    const first = await searchProjects('eth');
    // The same array: answered from the kept answers, not searched again.
    for (const keyword of ['ETH', '  Éth ']) expect(await searchProjects(keyword)).toBe(first);
    invalidateSearchCaches();
    const fresh = await searchProjects('eth');
    expect(fresh).not.toBe(first);
    expect(fresh).toEqual(first);
  });
});

describe('getTrendingProjects', () => {
  it('gives the 20 best-ranked projects before any page view', async () => {
    expect(await viewCount()).toBe(0);
    const trending = await getTrendingProjects();
    expectResultShape(trending);
    expect(trending).toHaveLength(20);
    const db = await getDb();
    const byRank = await db.select({ id: projects.id }).from(projects).orderBy(sql`${projects.rank} asc nulls last`, asc(projects.name)).limit(20);
    expect(ids(trending)).toEqual(byRank.map((row) => row.id));
    expect(trending[0].id).toBe('bitcoin');
  });

  it('puts a low-ranked project first once it is the most viewed of the week', async () => {
    const db = await getDb();
    const [low] = await db.select({ id: projects.id }).from(projects).orderBy(sql`${projects.rank} desc nulls first`).limit(1);
    expect(ids(await getTrendingProjects())).not.toContain(low.id);
    for (let i = 0; i < 5; i++) await recordPageView(low.id, nextViewer());
    await recordPageView('ethereum', nextViewer());

    invalidateSearchCaches();
    const trending = await getTrendingProjects();
    expect(trending.length).toBeLessThanOrEqual(20);
    expect(trending[0].id).toBe(low.id);
    expect(trending[1].id).toBe('ethereum');
    expect(trending[2].id).toBe('bitcoin');
  });

  it('ignores views older than a week', async () => {
    const db = await getDb();
    const [other] = await db.select({ id: projects.id }).from(projects).orderBy(sql`${projects.rank} desc nulls first`).offset(1).limit(1);
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    for (let i = 0; i < 10; i++) await recordPageView(other.id, nextViewer(), longAgo);
    invalidateSearchCaches();
    expect(ids(await getTrendingProjects())).not.toContain(other.id);
  });

  it('is served from memory until the caches are invalidated', async () => {
    const before = await getTrendingProjects();
    const db = await getDb();
    const [quiet] = await db.select({ id: projects.id }).from(projects).orderBy(sql`${projects.rank} desc nulls first`).offset(2).limit(1);
    for (let i = 0; i < 20; i++) await recordPageView(quiet.id, nextViewer());
    expect(ids(await getTrendingProjects())).toEqual(ids(before));
    invalidateSearchCaches();
    expect((await getTrendingProjects())[0].id).toBe(quiet.id);
  });
});

describe('the search index refresh', () => {
  afterEach(() => vi.useRealTimers());

  /** Moves the clock past the index's time to live, then searches until a background refresh has landed. */
  async function searchAfterRefresh(keyword: string, until: (found: string[]) => boolean): Promise<string[]> {
    vi.useFakeTimers({ now: Date.now() + 61_000, shouldAdvanceTime: true, toFake: ['Date'] });
    let found: string[] = [];
    for (let attempt = 0; attempt < 50 && !until(found); attempt++) {
      found = ids(await searchProjects(keyword));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return found;
  }

  it('picks up a renamed project after its time to live, without an explicit invalidation', async () => {
    const db = await getDb();
    expect(ids(await searchProjects('zzrenamedzz'))).toEqual([]);
    await db.update(projects).set({ name: 'Zzrenamedzz Coin' }).where(sql`${projects.id} = 'tether'`);
    expect(ids(await searchProjects('zzrenamedzz'))).toEqual([]);
    expect(await searchAfterRefresh('zzrenamedzz', (found) => found.length > 0)).toEqual(['tether']);
    await db.update(projects).set({ name: 'Tether' }).where(sql`${projects.id} = 'tether'`);
  });

  it('keeps serving the same index when nothing changed', async () => {
    const first = await searchProjects('bitcoin');
    vi.useFakeTimers({ now: Date.now() + 61_000, shouldAdvanceTime: true, toFake: ['Date'] });
    await searchProjects('bitcoin');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Same objects: the refresh compared the projects' signature and kept the built index.
    expect((await searchProjects('bitcoin'))[0]).toBe(first[0]);
  });
});

describe('GET /api/search-project', () => {
  const search = async (keyword: string | null, raw = false) => {
    const query = keyword === null ? '' : `?keyword=${raw ? keyword : encodeURIComponent(keyword)}`;
    const response = await GET(new Request(`http://localhost/api/search-project${query}`));
    expect(response.status, `keyword ${JSON.stringify(keyword?.slice(0, 40))} answered ${response.status}`).toBeLessThan(500);
    expect(response.headers.get('content-type') ?? '').toContain('application/json');
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('answers the search results', async () => {
    const { status, body } = await search('btc');
    expect(status).toBe(200);
    expectResultShape(body as SearchResult[]);
    expect((body as SearchResult[])[0].id).toBe('bitcoin');
    expect(await search('Ethereum')).toMatchObject({ status: 200, body: expect.arrayContaining([expect.objectContaining({ id: 'ethereum' })]) });
  });

  it('may be cached for 30 s and is sent as it is, never compressed on the way', async () => {
    const response = await GET(new Request('http://localhost/api/search-project?keyword=bitcoin', { headers: { 'accept-encoding': 'gzip' } }));
    expect(response.headers.get('cache-control')).toBe('public, max-age=30, no-transform');
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('answers exactly the search function’s results', async () => {
    for (const keyword of ['eth', 'bitcoin', 'bitcon', 'coin']) expect((await search(keyword)).body).toEqual(await searchProjects(keyword));
  });

  it('answers the trending list for a keyword under 2 characters', async () => {
    const trending = await getTrendingProjects();
    expect(trending.length).toBeGreaterThan(0);
    for (const keyword of [null, '', 'b', ' ', '  e  ', 'é']) {
      const { status, body } = await search(keyword);
      expect(status).toBe(200);
      expect(body).toEqual(trending);
    }
  });

  it('searches from 2 characters', async () => {
    const { body } = await search('bt');
    expect(body).toEqual(await searchProjects('bt'));
    expect(body).not.toEqual(await getTrendingProjects());
  });

  const hostile: [string, string][] = [
    ['a single quote', "'"],
    ['a SQL injection', "'; drop table projects; --"],
    ['an OR 1=1', '" OR 1=1 --'],
    ['a percent', '%'],
    ['percents', '%%'],
    ['an underscore', '_'],
    ['underscores', '__'],
    ['a LIKE pattern', '%_%'],
    ['a backslash', '\\'],
    ['a regular expression', '.*(?:'],
    ['a NUL', 'ab\u0000cd'],
    ['an emoji', '🚀'],
    ['emojis and text', '🚀🌕 moon'],
    ['a family emoji', '👨‍👩‍👧‍👦'],
    ['combining marks only', '\u0301\u0301\u0301'],
    ['100 characters', 'a'.repeat(100)],
    ['50 emoji (100 UTF-16 units)', '🚀'.repeat(50)],
    ['HTML', '<script>alert(1)</script>'],
  ];

  it.each(hostile)('answers 200 with an array for %s', async (_label, keyword) => {
    const { status, body } = await search(keyword);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expectResultShape(body as SearchResult[]);
  });

  it('treats SQL wildcards and quotes literally', async () => {
    for (const keyword of ['%%', '__', '%_%', "'; drop table projects; --", "' or '1'='1"]) expect((await search(keyword)).body).toEqual([]);
    // One character is under the minimum: the trending list, not a match-everything pattern.
    for (const keyword of ['%', '_']) expect((await search(keyword)).body).toEqual(await getTrendingProjects());
  });

  it('answers 200 for characters left unencoded in the address', async () => {
    for (const raw of ['%', '%%', '_', "';--", '%zz']) {
      const { status, body } = await search(raw, true);
      expect(status).toBe(200);
      expect(Array.isArray(body)).toBe(true);
    }
  });

  it.each([
    ['101 characters', 'a'.repeat(101)],
    ['5000 characters', 'a'.repeat(5000)],
    ['5000 emoji', '🚀'.repeat(5000)],
    ['101 spaces', ' '.repeat(101)],
  ])('answers 400 with an error message for %s', async (_label, keyword) => {
    const { status, body } = await search(keyword);
    expect(status).toBe(400);
    expect(body).toEqual({ error: expect.stringMatching(/keyword.*too long/i) });
  });

  it('changes nothing', async () => {
    const before = { projects: await projectCount(), views: await viewCount() };
    for (const [, keyword] of hostile) await search(keyword);
    await search("'; delete from projects; --");
    expect({ projects: await projectCount(), views: await viewCount() }).toEqual(before);
  });
});
