import { NextResponse } from 'next/server';

import { signedInRoute } from '@/server/api';
import { listWatchlists } from '@/server/watchlists';

/** The signed-in user's watchlists: `[{ id, name, projects }]`. */
export const GET = signedInRoute(async (_request, user) => {
  return NextResponse.json(await listWatchlists(user.id), { headers: { 'cache-control': 'no-store' } });
});
