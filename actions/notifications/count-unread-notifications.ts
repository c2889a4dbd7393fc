'use server';

// The signed-in user's unread count, for the bell in the header.
import { countUnreadNotifications } from '@/server/notifications';

import { authActionClient } from '../client';

/** How many of the caller's notifications are unread. */
export const countUnreadNotificationsAction = authActionClient.action(async ({ ctx }) => ({ unread: await countUnreadNotifications(ctx.user.id) }));
