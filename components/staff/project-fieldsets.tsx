// No 'use client': imported only by project-form.tsx, client code already. Each group reads the form through
// react-hook-form's context (the form wraps them in its FormProvider).

import { useMemo, useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { KNOWN_CHAINS, SOCIAL_NETWORKS, type ProjectCreateValues } from '@/lib/schemas/staff-project';

import { FieldError } from './form-fields';
import { selectClassName } from './page-links';

/** The ids of the hints and errors that describe a field, or nothing. */
export const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

const sameChain = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The chains as checkboxes: the usual ones, those already in use on the site and the project's own, plus any other
 * staff type in (added to the list and ticked).
 */
export function ChainsFieldset({ idPrefix, chainsInUse, savedChains }: { idPrefix: string; chainsInUse: string[]; savedChains: string[] }) {
  const { control, setValue, formState } = useFormContext<ProjectCreateValues>();
  const chosenChains = useWatch({ control, name: 'chains' });
  const [otherChain, setOtherChain] = useState('');
  const [extraChains, setExtraChains] = useState<string[]>([]);
  const chainOptions = useMemo(() => {
    const all = [...KNOWN_CHAINS, ...chainsInUse, ...savedChains];
    return all.filter((chain, index) => all.findIndex((other) => sameChain(other, chain)) === index);
  }, [chainsInUse, savedChains]);
  const shownChains = [...chainOptions, ...extraChains.filter((chain) => !chainOptions.some((known) => sameChain(known, chain)))];

  const toggleChain = (chain: string, checked: boolean) => {
    const next = checked ? [...chosenChains, chain] : chosenChains.filter((value) => value !== chain);
    setValue('chains', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const addOtherChain = () => {
    const chain = otherChain.trim().replace(/\s+/g, ' ');
    if (!chain) return;
    const existing = shownChains.find((known) => sameChain(known, chain));
    if (!existing) setExtraChains((current) => [...current, chain]);
    if (!chosenChains.some((value) => sameChain(value, chain))) toggleChain(existing ?? chain, true);
    setOtherChain('');
  };
  const error = formState.errors.chains?.message ?? formState.errors.chains?.root?.message;

  return (
    <fieldset className="grid gap-3 rounded-lg border p-4" aria-describedby={describedBy(error && `${idPrefix}-chains-error`)}>
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
          <Label htmlFor={`${idPrefix}-other-chain`}>Other chain</Label>
          <Input
            id={`${idPrefix}-other-chain`}
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
      <FieldError id={`${idPrefix}-chains-error`} message={error} />
    </fieldset>
  );
}

/** The social links: a network (with the usual ones suggested) and a link per row. */
export function SocialLinksFieldset({ idPrefix }: { idPrefix: string }) {
  const { control, register, formState } = useFormContext<ProjectCreateValues>();
  const socials = useFieldArray({ control, name: 'socials' });
  const errors = formState.errors.socials;
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Social links</legend>
      <datalist id={`${idPrefix}-networks`}>
        {SOCIAL_NETWORKS.map((network) => (
          <option key={network} value={network} />
        ))}
      </datalist>
      {socials.fields.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
      {socials.fields.map((field, index) => {
        const rowErrors = errors?.[index];
        const row = `${idPrefix}-social-${index}`;
        return (
          <div key={field.id} className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start">
            <div className="grid gap-1.5">
              <Label htmlFor={`${row}-network`}>
                Network <span className="sr-only">of social link {index + 1}</span>
              </Label>
              <Input
                id={`${row}-network`}
                list={`${idPrefix}-networks`}
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
      <FieldError id={`${idPrefix}-socials-error`} message={errors?.message ?? errors?.root?.message} />
    </fieldset>
  );
}

/** The contract addresses: a chain (one of those ticked above) and an address per row. */
export function ContractsFieldset({ idPrefix }: { idPrefix: string }) {
  const { control, register, formState } = useFormContext<ProjectCreateValues>();
  const contracts = useFieldArray({ control, name: 'contracts' });
  const chosenChains = useWatch({ control, name: 'chains' });
  const errors = formState.errors.contracts;
  return (
    <fieldset className="grid gap-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-medium">Contract addresses</legend>
      <p className="text-xs text-muted-foreground">On EVM chains the address is checked against its checksum and saved in checksummed form.</p>
      {contracts.fields.length === 0 ? <p className="text-sm text-muted-foreground">None yet.</p> : null}
      {contracts.fields.map((field, index) => {
        const rowErrors = errors?.[index];
        const row = `${idPrefix}-contract-${index}`;
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
      <FieldError id={`${idPrefix}-contracts-error`} message={errors?.message ?? errors?.root?.message} />
    </fieldset>
  );
}
