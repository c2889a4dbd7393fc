'use server';

// Registers a webhook endpoint for the signed-in user and answers its signing secret (shown once).
import { revalidatePath } from 'next/cache';

import { createWebhookEndpointSchema } from '@/lib/schemas/webhook';
import { createWebhookEndpoint, listWebhookEndpoints } from '@/server/webhooks/endpoints';

import { authActionClient } from '../client';

/** Adds an endpoint (https, public address, at most five): answers the secret once and the caller's endpoints. */
export const addWebhookEndpointAction = authActionClient.inputSchema(createWebhookEndpointSchema).action(async ({ parsedInput, ctx }) => {
  const { endpoint, secret } = await createWebhookEndpoint(ctx.user.id, parsedInput);
  revalidatePath('/my/settings');
  return { endpointId: endpoint.id, secret, endpoints: await listWebhookEndpoints(ctx.user.id) };
});
