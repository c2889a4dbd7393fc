/**
 * Project search ranking, the same on every database: exact name or ticker first, then prefixes, then
 * substrings, then trigram similarity (as PostgreSQL's pg_trgm measures it) for typos. Case and accents are
 * ignored.
 */

import type { z } from '@/lib/zod';

import { SEARCH_RESULT_LIMIT } from './constants';
import type { searchResultSchema } from './schemas/projects';

export type SearchResult = z.infer<typeof searchResultSchema>;

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
  return normalizedTrigrams(normalizeText(text));
}

function normalizedTrigrams(normalized: string): Set<string> {
  const grams = new Set<string>();
  for (const word of normalized.split(/[^\p{L}\p{N}]+/u)) {
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

type IndexedEntry = {
  result: SearchResult;
  name: string;
  tickers: string[];
  /** pg_trgm trigram count of the name, the denominator of its similarity. */
  trigramCount: number;
};

export type SearchIndex = {
  readonly size: number;
  /** The best matches for a keyword, best first. */
  search(keyword: string, limit?: number): SearchResult[];
};

// One collator: the same order as localeCompare, without its per-call set-up.
const nameOrder = new Intl.Collator();
const byRank = (a: SearchResult, b: SearchResult) =>
  (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || nameOrder.compare(a.name, b.name);

/** Appends a posting once: entries are visited in order, so a repeat is always the last one. */
function post<Key>(postings: Map<Key, number[]>, key: Key, index: number): void {
  const list = postings.get(key);
  if (!list) postings.set(key, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

/**
 * The 2- and 3-letter substrings of a text starting at each position, as numbers (UTF-16 code units packed
 * base 65536; 2-letter keys are negative so the two kinds never meet): number keys keep the index quick to build.
 */
function substringKey(text: string, at: number, length: 2 | 3): number {
  const pair = text.charCodeAt(at) * 65536 + text.charCodeAt(at + 1);
  return length === 2 ? -1 - pair : pair * 65536 + text.charCodeAt(at + 2);
}

/** Entries in every posting list, ascending: a merge of ascending lists, shortest first. */
function intersect(lists: number[][]): number[] {
  const [first, ...others] = [...lists].sort((a, b) => a.length - b.length);
  return others.reduce((kept, list) => {
    const both: number[] = [];
    let at = 0;
    for (const index of kept) {
      while (at < list.length && list[at] < index) at++;
      if (list[at] === index) both.push(index);
    }
    return both;
  }, first);
}

/**
 * An in-memory index over the projects: entries are kept in rank order, with posting lists of their names' and
 * tickers' 2- and 3-letter substrings (candidates for exact, prefix and substring matches) and of their names'
 * pg_trgm trigrams (candidates for typos). A search touches only the entries that share letters with the keyword,
 * so it stays fast at tens of thousands of projects.
 */
export function createSearchIndex(results: readonly SearchResult[]): SearchIndex {
  const nameTrigrams = new Map<string, number[]>();
  const entries: IndexedEntry[] = [...results].sort(byRank).map((result, index) => {
    const name = normalizeText(result.name);
    const grams = normalizedTrigrams(name);
    for (const gram of grams) post(nameTrigrams, gram, index);
    return { result, name, tickers: result.tokenTickers.map(normalizeText), trigramCount: grams.size };
  });
  const substrings = new Map<number, number[]>();
  entries.forEach((entry, index) => {
    for (const text of [entry.name, ...entry.tickers]) {
      for (let i = 0; i + 2 <= text.length; i++) {
        post(substrings, substringKey(text, i, 2), index);
        if (i + 3 <= text.length) post(substrings, substringKey(text, i, 3), index);
      }
    }
  });

  /** Entries that may hold the query as a substring (a superset; one-letter queries scan everything). */
  function substringCandidates(query: string): Iterable<number> {
    if (query.length < 2) return entries.keys();
    if (query.length === 2) return substrings.get(substringKey(query, 0, 2)) ?? [];
    const lists: number[][] = [];
    for (let i = 0; i + 3 <= query.length; i++) {
      const list = substrings.get(substringKey(query, i, 3));
      if (!list) return [];
      lists.push(list);
    }
    return intersect(lists);
  }

  // Shared-trigram counters for the fuzzy tier, reused by every search (searches run synchronously).
  const sharedCounts = new Uint16Array(entries.length);

  /** Entries outside `matched` whose name is similar enough to the query, most similar first. */
  function fuzzyMatches(query: string, matched: Set<number>): number[] {
    const wanted = trigrams(query);
    const touched: number[] = [];
    for (const gram of wanted) {
      for (const index of nameTrigrams.get(gram) ?? []) {
        if (sharedCounts[index]++ === 0) touched.push(index);
      }
    }
    const scored: { index: number; score: number }[] = [];
    for (const index of touched) {
      const count = sharedCounts[index];
      sharedCounts[index] = 0;
      if (matched.has(index)) continue;
      const score = count / (wanted.size + entries[index].trigramCount - count);
      if (score >= FUZZY_THRESHOLD) scored.push({ index, score });
    }
    return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((candidate) => candidate.index);
  }

  return {
    size: entries.length,
    search(keyword, limit = SEARCH_RESULT_LIMIT) {
      const query = normalizeText(keyword).slice(0, SEARCH_KEYWORD_MAX_LENGTH);
      if (!query) return [];
      const tiers: number[][] = [[], [], []];
      for (const index of substringCandidates(query)) {
        const { name, tickers } = entries[index];
        if (name === query || tickers.includes(query)) tiers[0].push(index);
        else if (name.startsWith(query) || tickers.some((ticker) => ticker.startsWith(query))) tiers[1].push(index);
        else if (name.includes(query) || tickers.some((ticker) => ticker.includes(query))) tiers[2].push(index);
      }
      // Candidates come in rank order, so each tier is already sorted.
      const ranked = tiers.flat();
      if (ranked.length < limit && query.length >= 3) ranked.push(...fuzzyMatches(query, new Set(ranked)));
      return ranked.slice(0, limit).map((index) => entries[index].result);
    },
  };
}
