'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useAtom } from 'jotai';
import { useAction } from 'next-safe-action/hooks';
import { useState } from 'react';

import { resendConfirmationAction } from '@/actions/auth/resend-confirmation';
import { verifyEmailAction } from '@/actions/auth/verify-email';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '@/lib/auth-errors';
import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from '@/lib/constants';
import { AUTH_MESSAGES } from '@/lib/messages';
import { isResendableEmail, verifyEmailFormSchema } from '@/lib/schemas/auth';

import { runAuthAction, signInWithPassword } from './auth-api';
import { authCredentialsAtom, resendAvailableAtAtom, type AuthStep } from './atoms';
import { AUTH_FORM_OPTIONS, resendCooldownEnd } from './auth-form';
import { BackToLogin, CodeField, Field, FormAlert, SubmitButton } from './field';
import { useCountdown } from './use-countdown';
import { useSubmitOnce } from './use-submit-once';

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
