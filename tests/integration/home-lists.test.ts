import { describe, expect, it, vi } from 'vitest';

// Outside a Next server there is no data cache; this stand-in keeps what matters here, that cached values come
// back through JSON (dates as strings), as they do from Next's cache.
vi.mock('next/cache', () => ({
  unstable_cache:
    <Args extends unknown[], Result>(load: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> =>
      JSON.parse(JSON.stringify(await load(...args))) as Result,
  revalidateTag: () => {},
  revalidatePath: () => {},
}));

import { DEFAULT_FILTERS, LEADERBOARD_PAGE_SIZE } from '@/lib/leaderboard';
import { listFilterOptions, listLeaderboard, listLeaderboardTop } from '@/server/leaderboard';
import { listRecentlyAudited, listUnderAudit } from '@/server/projects';

describe('the home page lists on the seeded projects', () => {
  it('the leaderboard preview is the first rows of the default leaderboard, dates intact', async () => {
    const full = await listLeaderboard(DEFAULT_FILTERS);
    expect(full.rows).toHaveLength(LEADERBOARD_PAGE_SIZE);
    const top = await listLeaderboardTop(10);
    expect(top.map((row) => row.id)).toEqual(full.rows.slice(0, 10).map((row) => row.id));
    const scores = top.map((row) => row.score ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const row of top) expect(row.latestAuditAt === null || row.latestAuditAt instanceof Date).toBe(true);
    expect(top.some((row) => row.latestAuditAt instanceof Date)).toBe(true);
  });

  it('recently audited projects come newest first with their auditor', async () => {
    const rows = await listRecentlyAudited(8);
    expect(rows.length).toBeGreaterThan(0);
    const times = rows.map((row) => row.publishedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const row of rows) expect(row.auditor.length).toBeGreaterThan(0);
  });

  it('projects under audit are all under audit, best ranked first', async () => {
    const rows = await listUnderAudit(12);
    expect(rows.length).toBeGreaterThan(0);
    const ranks = rows.map((row) => row.rank ?? Number.MAX_SAFE_INTEGER);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });

  it('offers the categories and chains present as filter options', async () => {
    const { categories, chains } = await listFilterOptions();
    expect(categories.length).toBeGreaterThan(0);
    expect(chains).toContain('Ethereum');
  });
});
