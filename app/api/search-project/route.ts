import { NextResponse } from 'next/server';

import { SEARCH_KEYWORD_MIN_LENGTH } from '@/lib/constants';
import { searchQuerySchema } from '@/lib/schemas/projects';
import { errorResponse, readQuery } from '@/server/api';
import { getTrendingProjects, searchProjects } from '@/server/search';

/** Projects matching a name or ticker, best first; under the minimum keyword length, the trending list. */
export async function GET(request: Request) {
  try {
    const { keyword } = readQuery(request, searchQuerySchema);
    const trimmed = keyword.trim();
    const results = trimmed.length < SEARCH_KEYWORD_MIN_LENGTH ? await getTrendingProjects() : await searchProjects(trimmed);
    return NextResponse.json(results, { headers: { 'cache-control': 'public, max-age=30' } });
  } catch (error) {
    return errorResponse(error);
  }
}
