import { NextResponse } from 'next/server';

import type { UnreadNotifications } from '@/lib/schemas/answers';
import { signedInRoute } from '@/server/api';
import { countUnreadNotifications } from '@/server/notifications';

/**
 * The signed-in user's unread count for the header's bell: `{ unread }`. A GET rather than a server action: it is a
 * read every page makes, and actions are POSTs that Next queues one at a time behind the user's own changes.
 */
export const GET = signedInRoute(async (_request, user) => {
  return NextResponse.json({ unread: await countUnreadNotifications(user.id) } satisfies UnreadNotifications, { headers: { 'cache-control': 'no-store' } });
});
