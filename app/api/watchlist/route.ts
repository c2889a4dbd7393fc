import { NextResponse } from 'next/server';

import { errorResponse, requireApiUser } from '@/server/api';
import { listWatchlists } from '@/server/watchlists';

/** The signed-in user's watchlists: `[{ id, name, projects }]`. */
export async function GET() {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    return NextResponse.json(await listWatchlists(user.id), { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
