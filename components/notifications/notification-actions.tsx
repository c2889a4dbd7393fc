'use client';

// The buttons that change a user's notifications: mark read (the bell's page) and unsubscribe (a mail's link).

import { useSetAtom } from 'jotai';
import { useAction } from 'next-safe-action/hooks';

import { markAllNotificationsReadAction } from '@/actions/notifications/mark-all-notifications-read';
import { markNotificationReadAction } from '@/actions/notifications/mark-notification-read';
import { unsubscribeAlertMailAction } from '@/actions/notifications/unsubscribe-alert-mail';
import { FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';

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

/** Stops alert mails for the link's token, then says so in place. */
export function UnsubscribeButton({ token }: { token: string }) {
  const { execute, isPending, hasSucceeded, result } = useAction(unsubscribeAlertMailAction);
  if (hasSucceeded) return <p role="status">{NOTIFICATION_MESSAGES.unsubscribed}</p>;
  return (
    <div className="grid gap-3">
      <Button type="button" className="justify-self-start" disabled={isPending} aria-busy={isPending} onClick={() => execute({ token })}>
        {NOTIFICATION_MESSAGES.unsubscribeButton}
      </Button>
      <FormAlert message={result.serverError ?? (result.validationErrors ? AUTH_MESSAGES.unknown : null)} />
    </div>
  );
}
