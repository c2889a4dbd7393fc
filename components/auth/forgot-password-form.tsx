'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useAtom } from 'jotai';
import { useState } from 'react';

import { forgotPasswordAction } from '@/actions/auth/forgot-password';
import { authErrorMessage } from '@/lib/auth-errors';
import { forgotPasswordFormSchema } from '@/lib/schemas/auth';

import { runAuthAction } from './auth-api';
import { authCredentialsAtom, type AuthStep } from './atoms';
import { AUTH_FORM_OPTIONS } from './auth-form';
import { BackToLogin, Field, FormAlert, SubmitButton } from './field';
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
