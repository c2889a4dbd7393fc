'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import Link from 'next/link';
import { useAction } from 'next-safe-action/hooks';
import { useState } from 'react';

import { createApiKeyAction } from '@/actions/settings/api-key-create';
import { revokeApiKeyAction } from '@/actions/settings/api-key-revoke';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { API_KEY_MESSAGES, API_KEYS_PER_USER_MAX, formatKeyTime, type ApiKeyItem } from '@/lib/api-keys';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { createApiKeySchema } from '@/lib/schemas/api-key';

import { OneTimeSecretNotice } from './one-time-secret';
import { SETTINGS_FORM_OPTIONS, SettingsField } from './settings-field';

const NEW_KEY_TEXTS = { title: API_KEY_MESSAGES.keyTitle, once: API_KEY_MESSAGES.keyOnce, copy: API_KEY_MESSAGES.copy, copied: API_KEY_MESSAGES.copied, dismiss: API_KEY_MESSAGES.dismissKey };

/**
 * API keys for the public API: the user's live keys (name, prefix, created, last used) with revoke, and a form to
 * create one whose key is shown this once. Every action answers the keys as stored, which replace what is shown.
 */
export function ApiKeysSection({ initialKeys }: { initialKeys: ApiKeyItem[] }) {
  const [keys, setKeys] = useState(initialKeys);
  const [newKey, setNewKey] = useState<string | null>(null);
  const atCap = keys.length >= API_KEYS_PER_USER_MAX;

  return (
    <CardSection id="api-keys" title={API_KEY_MESSAGES.title}>
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">
        {API_KEY_MESSAGES.intro}{' '}
        <Link href="/developers" className="text-primary underline-offset-4 hover:underline">
          {API_KEY_MESSAGES.docsLink}
        </Link>
      </p>
      {newKey ? <OneTimeSecretNotice value={newKey} texts={NEW_KEY_TEXTS} onDone={() => setNewKey(null)} /> : null}
      {keys.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{API_KEY_MESSAGES.empty}</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto">
          <table aria-label={API_KEY_MESSAGES.listLabel} className="w-full text-left text-sm tabular-nums">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{API_KEY_MESSAGES.columns.name}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{API_KEY_MESSAGES.columns.prefix}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{API_KEY_MESSAGES.columns.created}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{API_KEY_MESSAGES.columns.lastUsed}</th>
                <th scope="col" className="py-1 font-medium">
                  <span className="sr-only">{API_KEY_MESSAGES.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {keys.map((key) => (
                <KeyRow key={key.id} apiKey={key} onKeys={setKeys} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {atCap ? (
        <p className="mt-4 text-sm text-muted-foreground">{API_KEY_MESSAGES.tooMany}</p>
      ) : (
        <CreateKeyForm
          onCreated={(keys, key) => {
            setKeys(keys);
            setNewKey(key);
          }}
        />
      )}
    </CardSection>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (keys: ApiKeyItem[], key: string) => void }) {
  const { form, handleSubmitWithAction } = useHookFormAction(createApiKeyAction, zodResolver(createApiKeySchema), {
    formProps: { ...SETTINGS_FORM_OPTIONS, defaultValues: { name: '' } },
    actionProps: {
      onSuccess({ data }) {
        onCreated(data.keys, data.key);
        form.reset({ name: '' });
        toast.success(API_KEY_MESSAGES.created);
      },
      onError({ error }) {
        // A refusal of the server (the cap) belongs to the name field, where the user looks.
        if (error.serverError) form.setError('name', { message: error.serverError });
      },
    },
  });
  const { isSubmitting } = form.formState;
  const name = form.watch('name');

  return (
    <form onSubmit={handleSubmitWithAction} noValidate aria-label={API_KEY_MESSAGES.create} className="mt-6 grid gap-3">
      <SettingsField form={form} name="name" label={API_KEY_MESSAGES.nameLabel} autoComplete="off" placeholder="My dashboard" />
      <div>
        <Button type="submit" disabled={isSubmitting || name.trim() === ''}>
          {isSubmitting ? API_KEY_MESSAGES.creating : API_KEY_MESSAGES.create}
        </Button>
      </div>
    </form>
  );
}

function KeyRow({ apiKey, onKeys }: { apiKey: ApiKeyItem; onKeys: (keys: ApiKeyItem[]) => void }) {
  const revoke = useAction(revokeApiKeyAction, {
    onSuccess: ({ data }) => {
      onKeys(data.keys);
      toast.success(API_KEY_MESSAGES.revoked);
    },
    onError: ({ error }) => toast.error(error.serverError ?? AUTH_MESSAGES.unknown),
  });
  // Revoking asks once more: apps using the key stop working at once, and it cannot be undone.
  const [confirming, setConfirming] = useState(false);

  return (
    <tr aria-busy={revoke.isPending}>
      <td className="py-2 pr-3">{apiKey.name}</td>
      <td className="py-2 pr-3 font-mono">{apiKey.displayPrefix}…</td>
      <td className="py-2 pr-3">{formatKeyTime(apiKey.createdAt)}</td>
      <td className="py-2 pr-3">{apiKey.lastUsedAt ? formatKeyTime(apiKey.lastUsedAt) : API_KEY_MESSAGES.neverUsed}</td>
      <td className="py-2">
        {confirming ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm">{API_KEY_MESSAGES.revokeQuestion}</span>
            <Button
              type="button"
              size="sm"
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => {
                setConfirming(false);
                revoke.execute({ id: apiKey.id });
              }}
            >
              {API_KEY_MESSAGES.confirmRevoke}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {API_KEY_MESSAGES.cancel}
            </Button>
          </div>
        ) : (
          <Button type="button" size="sm" variant="outline" disabled={revoke.isPending} aria-label={API_KEY_MESSAGES.revokeLabel(apiKey.name)} onClick={() => setConfirming(true)}>
            {API_KEY_MESSAGES.revoke}
          </Button>
        )}
      </td>
    </tr>
  );
}
