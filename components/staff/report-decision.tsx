'use client';

import { useAction } from 'next-safe-action/hooks';
import { useId, useMemo, type ComponentProps, type ReactNode } from 'react';

import { approveReportAction } from '@/actions/staff/approve-report';
import { markDuplicateReportAction } from '@/actions/staff/mark-duplicate-report';
import { rejectReportAction } from '@/actions/staff/reject-report';
import { FormAlert } from '@/components/auth/field';
import { Button } from '@/components/ui/button';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { duplicateReportSchema, rejectReportSchema } from '@/lib/schemas/staff-report';

import { SelectField, TextareaField } from './form-fields';
import { useStaffForm, useToastAndRefresh } from './use-staff-form';

export type DuplicateCandidate = { id: string; label: string };

/** The three decisions on a new community report; each is final, and the reporter is mailed when they left an address. */
export function ReportDecision({ reportId, candidates, mailsReporter }: { reportId: string; candidates: DuplicateCandidate[]; mailsReporter: boolean }) {
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        A decision is final.{' '}
        {mailsReporter ? 'The reporter left an email address and will get a mail with the outcome.' : 'The reporter left no email address, so nobody is mailed.'}
      </p>
      <ApproveReport reportId={reportId} />
      <RejectReport reportId={reportId} />
      <DuplicateReport reportId={reportId} candidates={candidates} />
    </div>
  );
}

function ApproveReport({ reportId }: { reportId: string }) {
  const { execute, isPending, result } = useAction(approveReportAction, useToastAndRefresh(STAFF_MESSAGES.reportApproved));
  return (
    <section aria-labelledby={`approve-${reportId}`} className="grid gap-2 rounded-lg border p-4">
      <h3 id={`approve-${reportId}`} className="font-semibold">
        Approve
      </h3>
      <p className="text-sm text-muted-foreground">Creates a draft alert with this report&apos;s project, description and links, for an analyst to complete and publish.</p>
      <Button type="button" className="justify-self-start" disabled={isPending} onClick={() => execute({ id: reportId })}>
        Approve and draft an alert
      </Button>
      <FormAlert message={result.serverError ?? null} />
    </section>
  );
}

/** One decision as a small form of its own: its heading, its field, what the server said, and its button. */
function DecisionForm({ heading, submitLabel, onSubmit, submitting, serverError, children }: { heading: string; submitLabel: string; onSubmit: ComponentProps<'form'>['onSubmit']; submitting: boolean; serverError: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className="grid gap-2 rounded-lg border p-4">
      <h3 id={`${id}-heading`} className="font-semibold">
        {heading}
      </h3>
      {children}
      <FormAlert message={serverError ?? null} />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={submitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

function RejectReport({ reportId }: { reportId: string }) {
  const action = useMemo(() => rejectReportAction.bind(null, reportId), [reportId]);
  const actionProps = useToastAndRefresh(STAFF_MESSAGES.reportRejected);
  const { form, submit, action: state } = useStaffForm(action, rejectReportSchema, { formProps: { defaultValues: { reason: '' } }, actionProps });
  return (
    <DecisionForm heading="Reject" submitLabel="Reject report" onSubmit={submit} submitting={form.formState.isSubmitting} serverError={state.result.serverError}>
      <TextareaField label="Reason for rejecting" rows={2} maxLength={1000} error={form.formState.errors.reason?.message} {...form.register('reason')} />
    </DecisionForm>
  );
}

function DuplicateReport({ reportId, candidates }: { reportId: string; candidates: DuplicateCandidate[] }) {
  const action = useMemo(() => markDuplicateReportAction.bind(null, reportId), [reportId]);
  const actionProps = useToastAndRefresh(STAFF_MESSAGES.reportMarkedDuplicate);
  const { form, submit, action: state } = useStaffForm(action, duplicateReportSchema, { formProps: { defaultValues: { alertId: '' } }, actionProps });
  return (
    <DecisionForm heading="Duplicate" submitLabel="Mark as duplicate" onSubmit={submit} submitting={form.formState.isSubmitting} serverError={state.result.serverError}>
      <SelectField
        label="Alert this report repeats"
        placeholder="Choose an alert…"
        options={candidates.map((candidate) => ({ value: candidate.id, label: candidate.label }))}
        error={form.formState.errors.alertId?.message}
        {...form.register('alertId')}
      />
    </DecisionForm>
  );
}
