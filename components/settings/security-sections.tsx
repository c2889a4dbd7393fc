'use client';

// The account's security sections, both of which end other sessions: a new password, and every other device signed out.

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useAction } from 'next-safe-action/hooks';

import { changePasswordAction } from '@/actions/settings/change-password';
import { signOutEverywhereAction } from '@/actions/settings/sign-out-everywhere';
import { FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import { changePasswordSchema } from '@/lib/schemas/settings';

import { SETTINGS_FORM_OPTIONS, SettingsField } from './settings-field';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** Change password: the current one is required; the new one follows the sign-up rule. The session stays. */
export function ChangePasswordSection() {
  const { form, action, handleSubmitWithAction } = useHookFormAction(changePasswordAction, zodResolver(changePasswordSchema), {
    formProps: { ...SETTINGS_FORM_OPTIONS, defaultValues: EMPTY },
    actionProps: {
      onSuccess() {
        form.reset(EMPTY);
        toast.success(SETTINGS_MESSAGES.passwordChanged);
      },
      onError({ error }) {
        // A wrong current password belongs under that field; any other refusal is about the whole form.
        if (error.serverError === SETTINGS_MESSAGES.currentPasswordWrong) form.setError('currentPassword', { message: error.serverError });
        else if (error.serverError) form.setError('root.server', { message: error.serverError });
      },
    },
  });
  const { isSubmitting, errors } = form.formState;
  const done = action.hasSucceeded;

  return (
    <CardSection id="change-password" title="Change password">
      <form onSubmit={handleSubmitWithAction} noValidate className="mt-4 grid max-w-md gap-3">
        {FIELDS.map(({ name, label, autoComplete }) => (
          <SettingsField
            key={name}
            form={form}
            name={name}
            label={label}
            type="password"
            autoComplete={autoComplete}
            // Typing starts over: the form's refusal and the last success go with the field's own message.
            onType={() => {
              if (done) action.reset();
              form.clearErrors('root.server');
            }}
          />
        ))}
        <p className="text-xs text-muted-foreground">At least 8 characters, with both letters and numbers.</p>
        <FormAlert message={errors.root?.server?.message ?? null} />
        {done ? (
          <p role="status" className="text-sm text-emerald-700">
            {SETTINGS_MESSAGES.passwordChanged}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}

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
