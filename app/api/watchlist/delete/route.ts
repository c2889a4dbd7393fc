import { NextResponse } from 'next/server';

import { deleteWatchlistSchema } from '@/lib/schemas/watchlist';
import { errorResponse, readJson, requireApiUser } from '@/server/api';
import { deleteWatchlist } from '@/server/watchlists';

/** Deletes a watchlist: `{ id }` → 200. */
export async function POST(request: Request) {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    const { id } = await readJson(request, deleteWatchlistSchema);
    await deleteWatchlist(user.id, id);
    return NextResponse.json({ ok: true });
  } catch (error) {
    return errorResponse(error);
  }
}
