'use client';

import { useState, type FormEvent } from 'react';

import { addWalletAction } from '@/actions/settings/add-wallet';
import { Field } from '@/components/auth/field';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { SETTINGS_MESSAGES } from '@/lib/messages';
import { walletAddressSchema } from '@/lib/schemas/settings';

import { actionFailure } from './action-result';

/** Wallets: the user's EVM addresses, and a form to add one (checksum checked here and on the server). */
export function WalletsSection({ initialWallets }: { initialWallets: string[] }) {
  const [wallets, setWallets] = useState(initialWallets);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = walletAddressSchema.safeParse(address);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      const result = await addWalletAction({ walletAddress: parsed.data });
      const failure = actionFailure(result);
      if (failure || !result?.data) return setError(failure ?? SETTINGS_MESSAGES.walletInvalid);
      // The server's checksummed form is the truth.
      setWallets((list) => [...list, result.data!.walletAddress]);
      setAddress('');
      toast.success(SETTINGS_MESSAGES.walletAdded);
    } finally {
      setBusy(false);
    }
  }

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
      <form onSubmit={add} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field
          label="Wallet address"
          name="walletAddress"
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          value={address}
          error={error}
          onValueChange={(value) => {
            setAddress(value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={busy || address.trim() === ''} className={error ? 'sm:mb-7' : undefined}>
          {busy ? 'Adding…' : 'Add wallet'}
        </Button>
      </form>
    </CardSection>
  );
}
