'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { inviteMemberAction } from '@/actions/staff/invite-member';
import { Field, FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { optionsOf, SavedStatus, SelectField } from '@/components/staff/form-fields';
import { useStaffForm } from '@/components/staff/use-staff-form';
import { Button } from '@/components/ui/button';
import { inviteMemberSchema } from '@/lib/schemas/staff-member';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@/lib/staff';

/** An admin invites someone by email with a role: an existing account gets it at once, a new address by mail. */
export function MemberInviteForm() {
  const router = useRouter();
  const [outcome, setOutcome] = useState<string | null>(null);
  const { form, submit, action } = useStaffForm(inviteMemberAction, inviteMemberSchema, {
    formProps: { defaultValues: { email: '', role: 'analyst' } },
    actionProps: {
      onExecute() {
        setOutcome(null);
      },
      onSuccess({ data }) {
        if (!data) return;
        setOutcome(data.message);
        toast.success(data.message);
        form.reset({ email: '', role: form.getValues('role') });
        router.refresh();
      },
    },
  });
  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <Field label="Email" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
        <SelectField label="Role" options={optionsOf(STAFF_ROLES, STAFF_ROLE_LABELS)} error={form.formState.errors.role?.message} {...form.register('role')} />
      </div>
      <FormAlert message={action.result.serverError ?? null} />
      <SavedStatus message={outcome} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
