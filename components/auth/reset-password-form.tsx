'use client';

import { useAtom } from 'jotai';
import { useState } from 'react';

import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '@/lib/auth-errors';
import { CODE_LENGTH } from '@/lib/constants';
import { AUTH_MESSAGES } from '@/lib/messages';
import { resetPasswordFormSchema } from '@/lib/schemas/auth';

import { callAuthApi, signInWithPassword } from './auth-api';
import { authCredentialsAtom, type AuthStep } from './atoms';
import { Field, FormAlert } from './field';
import { useForm } from './use-form';

/** Choose a new password with the mailed code; success signs the user in with it. */
export function ResetPasswordForm({ go, onSignedIn }: { go: (step: AuthStep) => void; onSignedIn: () => void }) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const form = useForm(resetPasswordFormSchema, { code: '', newPassword: '' });
  const [alert, setAlert] = useState<string | null>(null);
  const email = credentials.email;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ code, newPassword }) => {
      setAlert(null);
      const reply = await callAuthApi('reset-forgotten-password', { email, code, newPassword });
      if (!reply.ok) {
        setAlert(authErrorMessage('reset', reply.error, email));
        return;
      }
      const signedIn = await signInWithPassword(email, newPassword);
      setCredentials({ email, password: null });
      if (signedIn.ok) {
        toast.success(AUTH_MESSAGES.passwordReset);
        onSignedIn();
      } else {
        go('login');
      }
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={form.pending}>
      <p className="text-sm text-muted-foreground">
        We sent a {CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it with your new password.
      </p>
      <FormAlert message={alert} />
      <Field
        label="Reset code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        {...form.field('code')}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        maxLength={256}
        {...form.field('newPassword')}
      />
      <Button type="submit" disabled={!form.isValid || form.pending}>
        {form.pending ? 'Saving…' : 'Set new password'}
      </Button>
      <button type="button" className="text-sm font-medium text-primary hover:underline" onClick={() => go('login')}>
        Back to Log In
      </button>
    </form>
  );
}
