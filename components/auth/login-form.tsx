'use client';

import { useAtom } from 'jotai';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { authErrorMessage } from '@/lib/auth-errors';
import { loginFormSchema } from '@/lib/schemas/auth';

import { signInWithPassword } from './auth-api';
import { authCredentialsAtom, type AuthStep } from './atoms';
import { Field, FormAlert } from './field';
import { GoogleButton } from './google-button';
import { useForm } from './use-form';

type Props = { go: (step: AuthStep) => void; onSignedIn: () => void };

/** Log in with email and password; an unconfirmed account moves on to verify-email. */
export function LoginForm({ go, onSignedIn }: Props) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const form = useForm(loginFormSchema, { email: credentials.email, password: '' });
  const [alert, setAlert] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ email, password }) => {
      setAlert(null);
      const reply = await signInWithPassword(email, password);
      if (reply.ok) {
        setCredentials({ email, password: null });
        onSignedIn();
        return;
      }
      if (reply.error === 'UserNotConfirmedException') {
        setCredentials({ email, password });
        go('verify-email');
        return;
      }
      setAlert(authErrorMessage('login', reply.error, email));
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={form.pending}>
      <FormAlert message={alert} />
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <button type="button" className="justify-self-end text-sm font-medium text-primary hover:underline" onClick={() => go('forgot-password')}>
        Forgot password?
      </button>
      <Button type="submit" disabled={!form.isValid || form.pending}>
        {form.pending ? 'Logging in…' : 'Log In'}
      </Button>
      <GoogleButton />
      <p className="text-center text-sm text-muted-foreground">
        New here?{' '}
        <button type="button" className="font-medium text-primary hover:underline" onClick={() => go('signup')}>
          Sign Up
        </button>
      </p>
    </form>
  );
}
