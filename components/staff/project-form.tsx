'use client';

import { useRouter } from 'next/navigation';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';

import { createProjectAction } from '@/actions/staff/create-project';
import { updateProjectAction } from '@/actions/staff/update-project';
import { FormAlert } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AUDIT_STATUS_LABELS } from '@/lib/format';
import { ClientError } from '@/lib/http';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import {
  AUDIT_STATUS_OPTIONS,
  EMPTY_PROJECT_FORM,
  projectCreateSchema,
  projectFormSchema,
  slugFromName,
  type ProjectCreateValues,
} from '@/lib/schemas/staff-project';
import { STAFF_FILE_ACCEPT } from '@/lib/staff-files';

import { FieldError, optionsOf, SavedStatus, SelectField, TextareaField } from './form-fields';
import { ChainsFieldset, ContractsFieldset, describedBy, SocialLinksFieldset } from './project-fieldsets';
import { uploadStaffFile } from './upload-file';
import { useStaffForm } from './use-staff-form';

const NO_CHAINS: string[] = [];

type Props = {
  /** Categories and chains already in use, offered beside the usual ones. */
  options: { categories: string[]; chains: string[] };
} & (
  | { mode: 'create' }
  | {
      mode: 'edit';
      /** The project's values as the form holds them (its slug included, shown but never sent as a change). */
      values: ProjectCreateValues;
      /** Where the current logo can be seen, when there is one. */
      logoUrl: string | null;
    }
);

