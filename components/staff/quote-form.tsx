'use client';

import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';

import { updateQuoteAction } from '@/actions/staff/update-quote';
import { FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { optionsOf, SavedStatus, SelectField, TextareaField } from '@/components/staff/form-fields';
import { useStaffForm } from '@/components/staff/use-staff-form';
import { Button } from '@/components/ui/button';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { quoteUpdateSchema, type QuoteUpdateValues } from '@/lib/schemas/staff-quote';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from '@/lib/staff';

/** The sales team's handling of one request: status, owner (a member who handles quotes, or nobody) and notes. */
export function QuoteForm({ quoteId, values, owners }: { quoteId: string; values: QuoteUpdateValues; owners: { userId: string; email: string }[] }) {
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const action = useMemo(() => updateQuoteAction.bind(null, quoteId), [quoteId]);
  const { form, submit, action: state } = useStaffForm(action, quoteUpdateSchema, {
    formProps: { defaultValues: values },
    actionProps: {
      onExecute() {
        setSaved(false);
      },
      onSuccess() {
        setSaved(true);
        toast.success(STAFF_MESSAGES.quoteSaved);
        form.reset(form.getValues());
        router.refresh();
      },
    },
  });
  const errors = form.formState.errors;

  return (
    <form onSubmit={submit} noValidate className="grid max-w-2xl gap-4">
      <div className="flex flex-wrap gap-4">
        <SelectField label="Status" options={optionsOf(QUOTE_STATUSES, QUOTE_STATUS_LABELS)} error={errors.status?.message} {...form.register('status')} />
        <SelectField
          label="Owner"
          placeholder="Nobody"
          options={owners.map((owner) => ({ value: owner.userId, label: owner.email }))}
          error={errors.ownerUserId?.message}
          {...form.register('ownerUserId')}
        />
      </div>
      <TextareaField label="Notes" rows={6} error={errors.notes?.message} {...form.register('notes')} />
      <FormAlert message={state.result.serverError ?? null} />
      <SavedStatus message={saved ? STAFF_MESSAGES.quoteSaved : null} />
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
