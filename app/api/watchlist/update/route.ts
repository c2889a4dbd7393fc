import { NextResponse } from 'next/server';

import { updateWatchlistSchema } from '@/lib/schemas/watchlist';
import { errorResponse, readJson, requireApiUser } from '@/server/api';
import { updateWatchlist } from '@/server/watchlists';

/** Renames a watchlist and sets its projects: `{ id, name, projects }` → `{ ok: true }`. */
export async function POST(request: Request) {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    await updateWatchlist(user.id, await readJson(request, updateWatchlistSchema));
    return NextResponse.json({ ok: true });
  } catch (error) {
    return errorResponse(error);
  }
}
