import { z } from 'zod';

/** GET /api/user/notifications/unread: how many of the caller's notifications are unread. */
export const unreadNotificationsSchema = z.strictObject({ unread: z.number().int().min(0) });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;
