'use client';

// The two steps of a forgotten password: ask for a code, then choose a new password with it.

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';

import { forgotPasswordAction } from '@/actions/auth/forgot-password';
import { resetPasswordAction } from '@/actions/auth/reset-password';
import { toast } from '@/components/chrome/toast';
import { authErrorMessage } from '@/lib/auth-errors';
import { CODE_LENGTH } from '@/lib/constants';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { forgotPasswordFormSchema, resetPasswordFormSchema } from '@/lib/schemas/auth';

import { authCredentialsAtom, type AuthStep } from './atoms';
import { runAuthAction, signInWithPassword } from './auth-api';
import { AUTH_FORM_OPTIONS } from './auth-form';
import { BackToLogin, CodeField, Field, FormAlert, NewPasswordField, SubmitButton } from './field';
import { useSubmitOnce } from './use-submit-once';

/** Ask for a reset code by email. */
export function ForgotPasswordForm({ go }: { go: (step: AuthStep) => void }) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const { form, action } = useHookFormAction(forgotPasswordAction, zodResolver(forgotPasswordFormSchema), {
    formProps: { ...AUTH_FORM_OPTIONS, defaultValues: { email: credentials.email } },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);

  const submit = useSubmitOnce(form.handleSubmit(async (input) => {
    setAlert(null);
    const reply = await runAuthAction(action.executeAsync, input);
    if (reply.ok) {
      setCredentials({ email: input.email, password: null });
      go('reset-forgotten-password');
    } else {
      setAlert(authErrorMessage('forgot-password', reply.error, input.email));
    }
  }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={isSubmitting}>
      <p className="text-sm text-muted-foreground">Enter your account email and we will send you a code to choose a new password.</p>
      <FormAlert message={alert} />
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <SubmitButton busy={isSubmitting} disabled={!isValid || isSubmitting} busyLabel="Sending…">
        Send reset code
      </SubmitButton>
      <BackToLogin go={go} />
    </form>
  );
}

/** Choose a new password with the mailed code; success signs the user in with it. */
export function ResetPasswordForm({ go, onSignedIn }: { go: (step: AuthStep) => void; onSignedIn: () => void }) {
  const [credentials, setCredentials] = useAtom(authCredentialsAtom);
  const email = credentials.email;
  // The email comes from the forgot-password step, so it is bound to the action rather than a field of the form.
  const resetForEmail = useMemo(() => resetPasswordAction.bind(null, email), [email]);
  const { form, action } = useHookFormAction(resetForEmail, zodResolver(resetPasswordFormSchema), {
    formProps: { ...AUTH_FORM_OPTIONS, defaultValues: { code: '', newPassword: '' } },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const [alert, setAlert] = useState<string | null>(null);

  const submit = useSubmitOnce(form.handleSubmit(async (input) => {
    setAlert(null);
    const reply = await runAuthAction(action.executeAsync, input);
    if (!reply.ok) {
      setAlert(authErrorMessage('reset', reply.error, email));
      return;
    }
    const signedIn = await signInWithPassword(email, input.newPassword);
    setCredentials({ email, password: null });
    if (signedIn.ok) {
      toast.success(AUTH_MESSAGES.passwordReset);
      onSignedIn();
    } else {
      go('login');
    }
  }));

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={isSubmitting}>
      <p className="text-sm text-muted-foreground">
        We sent a {CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it with your new password.
      </p>
      <FormAlert message={alert} />
      <CodeField label="Reset code" error={errors.code?.message} {...form.register('code')} />
      <NewPasswordField label="New password" error={errors.newPassword?.message} {...form.register('newPassword')} />
      <SubmitButton busy={isSubmitting} disabled={!isValid || isSubmitting} busyLabel="Saving…">
        Set new password
      </SubmitButton>
      <BackToLogin go={go} />
    </form>
  );
}
