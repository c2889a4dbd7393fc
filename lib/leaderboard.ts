/** The leaderboard's filters, parsed from and written to the URL so a filtered view can be shared. */

import type { Grade } from './grades';

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
