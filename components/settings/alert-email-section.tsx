'use client';

import { useAction } from 'next-safe-action/hooks';
import { useState } from 'react';

import { updateAlertEmailAction } from '@/actions/settings/update-alert-email';
import { toast } from '@/components/chrome/toast';
import { CardSection } from '@/components/ui/card-section';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';
import { ALERT_EMAIL_CHOICES, type AlertEmailChoice } from '@/lib/notifications';

/** How alerts on watched projects reach the user by mail; a choice is saved as soon as it is made. */
export function AlertEmailSection({ initialChoice }: { initialChoice: AlertEmailChoice }) {
  const [choice, setChoice] = useState(initialChoice);
  const [saved, setSaved] = useState(initialChoice);
  const { execute, isPending } = useAction(updateAlertEmailAction, {
    onSuccess: ({ data }) => {
      setSaved(data.alertEmail);
      toast.success(NOTIFICATION_MESSAGES.emailSettingSaved);
    },
    onError: ({ error }) => {
      // The server's answer is the truth: back to what is stored.
      setChoice(saved);
      toast.error(error.serverError ?? AUTH_MESSAGES.unknown);
    },
  });
  return (
    <CardSection id="alert-email" title={NOTIFICATION_MESSAGES.emailSettingTitle}>
      <fieldset className="mt-3 grid gap-3" disabled={isPending} aria-busy={isPending}>
        <legend className="max-w-md text-sm text-muted-foreground">{NOTIFICATION_MESSAGES.emailSettingIntro}</legend>
        {ALERT_EMAIL_CHOICES.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="alertEmail"
              value={option}
              checked={choice === option}
              onChange={() => {
                setChoice(option);
                execute({ alertEmail: option });
              }}
              className="size-4 accent-primary"
            />
            {NOTIFICATION_MESSAGES.emailChoiceLabels[option]}
          </label>
        ))}
      </fieldset>
    </CardSection>
  );
}
