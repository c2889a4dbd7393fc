import { NextResponse } from 'next/server';

import type { Done } from '@/lib/schemas/api';
import { deleteWatchlistSchema } from '@/lib/schemas/watchlist';
import { readJson, signedInRoute } from '@/server/api';
import { deleteWatchlist } from '@/server/watchlists';

/** Deletes a watchlist: `{ id }` → 200. */
export const POST = signedInRoute(async (request, user) => {
  const { id } = await readJson(request, deleteWatchlistSchema);
  await deleteWatchlist(user.id, id);
  return NextResponse.json({ ok: true } satisfies Done);
});
