'use server';

// Marks one of the caller's notifications read.
import { revalidatePath } from 'next/cache';
import { z } from '@/lib/zod';

import { countUnreadNotifications, markNotificationRead } from '@/server/notifications';

import { authActionClient } from '../client';

/** Marks the notification read; another user's is refused as not found. Answers the new unread count for the bell. */
export const markNotificationReadAction = authActionClient.inputSchema(z.object({ id: z.uuid() })).action(async ({ parsedInput, ctx }) => {
  await markNotificationRead(ctx.user.id, parsedInput.id);
  revalidatePath('/my/notifications');
  return { unread: await countUnreadNotifications(ctx.user.id) };
});
