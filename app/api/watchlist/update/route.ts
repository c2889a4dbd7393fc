import { NextResponse } from 'next/server';

import type { Done } from '@/lib/schemas/api';
import { updateWatchlistSchema } from '@/lib/schemas/watchlist';
import { readJson, signedInRoute } from '@/server/api';
import { updateWatchlist } from '@/server/watchlists';

/** Renames a watchlist and sets its projects: `{ id, name, projects }` → `{ ok: true }`. */
export const POST = signedInRoute(async (request, user) => {
  await updateWatchlist(user.id, await readJson(request, updateWatchlistSchema));
  return NextResponse.json({ ok: true } satisfies Done);
});
