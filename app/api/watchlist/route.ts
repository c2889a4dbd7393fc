import { NextResponse } from 'next/server';

import type { Watchlist } from '@/lib/schemas/answers';
import { signedInRoute } from '@/server/api';
import { listWatchlists } from '@/server/watchlists';

/** The signed-in user's watchlists: `[{ id, name, projects }]`. */
export const GET = signedInRoute(async (_request, user) => {
  return NextResponse.json((await listWatchlists(user.id)) satisfies Watchlist[], { headers: { 'cache-control': 'no-store' } });
});
