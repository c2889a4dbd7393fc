import { NextResponse } from 'next/server';

import { createWatchlistSchema } from '@/lib/schemas/watchlist';
import { errorResponse, readJson, requireApiUser } from '@/server/api';
import { createWatchlist } from '@/server/watchlists';

/** Creates a watchlist: `{ name, projects }` → `{ id }`. */
export async function POST(request: Request) {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    return NextResponse.json(await createWatchlist(user.id, await readJson(request, createWatchlistSchema)));
  } catch (error) {
    return errorResponse(error);
  }
}
