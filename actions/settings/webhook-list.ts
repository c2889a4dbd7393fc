'use server';

// Reads the signed-in user's webhook endpoints and their delivery logs again (the log's refresh button).
import { listWebhookEndpoints } from '@/server/webhooks/endpoints';

import { authActionClient } from '../client';

/** The caller's endpoints with their latest deliveries; never a secret. */
export const listWebhookEndpointsAction = authActionClient.action(async ({ ctx }) => ({ endpoints: await listWebhookEndpoints(ctx.user.id) }));
