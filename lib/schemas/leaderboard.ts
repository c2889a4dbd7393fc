/** Reading the leaderboard's filters from a URL (kept apart from lib/leaderboard.ts so browsers never load zod for it). */

import { z } from '@/lib/zod';

import { lineText } from './text';

import { AUDIT_FILTERS, LEADERBOARD_SORTS, type LeaderboardFilters } from '../leaderboard';
import { GRADES, type Grade } from '../grades';

const text = lineText(60);
const score = z.coerce.number().min(0).max(100);

/** One schema per query parameter: the page drops a bad value, the CSV export refuses it (leaderboardFilterProblems). */
const fieldSchemas = {
  category: text,
  chain: text,
  grade: z.enum(GRADES as [Grade, ...Grade[]]),
  minScore: score,
  maxScore: score,
  audit: z.enum(AUDIT_FILTERS),
  kyc: z.enum(['1', 'true', '0', 'false']),
  sort: z.enum(LEADERBOARD_SORTS),
  page: z.coerce.number().int().min(1).max(10_000),
} satisfies Record<keyof LeaderboardFilters, z.ZodType>;

type ParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

function reader(params: ParamsInput) {
  return (key: string): string | undefined => {
    const raw = params instanceof URLSearchParams ? params.get(key) ?? undefined : params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    // An empty parameter (`?maxScore=`) means "no filter", not zero.
    return value === undefined || value.trim() === '' ? undefined : value;
  };
}

/** Reads filters from URL parameters; a value that does not parse is ignored rather than failing the page. */
export function parseLeaderboardFilters(params: ParamsInput): LeaderboardFilters {
  const get = reader(params);
  const pick = <K extends keyof typeof fieldSchemas, T>(key: K, fallback: T): z.output<(typeof fieldSchemas)[K]> | T => {
    const value = get(key);
    if (value === undefined) return fallback;
    const parsed = fieldSchemas[key].safeParse(value);
    return parsed.success ? (parsed.data as z.output<(typeof fieldSchemas)[K]>) : fallback;
  };
  let minScore = pick('minScore', null);
  let maxScore = pick('maxScore', null);
  if (minScore !== null && maxScore !== null && minScore > maxScore) [minScore, maxScore] = [maxScore, minScore];
  return {
    category: pick('category', null),
    chain: pick('chain', null),
    grade: pick('grade', null),
    minScore,
    maxScore,
    audit: pick('audit', null),
    kyc: get('kyc') === '1' || get('kyc') === 'true',
    sort: pick('sort', 'score'),
    page: pick('page', 1),
  };
}

const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 37)}…` : value);

/**
 * What a strict reader (the CSV export) refuses in a query: each filter whose value does not parse, and each
 * parameter that is not a filter at all (a misspelt one would otherwise export everything). Empty when all is well.
 */
export function leaderboardFilterProblems(params: URLSearchParams): string[] {
  const problems: string[] = [];
  for (const key of new Set(params.keys())) {
    const value = params.get(key) ?? '';
    if (!(key in fieldSchemas)) problems.push(`${shown(key)} is not a leaderboard filter`);
    else if (value.trim() !== '' && !fieldSchemas[key as keyof typeof fieldSchemas].safeParse(value).success) problems.push(`${key}=“${shown(value)}” is not a valid value`);
  }
  return problems;
}
