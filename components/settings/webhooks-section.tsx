'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useAction } from 'next-safe-action/hooks';
import { useState } from 'react';

import { addWebhookEndpointAction } from '@/actions/settings/webhook-add';
import { listWebhookEndpointsAction } from '@/actions/settings/webhook-list';
import { removeWebhookEndpointAction } from '@/actions/settings/webhook-remove';
import { sendWebhookTestAction } from '@/actions/settings/webhook-send-test';
import { toast } from '@/components/chrome/toast';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { AUTH_MESSAGES } from '@/lib/messages/auth';
import { createWebhookEndpointSchema } from '@/lib/schemas/webhook';
import { deliveryResultText, formatDeliveryTime, WEBHOOK_ENDPOINTS_PER_USER_MAX, WEBHOOK_MESSAGES, type WebhookEndpointItem } from '@/lib/webhooks';

import { OneTimeSecretNotice } from './one-time-secret';
import { SETTINGS_FORM_OPTIONS, SettingsField } from './settings-field';

const SECRET_TEXTS = { title: WEBHOOK_MESSAGES.secretTitle, once: WEBHOOK_MESSAGES.secretOnce, copy: WEBHOOK_MESSAGES.copy, copied: WEBHOOK_MESSAGES.copied, dismiss: WEBHOOK_MESSAGES.dismissSecret };

type NewSecret = { endpointId: string; secret: string };

/**
 * Webhooks: the user's endpoints with their delivery logs, "Send test" and remove, and a form to add one whose
 * signing secret is shown once. Every action answers the endpoints as stored, which replace what is shown.
 */
export function WebhooksSection({ initialEndpoints }: { initialEndpoints: WebhookEndpointItem[] }) {
  const [endpoints, setEndpoints] = useState(initialEndpoints);
  const [newSecret, setNewSecret] = useState<NewSecret | null>(null);
  const refresh = useAction(listWebhookEndpointsAction, {
    onSuccess: ({ data }) => setEndpoints(data.endpoints),
    onError: ({ error }) => toast.error(error.serverError ?? AUTH_MESSAGES.unknown),
  });
  const atCap = endpoints.length >= WEBHOOK_ENDPOINTS_PER_USER_MAX;

  return (
    <CardSection id="webhooks" title={WEBHOOK_MESSAGES.title}>
      <p className="mt-2 max-w-prose text-sm text-muted-foreground">{WEBHOOK_MESSAGES.intro}</p>
      {newSecret ? <OneTimeSecretNotice value={newSecret.secret} texts={SECRET_TEXTS} onDone={() => setNewSecret(null)} /> : null}
      {endpoints.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{WEBHOOK_MESSAGES.empty}</p>
      ) : (
        <>
          <ul aria-label={WEBHOOK_MESSAGES.listLabel} className="mt-4 grid gap-4">
            {endpoints.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} onEndpoints={setEndpoints} />
            ))}
          </ul>
          <Button type="button" variant="ghost" size="sm" className="mt-2" disabled={refresh.isPending} onClick={() => refresh.execute()}>
            {WEBHOOK_MESSAGES.refresh}
          </Button>
        </>
      )}
      {atCap ? (
        <p className="mt-4 text-sm text-muted-foreground">{WEBHOOK_MESSAGES.tooMany}</p>
      ) : (
        <AddEndpointForm
          onAdded={(endpoints, secret) => {
            setEndpoints(endpoints);
            setNewSecret(secret);
          }}
        />
      )}
    </CardSection>
  );
}

