'use client';

import { useRouter } from 'next/navigation';
import { useId, useMemo, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';

import { createAuditAction } from '@/actions/staff/create-audit';
import { updateAuditAction } from '@/actions/staff/update-audit';
import { Field, FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FINDING_SEVERITY_LABELS } from '@/lib/findings';
import { ClientError } from '@/lib/http';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { auditFormSchema, FINDING_SEVERITIES, type AuditFinding, type AuditFormInput } from '@/lib/schemas/staff-audit';
import { STAFF_FILE_ACCEPT } from '@/lib/staff-files';
import { FINDING_STATUS_LABELS, FINDING_STATUSES, type PublicationStatus } from '@/lib/staff';

import { optionsOf, SelectField, TextareaField } from './form-fields';
import { ProjectPicker, type PickedProject } from './project-picker';
import { uploadStaffFile } from './upload-file';
import { useStaffForm } from './use-staff-form';

export type AuditFormAudit = { id: string; status: PublicationStatus; project: PickedProject; values: AuditFormInput; reportFileUrl: string | null };

const EMPTY: AuditFormInput = { projectId: '', auditor: '', startedOn: '', endedOn: '', publishedOn: '', scope: '', sourceRef: '', findingItems: [], reportFile: '' };
const SEVERITY_OPTIONS = optionsOf(FINDING_SEVERITIES, FINDING_SEVERITY_LABELS);
const STATUS_OPTIONS = optionsOf(FINDING_STATUSES, FINDING_STATUS_LABELS);
const NEW_FINDING: AuditFinding = { title: '', severity: 'medium', status: 'pending' };

/**
 * The audit form, for a new audit (saved as a draft) or an existing one: project, auditor, dates, scope, the audited
 * source, findings one by one, and the report PDF (uploaded at once, kept when the form is saved).
 */
export function AuditForm({ audit }: { audit: AuditFormAudit | null }) {
  const router = useRouter();
  const ids = useId();
  const [project, setProject] = useState<PickedProject | null>(audit?.project ?? null);
  const [report, setReport] = useState<{ url: string } | null>(audit?.reportFileUrl ? { url: audit.reportFileUrl } : null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const action = useMemo(() => (audit ? updateAuditAction.bind(null, audit.id) : createAuditAction), [audit]);
  const { form, submit, action: state } = useStaffForm(action, auditFormSchema, {
    formProps: { defaultValues: audit?.values ?? EMPTY },
    actionProps: {
      onSuccess({ data }) {
        toast.success(STAFF_MESSAGES.saved);
        if (!audit && data) router.push(`/staff/audits/${data.id}`);
        else router.refresh();
      },
    },
  });
  const findings = useFieldArray({ control: form.control, name: 'findingItems' });
  const errors = form.formState.errors;

  const chooseProject = (chosen: PickedProject | null) => {
    setProject(chosen);
    form.setValue('projectId', chosen?.id ?? '', { shouldValidate: form.formState.isSubmitted });
  };

  async function uploadReport(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      const uploaded = await uploadStaffFile('report', file);
      form.setValue('reportFile', uploaded.key, { shouldDirty: true });
      setReport({ url: uploaded.url });
    } catch (error) {
      setUploadError(error instanceof ClientError ? error.message : STAFF_MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const removeReport = () => {
    form.setValue('reportFile', '', { shouldDirty: true });
    setReport(null);
  };

  return (
    <form noValidate onSubmit={submit} className="grid max-w-3xl gap-5" aria-busy={form.formState.isSubmitting}>
      <ProjectPicker label="Project" project={project} onChange={chooseProject} error={errors.projectId?.message} />
      <Field label="Auditor" autoComplete="off" maxLength={200} error={errors.auditor?.message} {...form.register('auditor')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Started on" type="date" error={errors.startedOn?.message} {...form.register('startedOn')} />
        <Field label="Ended on" type="date" error={errors.endedOn?.message} {...form.register('endedOn')} />
        <Field label="Report published on" type="date" error={errors.publishedOn?.message} {...form.register('publishedOn')} />
      </div>
      <TextareaField label="Scope" rows={3} maxLength={2000} error={errors.scope?.message} {...form.register('scope')} />
      <Field label="Audited commit or source reference" autoComplete="off" maxLength={300} placeholder="github.com/org/repo@commit" error={errors.sourceRef?.message} {...form.register('sourceRef')} />

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 font-semibold">Findings</legend>
        {findings.fields.length === 0 ? <p className="text-sm text-muted-foreground">No finding entered.</p> : null}
        <ol className="grid gap-4">
          {findings.fields.map((finding, index) => {
            const itemErrors = errors.findingItems?.[index];
            const n = index + 1;
            return (
              <li key={finding.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-start">
                <Field label={`Finding ${n} title`} maxLength={300} error={itemErrors?.title?.message} {...form.register(`findingItems.${index}.title`)} />
                <SelectField label={`Finding ${n} severity`} options={SEVERITY_OPTIONS} error={itemErrors?.severity?.message} {...form.register(`findingItems.${index}.severity`)} />
                <SelectField label={`Finding ${n} status`} options={STATUS_OPTIONS} error={itemErrors?.status?.message} {...form.register(`findingItems.${index}.status`)} />
                <Button type="button" variant="outline" size="sm" className="sm:mt-6" onClick={() => findings.remove(index)}>
                  {`Remove finding ${n}`}
                </Button>
              </li>
            );
          })}
        </ol>
        {errors.findingItems?.message ? <p className="text-sm text-destructive">{errors.findingItems.message}</p> : null}
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => findings.append({ ...NEW_FINDING })}>
          Add a finding
        </Button>
        <p className="text-xs text-muted-foreground">The counts per severity shown publicly are worked out from these findings when the form is saved.</p>
      </fieldset>

      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-report`}>Report PDF</Label>
        {report ? (
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <a href={report.url} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
              Open the uploaded report
            </a>
            <Button type="button" variant="outline" size="sm" onClick={removeReport}>
              Remove the report
            </Button>
          </p>
        ) : null}
        <input
          ref={fileInput}
          id={`${ids}-report`}
          type="file"
          accept={STAFF_FILE_ACCEPT.report}
          disabled={uploading}
          aria-describedby={`${ids}-report-hint`}
          onChange={(event) => uploadReport(event.target.files?.[0])}
          className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <p id={`${ids}-report-hint`} className="text-xs text-muted-foreground">
          {uploading ? 'Uploading…' : report ? 'Choosing another file replaces it.' : 'A PDF of at most 20 MB.'}
        </p>
        <FormAlert message={uploadError ?? errors.reportFile?.message ?? null} />
      </div>

      <FormAlert message={state.result.serverError ?? null} />
      <Button type="submit" disabled={form.formState.isSubmitting || uploading} className="justify-self-start">
        {audit?.status === 'published' ? 'Save changes' : 'Save draft'}
      </Button>
    </form>
  );
}
