'use client';

import { useAction } from 'next-safe-action/hooks';

import { signOutEverywhereAction } from '@/actions/settings/sign-out-everywhere';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { AUTH_MESSAGES, SETTINGS_MESSAGES } from '@/lib/messages';

/** "Sign out of all devices": every other browser signed in to the account loses its session; this one stays. */
export function SessionsSection() {
  const { execute, isPending: busy } = useAction(signOutEverywhereAction, {
    onSuccess: () => toast.success(SETTINGS_MESSAGES.signedOutEverywhere),
    onError: ({ error }) => toast.error(error.serverError ?? AUTH_MESSAGES.unknown),
  });

  return (
    <CardSection id="sessions" title="Devices">
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-md text-sm text-muted-foreground">
          Lost a device, or signed in on a shared computer? End every session of your account except this one. Changing or resetting your password does the same.
        </p>
        <Button type="button" variant="outline" disabled={busy} aria-busy={busy} onClick={() => execute()}>
          Sign out of all devices
        </Button>
      </div>
    </CardSection>
  );
}
