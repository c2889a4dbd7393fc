'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { completeEnrolmentAction } from '@/actions/staff/complete-enrolment';
import { verifySecondFactorAction } from '@/actions/staff/verify-second-factor';
import { Field, FormAlert } from '@/components/auth/field';
import { useStaffForm } from '@/components/staff/use-staff-form';
import { Button } from '@/components/ui/button';
import { secondFactorSchema } from '@/lib/schemas/staff';

/**
 * The code box of the second factor. Enrolling, a right code shows the recovery codes once, to be kept before going
 * on; verifying, it opens the console.
 */
export function SecondFactorForm({ mode }: { mode: 'enrol' | 'verify' }) {
  const router = useRouter();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const action = mode === 'enrol' ? completeEnrolmentAction : verifySecondFactorAction;
  const { form, submit, action: state } = useStaffForm(action, secondFactorSchema, {
    formProps: { defaultValues: { code: '' } },
    actionProps: {
      onSuccess({ data }) {
        if (data?.recoveryCodes) setRecoveryCodes(data.recoveryCodes);
        else router.replace('/staff');
      },
      onError() {
        form.setValue('code', '');
      },
    },
  });

  if (recoveryCodes) {
    return (
      <div className="grid gap-4">
        <h2 className="text-lg font-semibold">Your recovery codes</h2>
        <p className="text-sm text-muted-foreground">
          Each code opens the console once if you lose your authenticator. They are shown only now: keep them somewhere safe.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm">
          {recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Button onClick={() => router.replace('/staff')}>I have saved them, open the console</Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field
        label={mode === 'enrol' ? 'Code from your authenticator app' : 'Authenticator or recovery code'}
        autoComplete="one-time-code"
        inputMode={mode === 'enrol' ? 'numeric' : 'text'}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <FormAlert message={state.result.serverError ?? null} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {mode === 'enrol' ? 'Turn on the second factor' : 'Verify'}
      </Button>
    </form>
  );
}
