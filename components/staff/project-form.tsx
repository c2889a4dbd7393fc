'use client';

import { useRouter } from 'next/navigation';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';

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
  KNOWN_CHAINS,
  projectCreateSchema,
  projectFormSchema,
  slugFromName,
  SOCIAL_NETWORKS,
  type ProjectCreateValues,
} from '@/lib/schemas/staff-project';
import { STAFF_FILE_ACCEPT } from '@/lib/staff-files';

import { FieldError, optionsOf, SavedStatus, SelectField, TextareaField } from './form-fields';
import { selectClassName } from './page-links';
import { uploadStaffFile } from './upload-file';
import { useStaffForm } from './use-staff-form';

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

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

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
  const [otherChain, setOtherChain] = useState('');
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
  const socials = useFieldArray({ control: form.control, name: 'socials' });
  const contracts = useFieldArray({ control: form.control, name: 'contracts' });
  const chosenChains = watch('chains');
  const logo = watch('logo');

  const chainOptions = useMemo(() => {
    const all = [...KNOWN_CHAINS, ...props.options.chains, ...(props.mode === 'edit' ? props.values.chains : [])];
    return all.filter((chain, index) => all.findIndex((other) => other.toLowerCase() === chain.toLowerCase()) === index);
  }, [props]);
  const [extraChains, setExtraChains] = useState<string[]>([]);
  const shownChains = [...chainOptions, ...extraChains.filter((chain) => !chainOptions.some((known) => known.toLowerCase() === chain.toLowerCase()))];

  const toggleChain = (chain: string, checked: boolean) => {
    const next = checked ? [...chosenChains, chain] : chosenChains.filter((value) => value !== chain);
    setValue('chains', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const addOtherChain = () => {
    const chain = otherChain.trim().replace(/\s+/g, ' ');
    if (!chain) return;
    const existing = shownChains.find((known) => known.toLowerCase() === chain.toLowerCase());
    if (!existing) setExtraChains((current) => [...current, chain]);
    if (!chosenChains.some((value) => value.toLowerCase() === chain.toLowerCase())) toggleChain(existing ?? chain, true);
    setOtherChain('');
  };

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
  const chainsError = errors.chains?.message ?? errors.chains?.root?.message;
  const socialsError = errors.socials?.message ?? errors.socials?.root?.message;
  const contractsError = errors.contracts?.message ?? errors.contracts?.root?.message;

  return (
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

      <fieldset className="grid gap-3 rounded-lg border p-4" aria-describedby={describedBy(chainsError && id('chains-error'))}>
        <legend className="px-1 text-sm font-medium">Chains</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {shownChains.map((chain) => (
            <label key={chain} className="flex items-center gap-2 text-sm">
              <Checkbox checked={chosenChains.includes(chain)} onChange={(event) => toggleChain(chain, event.target.checked)} />
              {chain}
            </label>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor={id('other-chain')}>Other chain</Label>
            <Input
              id={id('other-chain')}
              value={otherChain}
              maxLength={40}
              autoComplete="off"
              onChange={(event) => setOtherChain(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addOtherChain();
                }
              }}
              className="w-56"
            />
          </div>
          <Button type="button" variant="outline" onClick={addOtherChain}>
            Add chain
          </Button>
        </div>
        <FieldError id={id('chains-error')} message={chainsError} />
      </fieldset>

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

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Social links</legend>
        <datalist id={id('networks')}>
          {SOCIAL_NETWORKS.map((network) => (
            <option key={network} value={network} />
          ))}
        </datalist>
        {socials.fields.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
        {socials.fields.map((field, index) => {
          const rowErrors = errors.socials?.[index];
          const row = `${id('social')}-${index}`;
          return (
            <div key={field.id} className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start">
              <div className="grid gap-1.5">
                <Label htmlFor={`${row}-network`}>
                  Network <span className="sr-only">of social link {index + 1}</span>
                </Label>
                <Input
                  id={`${row}-network`}
                  list={id('networks')}
                  autoComplete="off"
                  maxLength={40}
                  aria-invalid={rowErrors?.network ? true : undefined}
                  aria-describedby={describedBy(rowErrors?.network && `${row}-network-error`)}
                  {...register(`socials.${index}.network`)}
                />
                <FieldError id={`${row}-network-error`} message={rowErrors?.network?.message} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${row}-url`}>
                  Link <span className="sr-only">of social link {index + 1}</span>
                </Label>
                <Input
                  id={`${row}-url`}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  aria-invalid={rowErrors?.url ? true : undefined}
                  aria-describedby={describedBy(rowErrors?.url && `${row}-url-error`)}
                  {...register(`socials.${index}.url`)}
                />
                <FieldError id={`${row}-url-error`} message={rowErrors?.url?.message} />
              </div>
              <Button type="button" variant="ghost" className="sm:mt-6" onClick={() => socials.remove(index)}>
                Remove <span className="sr-only">social link {index + 1}</span>
              </Button>
            </div>
          );
        })}
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => socials.append({ network: '', url: '' })}>
          Add social link
        </Button>
        <FieldError id={id('socials-error')} message={socialsError} />
      </fieldset>

      <TextareaField label="Description" rows={5} maxLength={5000} error={errors.description?.message} {...register('description')} />

      <fieldset className="grid gap-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Contract addresses</legend>
        <p className="text-xs text-muted-foreground">On EVM chains the address is checked against its checksum and saved in checksummed form.</p>
        {contracts.fields.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
        {contracts.fields.map((field, index) => {
          const rowErrors = errors.contracts?.[index];
          const row = `${id('contract')}-${index}`;
          return (
            <div key={field.id} className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start">
              <div className="grid gap-1.5">
                <Label htmlFor={`${row}-chain`}>
                  Chain <span className="sr-only">of contract {index + 1}</span>
                </Label>
                <select
                  id={`${row}-chain`}
                  className={selectClassName}
                  aria-invalid={rowErrors?.chain ? true : undefined}
                  aria-describedby={describedBy(rowErrors?.chain && `${row}-chain-error`)}
                  {...register(`contracts.${index}.chain`)}
                >
                  <option value="">Choose a chain</option>
                  {[...new Set([...chosenChains, field.chain].filter(Boolean))].map((chain) => (
                    <option key={chain} value={chain}>
                      {chain}
                    </option>
                  ))}
                </select>
                <FieldError id={`${row}-chain-error`} message={rowErrors?.chain?.message} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${row}-address`}>
                  Address <span className="sr-only">of contract {index + 1}</span>
                </Label>
                <Input
                  id={`${row}-address`}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  aria-invalid={rowErrors?.address ? true : undefined}
                  aria-describedby={describedBy(rowErrors?.address && `${row}-address-error`)}
                  {...register(`contracts.${index}.address`)}
                />
                <FieldError id={`${row}-address-error`} message={rowErrors?.address?.message} />
              </div>
              <Button type="button" variant="ghost" className="sm:mt-6" onClick={() => contracts.remove(index)}>
                Remove <span className="sr-only">contract {index + 1}</span>
              </Button>
            </div>
          );
        })}
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => contracts.append({ chain: chosenChains[0] ?? '', address: '' })}>
          Add contract
        </Button>
        <FieldError id={id('contracts-error')} message={contractsError} />
      </fieldset>

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
  );
}
