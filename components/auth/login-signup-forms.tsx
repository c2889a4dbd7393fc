'use client';

// The flow's entry forms: log in, sign up and the email verification that follows it, with the Google button.

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useAtom, useSetAtom } from 'jotai';
import { getProviders, signIn } from 'next-auth/react';
import { useAction } from 'next-safe-action/hooks';
import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';

import { resendConfirmationAction } from '@/actions/auth/resend-confirmation';
import { signUpAction } from '@/actions/auth/sign-up';
import { verifyEmailAction } from '@/actions/auth/verify-email';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '@/lib/auth-errors';
import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from '@/lib/constants';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { isResendableEmail, loginFormSchema, signupFormSchema, verifyEmailFormSchema } from '@/lib/schemas/auth';

import { authCredentialsAtom, type AuthStep, resendAvailableAtAtom } from './atoms';
import { runAuthAction, signInWithPassword } from './auth-api';
import { AUTH_FORM_OPTIONS, resendCooldownEnd } from './auth-form';
import { BackToLogin, CodeField, Field, FormAlert, NewPasswordField, OtherStepPrompt, SubmitButton } from './field';
import { useCountdown } from './use-countdown';
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

/** Google sign-in, shown only when the server lists the Google provider (it does when configured). */
export function GoogleButton() {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    getProviders()
      .then((providers) => live && setEnabled(Boolean(providers?.google)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!enabled) return null;
  return (
    <Button type="button" variant="outline" onClick={() => void signIn('google')}>
      <svg aria-hidden viewBox="0 0 24 24" className="size-4">
        <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z" />
        <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23Z" />
        <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8Z" />
        <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4Z" />
      </svg>
      Continue with Google
    </Button>
  );
}

/**
 * Confirm the email with its 6-digit code. With the password from sign-up (or a refused unconfirmed login)
 * the user is signed in at once; otherwise they log in.
 */
export function VerifyEmailForm({ go, onSignedIn }: { go: (step: AuthStep) => void; onSignedIn: () => void }) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const [resendAvailableAt, setResendAvailableAt] = useAtom(resendAvailableAtAtom);
  const emailSupplied = credentials.email !== '';
  const { form, action } = useHookFormAction(verifyEmailAction, zodResolver(verifyEmailFormSchema), {
    formProps: { ...AUTH_FORM_OPTIONS, defaultValues: { email: credentials.email, verificationCode: '' } },
  });
  const resendAction = useAction(resendConfirmationAction);
  const { errors, isSubmitting } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);
  const secondsLeft = useCountdown(resendAvailableAt, RESEND_COOLDOWN_SECONDS);
  const email = String(form.watch('email') ?? '').trim();
  const code = String(form.watch('verificationCode') ?? '');
  // SPEC §5: Verify is enabled by a full-length code and an email, not by the whole form's validity.
  const canVerify = code.length === CODE_LENGTH && email !== '' && !isSubmitting;
  const resending = resendAction.isExecuting;

  const submit = useSubmitOnce(form.handleSubmit(async (input) => {
    setAlert(null);
    const reply = await runAuthAction(action.executeAsync, input);
    if (!reply.ok) {
      setAlert(authErrorMessage('verify', reply.error, input.email));
      return;
    }
    toast.success(AUTH_MESSAGES.emailVerified);
    const password = credentials.password;
    setCredentials({ email: input.email, password: null });
    if (password && (await signInWithPassword(input.email, password)).ok) onSignedIn();
    else go('login');
  }));

  const resend = async () => {
    if (resending || secondsLeft > 0 || !isResendableEmail(email)) return;
    setAlert(null);
    const reply = await runAuthAction(resendAction.executeAsync, { email });
    if (reply.ok) {
      toast.success(AUTH_MESSAGES.confirmationSent(email));
      setResendAvailableAt(resendCooldownEnd());
    } else {
      setAlert(authErrorMessage('resend', reply.error, email));
    }
  };

  return (
    <form noValidate onSubmit={(event) => (canVerify ? submit(event) : event.preventDefault())} className="grid gap-4" aria-busy={isSubmitting}>
      <p className="text-sm text-muted-foreground">
        {emailSupplied ? (
          <>
            We sent a {CODE_LENGTH}-digit code to <strong>{credentials.email}</strong>. Enter it below to confirm your email.
          </>
        ) : (
          <>Enter your email and the {CODE_LENGTH}-digit code we sent you.</>
        )}
      </p>
      <FormAlert message={alert} />
      {emailSupplied ? null : <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />}
      <CodeField label="Verification code" error={errors.verificationCode?.message} {...form.register('verificationCode')} />
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="outline" disabled={secondsLeft > 0 || resending || !isResendableEmail(email)} onClick={() => void resend()}>
          {secondsLeft > 0 ? `Resend (${secondsLeft}s)` : resending ? 'Sending…' : 'Resend'}
        </Button>
        <SubmitButton busy={isSubmitting} disabled={!canVerify} busyLabel="Verifying…">
          Verify
        </SubmitButton>
      </div>
      <BackToLogin go={go} />
    </form>
  );
}
