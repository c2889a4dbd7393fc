import { NextResponse } from 'next/server';

import { SEARCH_KEYWORD_MIN_LENGTH } from '@/lib/constants';
import { searchQuerySchema } from '@/lib/schemas/projects';
import type { SearchResult } from '@/lib/search';
import { readQuery, route } from '@/server/api';
import { getTrendingProjects, searchProjects } from '@/server/search';

// no-transform: the answer (about 2 kB) is sent as it is. Compressing it anew on every request costs a zlib stream
// with a few hundred kB of native buffers, and that garbage tripled the p99 at 200 requests/s (docs/decisions.md).
const SEARCH_CACHE_CONTROL = 'public, max-age=30, no-transform';

/**
 * Projects matching a name or ticker, best first; under the minimum keyword length, the trending list. A keyword with
 * hostile text is dropped as a filter is (the trending list), so the typeahead's answer is always a list.
 */
export const GET = route(async (request) => {
  const { keyword } = readQuery(request, searchQuerySchema, { dropHostile: true });
  const trimmed = keyword.trim();
  const results = trimmed.length < SEARCH_KEYWORD_MIN_LENGTH ? await getTrendingProjects() : await searchProjects(trimmed);
  return NextResponse.json(results satisfies SearchResult[], { headers: { 'cache-control': SEARCH_CACHE_CONTROL } });
});
