'use client';

import { useState, type FormEvent } from 'react';

import { changePasswordAction } from '@/actions/settings/change-password';
import { Field, FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { SETTINGS_MESSAGES } from '@/lib/messages';
import { changePasswordSchema } from '@/lib/schemas/settings';

import { actionFailure } from './action-result';

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one is required; the new one follows the sign-up rule. The session stays. */
export function ChangePasswordSection() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setFailure(null);
    setDone(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = changePasswordSchema.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Fields] ??= issue.message;
      return setErrors(found);
    }
    setBusy(true);
    try {
      const message = actionFailure(await changePasswordAction(parsed.data));
      if (message) {
        if (message === SETTINGS_MESSAGES.currentPasswordWrong) setErrors({ currentPassword: message });
        else setFailure(message);
        return;
      }
      setFields(EMPTY);
      setDone(true);
      toast.success(SETTINGS_MESSAGES.passwordChanged);
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardSection id="change-password" title="Change password">
      <form onSubmit={submit} noValidate className="mt-4 grid max-w-md gap-3">
        <Field label="Current password" type="password" autoComplete="current-password" value={fields.currentPassword} error={errors.currentPassword} onValueChange={set('currentPassword')} />
        <Field label="New password" type="password" autoComplete="new-password" value={fields.newPassword} error={errors.newPassword} onValueChange={set('newPassword')} />
        <Field label="Confirm new password" type="password" autoComplete="new-password" value={fields.confirmPassword} error={errors.confirmPassword} onValueChange={set('confirmPassword')} />
        <p className="text-xs text-muted-foreground">At least 8 characters, with both letters and numbers.</p>
        <FormAlert message={failure} />
        {done ? (
          <p role="status" className="text-sm text-emerald-700">
            {SETTINGS_MESSAGES.passwordChanged}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}
