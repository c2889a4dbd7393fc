'use server';

// Marks all of the caller's notifications read.
import { revalidatePath } from 'next/cache';

import { countUnreadNotifications, markAllNotificationsRead } from '@/server/notifications';

import { authActionClient } from '../client';

/** Marks every unread notification of the caller read. Answers the new unread count for the bell. */
export const markAllNotificationsReadAction = authActionClient.action(async ({ ctx }) => {
  await markAllNotificationsRead(ctx.user.id);
  revalidatePath('/my/notifications');
  return { unread: await countUnreadNotifications(ctx.user.id) };
});
