'use client';

import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

import { correctAlertAction } from '@/actions/staff/correct-alert';
import { createAlertAction } from '@/actions/staff/create-alert';
import { updateAlertAction } from '@/actions/staff/update-alert';
import { Field, FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { ALERT_CONFIDENCE, ALERT_CONFIDENCE_LABELS, ALERT_TYPES } from '@/lib/alerts';
import { ALERT_TYPE_LABELS } from '@/lib/format';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { alertCorrectionSchema, alertFormSchema, MAX_SOURCE_LINKS, type AlertCorrectionFormInput, type AlertFormInput } from '@/lib/schemas/staff-alert';

import { optionsOf, SelectField, TextareaField } from './form-fields';
import { ProjectPicker, type PickedProject } from './project-picker';
import { useStaffForm } from './use-staff-form';

export type AlertFormAlert = { id: string; project: PickedProject | null; values: AlertFormInput };

const EMPTY: AlertFormInput = {
  title: '',
  type: '' as AlertFormInput['type'],
  occurredOn: '',
  chain: '',
  amountLostUsd: '',
  amountReturnedUsd: '',
  amountsPricedOn: '',
  technique: '',
  sourceUrls: '',
  confidence: '' as AlertFormInput['confidence'],
  projectId: '',
  description: '',
};

const TYPE_OPTIONS = optionsOf(ALERT_TYPES, ALERT_TYPE_LABELS);
const CONFIDENCE_OPTIONS = optionsOf(ALERT_CONFIDENCE, ALERT_CONFIDENCE_LABELS);

/** The alert's fields, shared by the draft form and the correction form. */
function AlertFields({ register, errors, project, onProject }: { register: UseFormRegister<AlertFormInput>; errors: FieldErrors<AlertFormInput>; project: PickedProject | null; onProject: (project: PickedProject | null) => void }) {
  return (
    <>
      <Field label="Title" maxLength={200} autoComplete="off" error={errors.title?.message} {...register('title')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Type" placeholder="Choose…" options={TYPE_OPTIONS} error={errors.type?.message} {...register('type')} />
        <Field label="Date of the incident" type="date" error={errors.occurredOn?.message} {...register('occurredOn')} />
        <SelectField label="Confidence" placeholder="Choose…" options={CONFIDENCE_OPTIONS} error={errors.confidence?.message} {...register('confidence')} />
      </div>
      <ProjectPicker label="Project" optional project={project} onChange={onProject} error={errors.projectId?.message} />
      <Field label="Chain" maxLength={60} autoComplete="off" placeholder="e.g. Ethereum" error={errors.chain?.message} {...register('chain')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Amount lost (USD)" inputMode="decimal" autoComplete="off" className="tabular" error={errors.amountLostUsd?.message} {...register('amountLostUsd')} />
        <Field label="Amount returned (USD)" inputMode="decimal" autoComplete="off" className="tabular" error={errors.amountReturnedUsd?.message} {...register('amountReturnedUsd')} />
        <Field label="Amounts priced on" type="date" error={errors.amountsPricedOn?.message} {...register('amountsPricedOn')} />
      </div>
      <Field label="Technique" maxLength={200} autoComplete="off" placeholder="e.g. Reentrancy in withdraw()" error={errors.technique?.message} {...register('technique')} />
      <TextareaField
        label="Source links"
        hint={`One https:// link per line, at least one and at most ${MAX_SOURCE_LINKS}.`}
        rows={3}
        spellCheck={false}
        error={errors.sourceUrls?.message}
        {...register('sourceUrls')}
      />
      <TextareaField label="Description" rows={5} maxLength={5000} error={errors.description?.message} {...register('description')} />
    </>
  );
}

/** Creating an alert, or editing a draft: saved as a draft, published from its page. */
export function AlertForm({ alert }: { alert: AlertFormAlert | null }) {
  const router = useRouter();
  const [project, setProject] = useState<PickedProject | null>(alert?.project ?? null);
  const action = useMemo(() => (alert ? updateAlertAction.bind(null, alert.id) : createAlertAction), [alert]);
  const { form, submit, action: state } = useStaffForm(action, alertFormSchema, {
    formProps: { defaultValues: alert?.values ?? EMPTY },
    actionProps: {
      onSuccess({ data }) {
        toast.success(STAFF_MESSAGES.saved);
        if (!alert && data) router.push(`/staff/alerts/${data.id}`);
        else router.refresh();
      },
    },
  });
  const chooseProject = (chosen: PickedProject | null) => {
    setProject(chosen);
    form.setValue('projectId', chosen?.id ?? '');
  };
  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-5" aria-busy={form.formState.isSubmitting}>
      <AlertFields register={form.register} errors={form.formState.errors} project={project} onProject={chooseProject} />
      <FormAlert message={state.result.serverError ?? null} />
      <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
        Save draft
      </Button>
    </form>
  );
}

/**
 * Correcting a published alert: the same fields and the reason, which is published with the change in the alert's
 * correction log.
 */
export function AlertCorrectionForm({ alert }: { alert: AlertFormAlert }) {
  const router = useRouter();
  const [project, setProject] = useState<PickedProject | null>(alert.project);
  const action = useMemo(() => correctAlertAction.bind(null, alert.id), [alert.id]);
  const defaultValues: AlertCorrectionFormInput = { ...alert.values, reason: '' };
  const { form, submit, action: state } = useStaffForm(action, alertCorrectionSchema, {
    formProps: { defaultValues },
    actionProps: {
      onSuccess() {
        toast.success(STAFF_MESSAGES.correctionSaved);
        form.reset({ ...form.getValues(), reason: '' });
        router.refresh();
      },
    },
  });
  const chooseProject = (chosen: PickedProject | null) => {
    setProject(chosen);
    form.setValue('projectId', chosen?.id ?? '');
  };
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-5" aria-busy={form.formState.isSubmitting}>
      {/* The correction form holds every field of the draft form, and the reason besides. */}
      <AlertFields register={form.register as unknown as UseFormRegister<AlertFormInput>} errors={errors} project={project} onProject={chooseProject} />
      <TextareaField
        label="Reason for the correction"
        hint="Shown publicly in the alert's correction log, with what changed."
        rows={2}
        maxLength={1000}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <FormAlert message={state.result.serverError ?? null} />
      <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
        Publish correction
      </Button>
    </form>
  );
}
