'use client';

import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { useFieldArray } from 'react-hook-form';

import { saveAuditCodeAction } from '@/actions/staff/save-audit-code';
import { Field, FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { auditCodeFormSchema, type AuditCodeFormInput } from '@/lib/code-match';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

import { TextareaField } from './form-fields';
import { useStaffForm } from './use-staff-form';

const EMPTY: AuditCodeFormInput = { repository: '', commit: '', files: [], compilerVersion: '', optimizer: true, runs: 200, evmVersion: '', viaIR: false, contracts: [], deployments: [] };
const EVM_VERSIONS = ['', 'paris', 'shanghai', 'cancun', 'prague', 'osaka', 'london', 'berlin', 'istanbul'];

/**
 * What the audit covered: the source files (uploaded here, read in the browser), the compiler and its settings, the
 * contracts (file.sol:Name) and the chain and address of each deployment. Saving compiles it and compares it with
 * the chain before the answer.
 */
export function AuditCodeForm({ auditId, values, installedCompilers }: { auditId: string; values: AuditCodeFormInput | null; installedCompilers: string[] }) {
  const router = useRouter();
  const ids = useId();
  const [readError, setReadError] = useState<string | null>(null);
  const action = useMemo(() => saveAuditCodeAction.bind(null, auditId), [auditId]);
  const { form, submit, action: state } = useStaffForm(action, auditCodeFormSchema, {
    formProps: { defaultValues: values ?? EMPTY },
    actionProps: {
      onSuccess() {
        toast.success(STAFF_MESSAGES.saved);
        router.refresh();
      },
    },
  });
  const files = useFieldArray({ control: form.control, name: 'files' });
  const deployments = useFieldArray({ control: form.control, name: 'deployments' });
  const [contractsText, setContractsText] = useState((values?.contracts ?? []).join('\n'));
  const errors = form.formState.errors;
  const contractErrors = [errors.contracts?.message, ...(Array.isArray(errors.contracts) ? errors.contracts.map((error) => error?.message) : [])].filter(Boolean).join(' ');

  async function addFiles(list: FileList | null) {
    setReadError(null);
    try {
      for (const file of Array.from(list ?? [])) files.append({ path: file.webkitRelativePath || file.name, content: await file.text() });
    } catch {
      setReadError('A file could not be read; choose it again.');
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 max-w-3xl gap-5 rounded-lg border p-4" aria-labelledby={`${ids}-title`} aria-busy={form.formState.isSubmitting}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        Audited code
      </h2>
      <p className="text-sm text-muted-foreground">
        Name what was audited to compare it with the deployed code. Installed compilers: {installedCompilers.join(', ')}; another version shows as “compiler unavailable”.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Repository (optional)" autoComplete="off" placeholder="https://github.com/org/repo" error={errors.repository?.message} {...form.register('repository')} />
        <Field label="Commit (optional)" autoComplete="off" maxLength={40} error={errors.commit?.message} {...form.register('commit')} />
      </div>

      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
        <legend className="px-1 font-semibold">Source files</legend>
        {files.fields.length === 0 ? <p className="text-sm text-muted-foreground">No file uploaded.</p> : null}
        <ol className="grid gap-3">
          {files.fields.map((file, index) => (
            <li key={file.id} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
              <Field label={`Path of file ${index + 1}`} autoComplete="off" error={errors.files?.[index]?.path?.message ?? errors.files?.[index]?.content?.message} {...form.register(`files.${index}.path`)} />
              <Button type="button" variant="outline" size="sm" onClick={() => files.remove(index)}>
                {`Remove file ${index + 1}`}
              </Button>
            </li>
          ))}
        </ol>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-files`}>Add .sol files</Label>
          <input
            id={`${ids}-files`}
            type="file"
            multiple
            accept=".sol"
            onChange={(event) => addFiles(event.target.files).then(() => (event.target.value = ''))}
            className="w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <p className="text-xs text-muted-foreground">Paths must be those the imports use (e.g. src/Vault.sol); imports resolve among these files only.</p>
        </div>
        <FormAlert message={readError ?? errors.files?.message ?? null} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="solc version" autoComplete="off" placeholder="0.8.28" error={errors.compilerVersion?.message} {...form.register('compilerVersion')} />
        <Field label="Optimizer runs" inputMode="numeric" error={errors.runs?.message} {...form.register('runs')} />
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-evm`}>EVM version</Label>
          <select id={`${ids}-evm`} className="h-9 rounded-md border bg-background px-2 text-sm" {...form.register('evmVersion')}>
            {EVM_VERSIONS.map((version) => (
              <option key={version} value={version}>
                {version || "solc's default"}
              </option>
            ))}
          </select>
          {errors.evmVersion?.message ? <p className="text-sm text-destructive">{errors.evmVersion.message}</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-6 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('optimizer')} /> Optimizer on
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" {...form.register('viaIR')} /> via IR
        </label>
      </div>

      <TextareaField
        label="Contracts covered, one per line (file.sol:Name)"
        rows={3}
        value={contractsText}
        error={contractErrors || undefined}
        onChange={(event) => {
          setContractsText(event.target.value);
          const lines = event.target.value.split('\n').map((line) => line.trim()).filter(Boolean);
          form.setValue('contracts', lines, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
        }}
      />

      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
        <legend className="px-1 font-semibold">Deployments</legend>
        {deployments.fields.length === 0 ? <p className="text-sm text-muted-foreground">No address given.</p> : null}
        <ol className="grid gap-3">
          {deployments.fields.map((deployment, index) => {
            const rowErrors = errors.deployments?.[index];
            const n = index + 1;
            return (
              <li key={deployment.id} className="grid gap-2 sm:grid-cols-[1fr_7rem_1.4fr_auto] sm:items-start">
                <Field label={`Contract ${n}`} autoComplete="off" placeholder="src/Vault.sol:Vault" error={rowErrors?.contract?.message} {...form.register(`deployments.${index}.contract`)} />
                <Field label={`Chain id ${n}`} inputMode="numeric" error={rowErrors?.chainId?.message} {...form.register(`deployments.${index}.chainId`)} />
                <Field label={`Address ${n}`} autoComplete="off" placeholder="0x…" error={rowErrors?.address?.message} {...form.register(`deployments.${index}.address`)} />
                <Button type="button" variant="outline" size="sm" className="sm:mt-6" onClick={() => deployments.remove(index)}>
                  {`Remove address ${n}`}
                </Button>
              </li>
            );
          })}
        </ol>
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => deployments.append({ contract: form.getValues('contracts')[0] ?? '', chainId: 1, address: '' })}>
          Add an address
        </Button>
      </fieldset>

      <FormAlert message={state.result.serverError ?? null} />
      <Button type="submit" disabled={form.formState.isSubmitting} className="justify-self-start">
        {form.formState.isSubmitting ? 'Compiling and comparing…' : 'Save and compare'}
      </Button>
    </form>
  );
}