function Help({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * The project form, for a new project (public at once) or an existing one: name and slug, tickers, logo (uploaded
 * as soon as it is chosen), category, chains, website and social links, description, contract addresses per chain,
 * audit status and KYC. Every message comes from the shared schema, in the browser and again on the server.
 */
export function ProjectForm(props: Props) {
  const router = useRouter();
  const ids = useId();
  const creating = props.mode === 'create';
  const projectId = props.mode === 'edit' ? props.values.id : null;
  const [logoUrl, setLogoUrl] = useState<string | null>(props.mode === 'edit' ? props.logoUrl : null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  // Until staff type a slug of their own, it follows the name.
  const [slugTouched, setSlugTouched] = useState(!creating);
  const fileInput = useRef<HTMLInputElement>(null);

  // Both actions take the form's values; the update's schema leaves out the slug, which it reads from its bound
  // argument. One form serves both, so both are called through the create action's type.
  const action = useMemo(
    () => (projectId === null ? createProjectAction : (updateProjectAction.bind(null, projectId) as unknown as typeof createProjectAction)),
    [projectId],
  );
  const schema = creating ? projectCreateSchema : (projectFormSchema as unknown as typeof projectCreateSchema);
  const { form, submit, action: state } = useStaffForm(action, schema, {
    formProps: { defaultValues: props.mode === 'edit' ? props.values : EMPTY_PROJECT_FORM },
    actionProps: {
      onExecute() {
        setSavedMessage(null);
      },
      onSuccess({ data }) {
        const result = data as { id?: string; changed?: boolean } | undefined;
        if (creating && result?.id) {
          toast.success(STAFF_MESSAGES.projectCreated);
          router.push(`/staff/projects/${result.id}`);
          return;
        }
        const message = result?.changed === false ? STAFF_MESSAGES.nothingChanged : STAFF_MESSAGES.projectSaved;
        setSavedMessage(message);
        toast.success(message);
        router.refresh();
      },
    },
  });
  const { register, formState, setValue, watch } = form;
  const errors = formState.errors;
  const logo = watch('logo');
  const savedChains = props.mode === 'edit' ? props.values.chains : NO_CHAINS;

  async function uploadLogo(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      const uploaded = await uploadStaffFile('logo', file);
      setValue('logo', uploaded.key, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      setLogoUrl(uploaded.url);
    } catch (error) {
      setUploadError(error instanceof ClientError ? error.message : STAFF_MESSAGES.uploadFailed);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }
  const removeLogo = () => {
    setValue('logo', '', { shouldDirty: true });
    setLogoUrl(null);
  };

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTouched) setValue('id', slugFromName(event.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const id = (field: string) => `${ids}-${field}`;

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid max-w-3xl gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={id('name')}>Name</Label>
            <Input id={id('name')} autoComplete="off" maxLength={200} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy(errors.name && id('name-error'))} {...nameField} />
            <FieldError id={id('name-error')} message={errors.name?.message} />
          </div>
          {creating ? (
            <div className="grid gap-1.5">
              <Label htmlFor={id('slug')}>Slug</Label>
              <Input
                id={id('slug')}
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
                className="font-mono"
                aria-invalid={errors.id ? true : undefined}
                aria-describedby={describedBy(id('slug-help'), errors.id && id('slug-error'))}
                {...register('id', { onChange: () => setSlugTouched(true) })}
              />
              <Help id={id('slug-help')}>The project&apos;s address, /projects/slug. It cannot be changed once the project is created.</Help>
              <FieldError id={id('slug-error')} message={errors.id?.message} />
            </div>
          ) : (
            <div className="grid content-start gap-1.5">
              <span className="text-sm font-medium">Slug</span>
              <p className="font-mono text-sm">{projectId}</p>
              <p className="text-xs text-muted-foreground">Fixed when the project was created.</p>
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={id('tickers')}>Tickers</Label>
            <Input
              id={id('tickers')}
              autoComplete="off"
              spellCheck={false}
              placeholder="ETH, WETH"
              aria-invalid={errors.tokenTickers ? true : undefined}
              aria-describedby={describedBy(id('tickers-help'), errors.tokenTickers && id('tickers-error'))}
              {...register('tokenTickers')}
            />
            <Help id={id('tickers-help')}>Separated by commas; the search box finds the project by each.</Help>
            <FieldError id={id('tickers-error')} message={errors.tokenTickers?.message} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('category')}>Category</Label>
            <Input
              id={id('category')}
              list={id('categories')}
              autoComplete="off"
              maxLength={60}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={describedBy(errors.category && id('category-error'))}
              {...register('category')}
            />
            <datalist id={id('categories')}>
              {props.options.categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <FieldError id={id('category-error')} message={errors.category?.message} />
          </div>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={id('logo')}>Logo</Label>
          <div className="flex flex-wrap items-center gap-4">
            {logoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- a preview of whatever was just stored, at its own address
              <img src={logoUrl} alt="Current logo" width={48} height={48} className="size-12 rounded-full border bg-white object-contain p-0.5" />
            ) : (
              <span className="text-sm text-muted-foreground">No logo: the public pages show the name&apos;s first letter.</span>
            )}
            {logo ? (
              <Button type="button" variant="outline" size="sm" onClick={removeLogo}>
                Remove logo
              </Button>
            ) : null}
          </div>
          <input
            ref={fileInput}
            id={id('logo')}
            type="file"
            accept={STAFF_FILE_ACCEPT.logo}
            disabled={uploading}
            aria-describedby={id('logo-help')}
            onChange={(event) => uploadLogo(event.target.files?.[0])}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <Help id={id('logo-help')}>{uploading ? 'Uploading…' : 'A PNG, JPEG or WebP picture of at most 1 MB, square reads best. It is stored at once and saved with the form.'}</Help>
          <FormAlert message={uploadError ?? errors.logo?.message ?? null} />
        </div>

        <ChainsFieldset idPrefix={ids} chainsInUse={props.options.chains} savedChains={savedChains} />

        <div className="grid gap-1.5">
          <Label htmlFor={id('website')}>Website</Label>
          <Input
            id={id('website')}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            aria-invalid={errors.website ? true : undefined}
            aria-describedby={describedBy(errors.website && id('website-error'))}
            {...register('website')}
          />
          <FieldError id={id('website-error')} message={errors.website?.message} />
        </div>

        <SocialLinksFieldset idPrefix={ids} />

        <TextareaField label="Description" rows={5} maxLength={5000} error={errors.description?.message} {...register('description')} />

        <ContractsFieldset idPrefix={ids} />

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Audit status" options={optionsOf(AUDIT_STATUS_OPTIONS, AUDIT_STATUS_LABELS)} error={errors.auditStatus?.message} {...register('auditStatus')} />
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <Checkbox {...register('kycVerified')} />
            KYC verified
          </label>
        </div>

        <FormAlert message={state.result.serverError ?? null} />
        <SavedStatus message={savedMessage} />
        <Button type="submit" disabled={formState.isSubmitting || uploading} className="justify-self-start">
          {formState.isSubmitting ? 'Saving…' : creating ? 'Create project' : 'Save project'}
        </Button>
      </form>
    </FormProvider>
  );
}
