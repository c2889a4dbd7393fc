'use client';

import { useSetAtom } from 'jotai';
import { useAction } from 'next-safe-action/hooks';

import { markAllNotificationsReadAction } from '@/actions/notifications/mark-all-notifications-read';
import { markNotificationReadAction } from '@/actions/notifications/mark-notification-read';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { NOTIFICATION_MESSAGES } from '@/lib/messages';

import { unreadNotificationsAtom } from './atoms';

// The actions revalidate /my/notifications, so the list redraws from the server; the bell takes the new count.

/** "Mark as read" for one notification; described by its title (the element `notification-{id}`). */
export function MarkReadButton({ id }: { id: string }) {
  const setUnread = useSetAtom(unreadNotificationsAtom);
  const { execute, isPending } = useAction(markNotificationReadAction, {
    onSuccess: ({ data }) => setUnread(data.unread),
    onError: ({ error }) => toast.error(error.serverError ?? NOTIFICATION_MESSAGES.notFound),
  });
  return (
    <Button type="button" variant="outline" size="sm" disabled={isPending} aria-describedby={`notification-${id}`} onClick={() => execute({ id })}>
      {NOTIFICATION_MESSAGES.markRead}
    </Button>
  );
}

/** "Mark all as read" for every unread notification of the user. */
export function MarkAllReadButton() {
  const setUnread = useSetAtom(unreadNotificationsAtom);
  const { execute, isPending } = useAction(markAllNotificationsReadAction, {
    onSuccess: ({ data }) => {
      setUnread(data.unread);
      toast.success(NOTIFICATION_MESSAGES.allMarkedRead);
    },
    onError: ({ error }) => {
      if (error.serverError) toast.error(error.serverError);
    },
  });
  return (
    <Button type="button" variant="secondary" disabled={isPending} onClick={() => execute()}>
      {NOTIFICATION_MESSAGES.markAllRead}
    </Button>
  );
}
