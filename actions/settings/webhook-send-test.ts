'use server';

// Queues a test event to one of the signed-in user's webhook endpoints.
import { revalidatePath } from 'next/cache';

import { webhookEndpointIdSchema } from '@/lib/schemas/webhook';
import { listWebhookEndpoints, queueWebhookTest } from '@/server/webhooks/endpoints';

import { authActionClient } from '../client';

/** Queues a `test` delivery, due now (another user's endpoint is "not found"); answers the caller's endpoints. */
export const sendWebhookTestAction = authActionClient.inputSchema(webhookEndpointIdSchema).action(async ({ parsedInput, ctx }) => {
  await queueWebhookTest(ctx.user.id, parsedInput.id);
  revalidatePath('/my/settings');
  return { endpoints: await listWebhookEndpoints(ctx.user.id) };
});
