'use server';

// Revokes one of the signed-in user's API keys: the API refuses it from the next request on.
import { revalidatePath } from 'next/cache';

import { apiKeyIdSchema } from '@/lib/schemas/api-key';
import { listApiKeys, revokeApiKey } from '@/server/api-v1/keys';

import { authActionClient } from '../client';

/** Revokes the key (another user's is "not found") and answers the caller's live keys. */
export const revokeApiKeyAction = authActionClient.inputSchema(apiKeyIdSchema).action(async ({ parsedInput, ctx }) => {
  await revokeApiKey(ctx.user.id, parsedInput.id);
  revalidatePath('/my/settings');
  return { keys: await listApiKeys(ctx.user.id) };
});
