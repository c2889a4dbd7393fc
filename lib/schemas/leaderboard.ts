/** Reading the leaderboard's filters from a URL (kept apart from lib/leaderboard.ts so browsers never load zod for it). */

import { z } from 'zod';

import { AUDIT_FILTERS, LEADERBOARD_SORTS, type LeaderboardFilters } from '../leaderboard';
import { GRADES, type Grade } from '../score';

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
