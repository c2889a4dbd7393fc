import { NextResponse } from 'next/server';

import type { Created } from '@/lib/schemas/api';
import { createWatchlistSchema } from '@/lib/schemas/watchlist';
import { readJson, signedInRoute } from '@/server/api';
import { createWatchlist } from '@/server/watchlists';

/** Creates a watchlist: `{ name, projects }` → `{ id }`. */
export const POST = signedInRoute(async (request, user) => {
  return NextResponse.json((await createWatchlist(user.id, await readJson(request, createWatchlistSchema))) satisfies Created);
});
