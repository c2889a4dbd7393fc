'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { authErrorMessage } from '@/lib/auth-errors';
import { loginFormSchema } from '@/lib/schemas/auth';

import { signInWithPassword } from './auth-api';
import { authCredentialsAtom, type AuthStep } from './atoms';
import { AUTH_FORM_OPTIONS } from './auth-form';
import { Field, FormAlert, OtherStepPrompt, SubmitButton } from './field';
import { GoogleButton } from './google-button';
import { useSubmitOnce } from './use-submit-once';

type Props = { go: (step: AuthStep) => void; onSignedIn: () => void };

/** Log in with email and password (through Auth.js, not an action); an unconfirmed account moves on to verify-email. */
export function LoginForm({ go, onSignedIn }: Props) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const form = useForm({ ...AUTH_FORM_OPTIONS, resolver: zodResolver(loginFormSchema), defaultValues: { email: credentials.email, password: '' } });
  const { errors, isValid, isSubmitting } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);

  const submit = useSubmitOnce(form.handleSubmit(async ({ email, password }) => {
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
  }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={isSubmitting}>
      <FormAlert message={alert} />
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <Field label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <button type="button" className="justify-self-end text-sm font-medium text-primary hover:underline" onClick={() => go('forgot-password')}>
        Forgot password?
      </button>
      <SubmitButton busy={isSubmitting} disabled={!isValid || isSubmitting} busyLabel="Logging in…">
        Log In
      </SubmitButton>
      <GoogleButton />
      <OtherStepPrompt question="New here?" label="Sign Up" onClick={() => go('signup')} />
    </form>
  );
}
