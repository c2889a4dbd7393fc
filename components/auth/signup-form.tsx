'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useSetAtom } from 'jotai';
import Link from 'next/link';
import { useId, useState } from 'react';

import { signUpAction } from '@/actions/auth/sign-up';
import { authErrorMessage } from '@/lib/auth-errors';
import { AUTH_MESSAGES } from '@/lib/messages';
import { signupFormSchema } from '@/lib/schemas/auth';

import { runAuthAction } from './auth-api';
import { authCredentialsAtom, resendAvailableAtAtom, type AuthStep } from './atoms';
import { AUTH_FORM_OPTIONS, resendCooldownEnd } from './auth-form';
import { Field, FormAlert, NewPasswordField, OtherStepPrompt, SubmitButton } from './field';
import { GoogleButton } from './google-button';
import { useSubmitOnce } from './use-submit-once';

/** Create an account; success moves to verify-email and starts the 60 s resend timer. */
export function SignupForm({ go }: { go: (step: AuthStep) => void }) {
  const setCredentials = useSetAtom(authCredentialsAtom);
  const setResendAvailableAt = useSetAtom(resendAvailableAtAtom);
  const { form, action } = useHookFormAction(signUpAction, zodResolver(signupFormSchema), {
    formProps: { ...AUTH_FORM_OPTIONS, defaultValues: { email: '', password: '' } },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);
  const termsId = useId();

  const submit = useSubmitOnce(form.handleSubmit(async (input) => {
    setAlert(null);
    const reply = await runAuthAction(action.executeAsync, input);
    if (reply.ok) {
      setCredentials({ email: input.email, password: input.password });
      setResendAvailableAt(resendCooldownEnd());
      go('verify-email');
      return;
    }
    if (reply.error === 'UsernameExistsException') form.setError('email', { type: 'server', message: AUTH_MESSAGES.emailTaken });
    else setAlert(authErrorMessage('signup', reply.error, input.email));
  }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={isSubmitting}>
      <FormAlert message={alert} />
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <div className="grid gap-1">
        <NewPasswordField label="Password" error={errors.password?.message} {...form.register('password')} />
        <p className="text-xs text-muted-foreground">At least 8 characters, with letters and numbers.</p>
      </div>
      <div className="flex items-start gap-2 text-sm">
        <input id={termsId} type="checkbox" className="mt-0.5 size-4 accent-primary" {...form.register('acceptTerms')} />
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
      <SubmitButton busy={isSubmitting} disabled={!isValid || isSubmitting} busyLabel="Creating account…">
        Sign Up
      </SubmitButton>
      <GoogleButton />
      <OtherStepPrompt question="Already have an account?" label="Log In" onClick={() => go('login')} />
    </form>
  );
}
