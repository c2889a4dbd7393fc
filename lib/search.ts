/**
 * Project search ranking, the same on every database: exact name or ticker first, then prefixes, then
 * substrings, then trigram similarity (as PostgreSQL's pg_trgm measures it) for typos. Case and accents are
 * ignored.
 */

import { SEARCH_RESULT_LIMIT } from './constants';

export type SearchResult = { id: string; logo: string | null; name: string; rank: number | null; tokenTickers: string[] };

export type SearchEntry = {
  result: SearchResult;
  name: string;
  tickers: string[];
  trigrams: Set<string>;
};

export const SEARCH_KEYWORD_MAX_LENGTH = 100;
const FUZZY_THRESHOLD = 0.3;

/** Lower case, accents removed, runs of spaces folded. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** pg_trgm's trigrams: each word padded with two spaces before and one after, alphanumerics only. */
export function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of normalizeText(text).split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** Shared trigrams over all trigrams of the two (0–1). */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return shared / (a.size + b.size - shared);
}

export function toSearchEntry(result: SearchResult): SearchEntry {
  return { result, name: normalizeText(result.name), tickers: result.tokenTickers.map(normalizeText), trigrams: trigrams(result.name) };
}

const byRank = (a: SearchEntry, b: SearchEntry) =>
  (a.result.rank ?? Number.MAX_SAFE_INTEGER) - (b.result.rank ?? Number.MAX_SAFE_INTEGER) || a.result.name.localeCompare(b.result.name);

/** The best matches for a keyword, best first. */
export function rankSearch(entries: readonly SearchEntry[], keyword: string, limit = SEARCH_RESULT_LIMIT): SearchResult[] {
  const query = normalizeText(keyword).slice(0, SEARCH_KEYWORD_MAX_LENGTH);
  if (!query) return [];
  const tiers: SearchEntry[][] = [[], [], []];
  const rest: SearchEntry[] = [];
  for (const entry of entries) {
    if (entry.name === query || entry.tickers.includes(query)) tiers[0].push(entry);
    else if (entry.name.startsWith(query) || entry.tickers.some((ticker) => ticker.startsWith(query))) tiers[1].push(entry);
    else if (entry.name.includes(query) || entry.tickers.some((ticker) => ticker.includes(query))) tiers[2].push(entry);
    else rest.push(entry);
  }
  const ranked = tiers.flatMap((tier) => tier.sort(byRank));
  if (ranked.length < limit && query.length >= 3) {
    const wanted = trigrams(query);
    const fuzzy = rest
      .map((entry) => ({ entry, score: similarity(wanted, entry.trigrams) }))
      .filter((candidate) => candidate.score >= FUZZY_THRESHOLD)
      .sort((a, b) => b.score - a.score || byRank(a.entry, b.entry));
    ranked.push(...fuzzy.map((candidate) => candidate.entry));
  }
  return ranked.slice(0, limit).map((entry) => entry.result);
}
