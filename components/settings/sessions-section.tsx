'use client';

import { useState } from 'react';

import { signOutEverywhereAction } from '@/actions/settings/sign-out-everywhere';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { SETTINGS_MESSAGES } from '@/lib/messages';

import { actionFailure } from './action-result';

/** "Sign out of all devices": every other browser signed in to the account loses its session; this one stays. */
export function SessionsSection() {
  const [busy, setBusy] = useState(false);

  async function signOutEverywhere() {
    if (busy) return;
    setBusy(true);
    try {
      const failure = actionFailure(await signOutEverywhereAction());
      if (failure) toast.error(failure);
      else toast.success(SETTINGS_MESSAGES.signedOutEverywhere);
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardSection id="sessions" title="Devices">
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-md text-sm text-muted-foreground">
          Lost a device, or signed in on a shared computer? End every session of your account except this one. Changing or resetting your password does the same.
        </p>
        <Button type="button" variant="outline" disabled={busy} aria-busy={busy} onClick={() => void signOutEverywhere()}>
          Sign out of all devices
        </Button>
      </div>
    </CardSection>
  );
}
