'use client';

import { useAtom } from 'jotai';
import { useState } from 'react';

import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '@/lib/auth-errors';
import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from '@/lib/constants';
import { AUTH_MESSAGES } from '@/lib/messages';
import { isResendableEmail, verifyEmailFormSchema } from '@/lib/schemas/auth';

import { callAuthApi, signInWithPassword } from './auth-api';
import { authCredentialsAtom, resendAvailableAtAtom, type AuthStep } from './atoms';
import { Field, FormAlert } from './field';
import { useCountdown } from './use-countdown';
import { useForm } from './use-form';

/**
 * Confirm the email with its 6-digit code. With the password from sign-up (or a refused unconfirmed login)
 * the user is signed in at once; otherwise they log in.
 */
export function VerifyEmailForm({ go, onSignedIn }: { go: (step: AuthStep) => void; onSignedIn: () => void }) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const [resendAvailableAt, setResendAvailableAt] = useAtom(resendAvailableAtAtom);
  const emailSupplied = credentials.email !== '';
  const form = useForm(verifyEmailFormSchema, { email: credentials.email, verificationCode: '' });
  const [alert, setAlert] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const secondsLeft = useCountdown(resendAvailableAt, RESEND_COOLDOWN_SECONDS);
  const email = String(form.values.email).trim();
  const code = String(form.values.verificationCode);
  const canVerify = code.length === CODE_LENGTH && email !== '' && !form.pending;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canVerify) return;
    void form.submit(async ({ email: verifiedEmail, verificationCode }) => {
      setAlert(null);
      const reply = await callAuthApi('verify-email', { email: verifiedEmail, verificationCode });
      if (!reply.ok) {
        setAlert(authErrorMessage('verify', reply.error, verifiedEmail));
        return;
      }
      toast.success(AUTH_MESSAGES.emailVerified);
      const password = credentials.password;
      setCredentials({ email: verifiedEmail, password: null });
      if (password && (await signInWithPassword(verifiedEmail, password)).ok) onSignedIn();
      else go('login');
    });
  };

  const resend = async () => {
    if (resending || secondsLeft > 0 || !isResendableEmail(email)) return;
    setResending(true);
    setAlert(null);
    try {
      const reply = await callAuthApi('resend-confirmation', { email });
      if (reply.ok) {
        toast.success(AUTH_MESSAGES.confirmationSent(email));
        setResendAvailableAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
      } else {
        setAlert(authErrorMessage('resend', reply.error, email));
      }
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={form.pending}>
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
      {emailSupplied ? null : (
        <Field label="Email" type="email" autoComplete="email" value={email} error={form.errorOf('email')} onValueChange={(value) => form.setValue('email', value)} />
      )}
      <Field
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        value={code}
        error={form.errorOf('verificationCode')}
        onValueChange={(value) => form.setValue('verificationCode', value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="outline" disabled={secondsLeft > 0 || resending || !isResendableEmail(email)} onClick={() => void resend()}>
          {secondsLeft > 0 ? `Resend (${secondsLeft}s)` : resending ? 'Sending…' : 'Resend'}
        </Button>
        <Button type="submit" disabled={!canVerify}>
          {form.pending ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
      <button type="button" className="text-sm font-medium text-primary hover:underline" onClick={() => go('login')}>
        Back to Log In
      </button>
    </form>
  );
}
