'use client';

// The members page's controls: inviting a member, and each member's role and access steps.

import { useAction } from 'next-safe-action/hooks';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';

import { changeMemberRoleAction } from '@/actions/staff/change-member-role';
import { inviteMemberAction } from '@/actions/staff/invite-member';
import { removeMemberAction } from '@/actions/staff/remove-member';
import { resetMemberFactorAction } from '@/actions/staff/reset-member-factor';
import { revokeInvitationAction } from '@/actions/staff/revoke-invitation';
import { Field, FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { optionsOf, SavedStatus, SelectField } from '@/components/staff/form-fields';
import { selectClassName } from '@/components/staff/page-links';
import { ConfirmStep } from '@/components/staff/step-buttons';
import { useStaffForm, useToastAndRefresh } from '@/components/staff/use-staff-form';
import { Button } from '@/components/ui/button';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { inviteMemberSchema } from '@/lib/schemas/staff-member';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@/lib/staff';

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

/** What an admin may do to another member: change the role, reset a lost second factor, remove them from the staff. */
export function MemberActions({ member }: { member: { userId: string; email: string; role: StaffRole; enrolled: boolean } }) {
  const selectId = useId();
  const [role, setRole] = useState<StaffRole>(member.role);
  const roleChange = useAction(changeMemberRoleAction, useToastAndRefresh(STAFF_MESSAGES.roleChanged));
  const factorReset = useAction(resetMemberFactorAction, useToastAndRefresh(STAFF_MESSAGES.factorReset));
  const removal = useAction(removeMemberAction, useToastAndRefresh(STAFF_MESSAGES.memberRemoved));
  const errorOf = (step: typeof roleChange | typeof factorReset | typeof removal) => step.result.serverError ?? step.result.validationErrors?.userId?._errors?.[0] ?? null;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Role of {member.email}
        </label>
        <select id={selectId} value={role} onChange={(event) => setRole(event.target.value as StaffRole)} className={selectClassName}>
          {STAFF_ROLES.map((option) => (
            <option key={option} value={option}>
              {STAFF_ROLE_LABELS[option]}
            </option>
          ))}
        </select>
        <Button type="button" size="sm" disabled={roleChange.isPending || role === member.role} onClick={() => roleChange.execute({ userId: member.userId, role })}>
          Change role
        </Button>
        {member.enrolled ? (
          <ConfirmStep
            label="Reset second factor"
            title={`Reset the second factor of ${member.email}?`}
            description="Their authenticator, recovery codes and open console sessions stop working; on their next visit to the console they set up a new authenticator."
            confirm="Reset second factor"
            pending={factorReset.isPending}
            error={errorOf(factorReset)}
            onConfirm={async () => Boolean((await factorReset.executeAsync({ userId: member.userId }))?.data)}
          />
        ) : null}
        <ConfirmStep
          label="Remove"
          title={`Remove ${member.email} from the staff?`}
          description="Their role, second factor and console sessions end at once. Their account on the site stays."
          confirm="Remove from the staff"
          pending={removal.isPending}
          error={errorOf(removal)}
          onConfirm={async () => Boolean((await removal.executeAsync({ userId: member.userId }))?.data)}
        />
      </div>
      <FormAlert message={errorOf(roleChange) ?? roleChange.result.validationErrors?.role?._errors?.[0] ?? null} />
    </div>
  );
}

/** Withdraws an open invitation. */
export function RevokeInvitationButton({ invitation }: { invitation: { id: string; email: string } }) {
  const revoke = useAction(revokeInvitationAction, useToastAndRefresh(STAFF_MESSAGES.invitationRevoked));
  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={revoke.isPending} onClick={() => revoke.execute({ invitationId: invitation.id })} aria-label={`Revoke the invitation of ${invitation.email}`}>
        Revoke
      </Button>
      <FormAlert message={revoke.result.serverError ?? null} />
    </div>
  );
}
