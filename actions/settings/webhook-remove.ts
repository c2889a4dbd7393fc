'use server';

// Removes one of the signed-in user's webhook endpoints, with its delivery log.
import { revalidatePath } from 'next/cache';

import { webhookEndpointIdSchema } from '@/lib/schemas/webhook';
import { deleteWebhookEndpoint, listWebhookEndpoints } from '@/server/webhooks/endpoints';

import { authActionClient } from '../client';

/** Removes the endpoint (another user's is "not found") and answers the caller's endpoints left. */
export const removeWebhookEndpointAction = authActionClient.inputSchema(webhookEndpointIdSchema).action(async ({ parsedInput, ctx }) => {
  await deleteWebhookEndpoint(ctx.user.id, parsedInput.id);
  revalidatePath('/my/settings');
  return { endpoints: await listWebhookEndpoints(ctx.user.id) };
});