function AddEndpointForm({ onAdded }: { onAdded: (endpoints: WebhookEndpointItem[], secret: NewSecret) => void }) {
  const { form, handleSubmitWithAction } = useHookFormAction(addWebhookEndpointAction, zodResolver(createWebhookEndpointSchema), {
    formProps: { ...SETTINGS_FORM_OPTIONS, defaultValues: { url: '', description: '' } },
    actionProps: {
      onSuccess({ data }) {
        onAdded(data.endpoints, { endpointId: data.endpointId, secret: data.secret });
        form.reset({ url: '', description: '' });
        toast.success(WEBHOOK_MESSAGES.added);
      },
      onError({ error }) {
        // A refusal of the server (SSRF, duplicate, cap) belongs to the URL field.
        if (error.serverError) form.setError('url', { message: error.serverError });
      },
    },
  });
  const { isSubmitting } = form.formState;
  const url = form.watch('url');

  return (
    <form onSubmit={handleSubmitWithAction} noValidate aria-label={WEBHOOK_MESSAGES.addFormLabel} className="mt-6 grid gap-3">
      <SettingsField
        form={form}
        name="url"
        label={WEBHOOK_MESSAGES.urlLabel}
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/sentinel"
        autoComplete="off"
        spellCheck={false}
      />
      <SettingsField form={form} name="description" label={WEBHOOK_MESSAGES.descriptionLabel} autoComplete="off" />
      <div>
        <Button type="submit" disabled={isSubmitting || url.trim() === ''}>
          {isSubmitting ? WEBHOOK_MESSAGES.adding : WEBHOOK_MESSAGES.add}
        </Button>
      </div>
    </form>
  );
}

function EndpointItem({ endpoint, onEndpoints }: { endpoint: WebhookEndpointItem; onEndpoints: (endpoints: WebhookEndpointItem[]) => void }) {
  const callbacks = (success: string) => ({
    onSuccess: ({ data }: { data: { endpoints: WebhookEndpointItem[] } }) => {
      onEndpoints(data.endpoints);
      toast.success(success);
    },
    onError: ({ error }: { error: { serverError?: string } }) => toast.error(error.serverError ?? AUTH_MESSAGES.unknown),
  });
  const sendTest = useAction(sendWebhookTestAction, callbacks(WEBHOOK_MESSAGES.testQueued));
  const remove = useAction(removeWebhookEndpointAction, callbacks(WEBHOOK_MESSAGES.removed));
  // Removing asks once more: the endpoint's secret cannot be shown again, so an accidental removal is costly.
  const [confirming, setConfirming] = useState(false);
  const busy = sendTest.isPending || remove.isPending;
  const logId = `webhook-log-${endpoint.id}`;

  return (
    <li className="rounded-lg border p-4" aria-busy={busy}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          {endpoint.description ? <p className="text-sm text-muted-foreground">{endpoint.description}</p> : null}
        </div>
        <div className="flex gap-2">
          <Button type="button" size="sm" variant="outline" disabled={busy} aria-label={WEBHOOK_MESSAGES.sendTestLabel(endpoint.url)} onClick={() => sendTest.execute({ id: endpoint.id })}>
            {WEBHOOK_MESSAGES.sendTest}
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={busy || confirming} aria-label={WEBHOOK_MESSAGES.removeLabel(endpoint.url)} onClick={() => setConfirming(true)}>
            {WEBHOOK_MESSAGES.remove}
          </Button>
        </div>
      </div>
      {confirming ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-destructive/5 p-3">
          <p className="text-sm">{WEBHOOK_MESSAGES.removeQuestion}</p>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              remove.execute({ id: endpoint.id });
            }}
          >
            {WEBHOOK_MESSAGES.confirmRemove}
          </Button>
          <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
            {WEBHOOK_MESSAGES.cancel}
          </Button>
        </div>
      ) : null}
      <h3 id={logId} className="mt-3 text-sm font-medium">
        {WEBHOOK_MESSAGES.logTitle}
      </h3>
      {endpoint.deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{WEBHOOK_MESSAGES.logEmpty}</p>
      ) : (
        <div className="relative mt-1 overflow-x-auto">
          <table aria-labelledby={logId} className="w-full text-left text-sm tabular-nums">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{WEBHOOK_MESSAGES.logColumns.event}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{WEBHOOK_MESSAGES.logColumns.time}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{WEBHOOK_MESSAGES.logColumns.result}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{WEBHOOK_MESSAGES.logColumns.attempts}</th>
                <th scope="col" className="py-1 font-medium">{WEBHOOK_MESSAGES.logColumns.nextTry}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {endpoint.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="py-1 pr-3 font-mono">{delivery.eventType}</td>
                  <td className="py-1 pr-3">{formatDeliveryTime(delivery.createdAt)}</td>
                  <td className="py-1 pr-3">{deliveryResultText(delivery)}</td>
                  <td className="py-1 pr-3">{delivery.attempts}</td>
                  <td className="py-1">{delivery.nextAttemptAt ? formatDeliveryTime(delivery.nextAttemptAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
