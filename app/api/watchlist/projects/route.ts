import { NextResponse } from 'next/server';

import type { WatchlistProjects } from '@/lib/schemas/answers';
import { setWatchlistProjectSchema } from '@/lib/schemas/watchlist';
import { readJson, signedInRoute } from '@/server/api';
import { setWatchlistProject } from '@/server/watchlists';

/** Adds or removes one project: `{ id, projectId, watched }` → `{ projects }`, the list's projects afterwards. */
export const POST = signedInRoute(async (request, user) => {
  return NextResponse.json((await setWatchlistProject(user.id, await readJson(request, setWatchlistProjectSchema))) satisfies WatchlistProjects);
});
