'use client';

import { useSetAtom } from 'jotai';
import Link from 'next/link';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { authErrorMessage } from '@/lib/auth-errors';
import { RESEND_COOLDOWN_SECONDS } from '@/lib/constants';
import { AUTH_MESSAGES } from '@/lib/messages';
import { signupFormSchema } from '@/lib/schemas/auth';

import { callAuthApi } from './auth-api';
import { authCredentialsAtom, resendAvailableAtAtom, type AuthStep } from './atoms';
import { Field, FormAlert } from './field';
import { GoogleButton } from './google-button';
import { useForm } from './use-form';

/** Create an account; success moves to verify-email and starts the 60 s resend timer. */
export function SignupForm({ go }: { go: (step: AuthStep) => void }) {
  const setCredentials = useSetAtom(authCredentialsAtom);
  const setResendAvailableAt = useSetAtom(resendAvailableAtAtom);
  const form = useForm(signupFormSchema, { email: '', password: '', acceptTerms: false as unknown as true });
  const [alert, setAlert] = useState<string | null>(null);
  const termsId = useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    void form.submit(async ({ email, password }) => {
      setAlert(null);
      const reply = await callAuthApi('signup', { email, password });
      if (reply.ok) {
        setCredentials({ email, password });
        setResendAvailableAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
        go('verify-email');
        return;
      }
      if (reply.error === 'UsernameExistsException') form.setServerError('email', AUTH_MESSAGES.emailTaken);
      else setAlert(authErrorMessage('signup', reply.error, email));
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={form.pending}>
      <FormAlert message={alert} />
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <div className="grid gap-1">
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          maxLength={256}
          {...form.field('password')}
        />
        <p className="text-xs text-muted-foreground">At least 8 characters, with letters and numbers.</p>
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input
          id={termsId}
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={Boolean(form.values.acceptTerms)}
          onChange={(event) => form.setValue('acceptTerms', event.target.checked)}
        />
        <label htmlFor={termsId}>
          I agree to the{' '}
          <Link href="/company/terms-and-conditions" target="_blank" className="font-medium text-primary underline">
            Terms and Conditions
          </Link>{' '}
          and the{' '}
          <Link href="/company/privacy-policy" target="_blank" className="font-medium text-primary underline">
            Privacy Policy
          </Link>
          .
        </label>
      </div>
      <Button type="submit" disabled={!form.isValid || form.pending}>
        {form.pending ? 'Creating account…' : 'Sign Up'}
      </Button>
      <GoogleButton />
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <button type="button" className="font-medium text-primary hover:underline" onClick={() => go('login')}>
          Log In
        </button>
      </p>
    </form>
  );
}
