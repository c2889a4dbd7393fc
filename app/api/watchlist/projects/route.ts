import { NextResponse } from 'next/server';

import { setWatchlistProjectSchema } from '@/lib/schemas/watchlist';
import { errorResponse, readJson, requireApiUser } from '@/server/api';
import { setWatchlistProject } from '@/server/watchlists';

/** Adds or removes one project: `{ id, projectId, watched }` → `{ projects }`, the list's projects afterwards. */
export async function POST(request: Request) {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    return NextResponse.json(await setWatchlistProject(user.id, await readJson(request, setWatchlistProjectSchema)));
  } catch (error) {
    return errorResponse(error);
  }
}
