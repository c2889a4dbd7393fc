'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useState } from 'react';

import { addWalletAction } from '@/actions/settings/add-wallet';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import { addWalletSchema } from '@/lib/schemas/settings';

import { SETTINGS_FORM_OPTIONS, SettingsField } from './settings-field';

/** Wallets: the user's EVM addresses, and a form to add one (checksum checked here and on the server). */
export function WalletsSection({ initialWallets }: { initialWallets: string[] }) {
  const [wallets, setWallets] = useState(initialWallets);
  const { form, handleSubmitWithAction } = useHookFormAction(addWalletAction, zodResolver(addWalletSchema), {
    formProps: { ...SETTINGS_FORM_OPTIONS, defaultValues: { walletAddress: '' } },
    actionProps: {
      onSuccess({ data }) {
        // The server's checksummed form is the truth.
        setWallets((list) => [...list, data.walletAddress]);
        form.reset({ walletAddress: '' });
        toast.success(SETTINGS_MESSAGES.walletAdded);
      },
      onError({ error }) {
        if (error.serverError) form.setError('walletAddress', { message: error.serverError });
      },
    },
  });
  const { isSubmitting, errors } = form.formState;
  const address = form.watch('walletAddress');

  return (
    <CardSection id="wallets" title="Wallets">
      {wallets.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No wallets yet.</p>
      ) : (
        <ul aria-label="Your wallets" className="mt-3 divide-y rounded-lg border">
          {wallets.map((wallet) => (
            <li key={wallet} className="px-3 py-2 font-mono text-sm break-all">
              {wallet}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={handleSubmitWithAction} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <SettingsField form={form} name="walletAddress" label="Wallet address" placeholder="0x…" autoComplete="off" spellCheck={false} className="font-mono" />
        <Button type="submit" disabled={isSubmitting || address.trim() === ''} className={errors.walletAddress ? 'sm:mb-7' : undefined}>
          {isSubmitting ? 'Adding…' : 'Add wallet'}
        </Button>
      </form>
    </CardSection>
  );
}
