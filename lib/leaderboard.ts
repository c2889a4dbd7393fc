/** The leaderboard's filters, parsed from and written to the URL so a filtered view can be shared. */

import { z } from 'zod';

import { GRADES, type Grade } from './score';

export const LEADERBOARD_PAGE_SIZE = 20;
export const LEADERBOARD_SORTS = ['score', 'rank', 'name', 'audit'] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];
export const AUDIT_FILTERS = ['audited', 'under_audit', 'none'] as const;

export const SORT_LABELS: Record<LeaderboardSort, string> = {
  score: 'Security score',
  rank: 'Market rank',
  name: 'Name',
  audit: 'Latest audit',
};

export type LeaderboardFilters = {
  category: string | null;
  chain: string | null;
  grade: Grade | null;
  minScore: number | null;
  maxScore: number | null;
  audit: (typeof AUDIT_FILTERS)[number] | null;
  kyc: boolean;
  sort: LeaderboardSort;
  page: number;
};

export const DEFAULT_FILTERS: LeaderboardFilters = {
  category: null,
  chain: null,
  grade: null,
  minScore: null,
  maxScore: null,
  audit: null,
  kyc: false,
  sort: 'score',
  page: 1,
};

const text = z.string().trim().min(1).max(60);
const score = z.coerce.number().min(0).max(100);

/** Reads filters from URL parameters; a value that does not parse is ignored rather than failing the page. */
export function parseLeaderboardFilters(params: URLSearchParams | Record<string, string | string[] | undefined>): LeaderboardFilters {
  const get = (key: string): string | undefined => {
    const raw = params instanceof URLSearchParams ? params.get(key) ?? undefined : params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    // An empty parameter (`?maxScore=`) means "no filter", not zero.
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const pick = <T>(schema: z.ZodType<T>, key: string, fallback: T): T => {
    const parsed = schema.safeParse(get(key));
    return parsed.success ? parsed.data : fallback;
  };
  let minScore = pick(score.nullable(), 'minScore', null);
  let maxScore = pick(score.nullable(), 'maxScore', null);
  if (minScore !== null && maxScore !== null && minScore > maxScore) [minScore, maxScore] = [maxScore, minScore];
  return {
    category: pick(text.nullable(), 'category', null),
    chain: pick(text.nullable(), 'chain', null),
    grade: pick(z.enum(GRADES as [Grade, ...Grade[]]).nullable(), 'grade', null),
    minScore,
    maxScore,
    audit: pick(z.enum(AUDIT_FILTERS).nullable(), 'audit', null),
    kyc: get('kyc') === '1' || get('kyc') === 'true',
    sort: pick(z.enum(LEADERBOARD_SORTS), 'sort', 'score'),
    page: pick(z.coerce.number().int().min(1).max(10_000), 'page', 1),
  };
}

/** The URL query for filters, leaving defaults out so shared links stay short. */
export function leaderboardQuery(filters: Partial<LeaderboardFilters>): string {
  const params = new URLSearchParams();
  const merged = { ...DEFAULT_FILTERS, ...filters };
  if (merged.category) params.set('category', merged.category);
  if (merged.chain) params.set('chain', merged.chain);
  if (merged.grade) params.set('grade', merged.grade);
  if (merged.minScore !== null) params.set('minScore', String(merged.minScore));
  if (merged.maxScore !== null) params.set('maxScore', String(merged.maxScore));
  if (merged.audit) params.set('audit', merged.audit);
  if (merged.kyc) params.set('kyc', '1');
  if (merged.sort !== DEFAULT_FILTERS.sort) params.set('sort', merged.sort);
  if (merged.page > 1) params.set('page', String(merged.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
