'use client';

import { useAction } from 'next-safe-action/hooks';

import { unsubscribeAlertMailAction } from '@/actions/notifications/unsubscribe-alert-mail';
import { FormAlert } from '@/components/auth/field';
import { Button } from '@/components/ui/button';
import { AUTH_MESSAGES, NOTIFICATION_MESSAGES } from '@/lib/messages';

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
