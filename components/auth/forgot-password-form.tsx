'use client';

import { useAtom } from 'jotai';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { authErrorMessage } from '@/lib/auth-errors';
import { forgotPasswordFormSchema } from '@/lib/schemas/auth';

import { callAuthApi } from './auth-api';
import { authCredentialsAtom, type AuthStep } from './atoms';
import { Field, FormAlert } from './field';
import { useForm } from './use-form';

/** Ask for a reset code by email. */
export function ForgotPasswordForm({ go }: { go: (step: AuthStep) => void }) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const form = useForm(forgotPasswordFormSchema, { email: credentials.email });
  const [alert, setAlert] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ email }) => {
      setAlert(null);
      const reply = await callAuthApi('forgot-password', { email });
      if (reply.ok) {
        setCredentials({ email, password: null });
        go('reset-forgotten-password');
      } else {
        setAlert(authErrorMessage('forgot-password', reply.error, email));
      }
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={form.pending}>
      <p className="text-sm text-muted-foreground">Enter your account email and we will send you a code to choose a new password.</p>
      <FormAlert message={alert} />
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Button type="submit" disabled={!form.isValid || form.pending}>
        {form.pending ? 'Sending…' : 'Send reset code'}
      </Button>
      <button type="button" className="text-sm font-medium text-primary hover:underline" onClick={() => go('login')}>
        Back to Log In
      </button>
    </form>
  );
}
