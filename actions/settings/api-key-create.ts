'use server';

// Creates an API key for the signed-in user and answers it once, with the keys now live.
import { revalidatePath } from 'next/cache';

import { createApiKeySchema } from '@/lib/schemas/api-key';
import { createApiKey, listApiKeys } from '@/server/api-v1/keys';

import { authActionClient } from '../client';

/** Creates a named key (at most ten live ones): the key itself is in this answer only; we store its hash. */
export const createApiKeyAction = authActionClient.inputSchema(createApiKeySchema).action(async ({ parsedInput, ctx }) => {
  const { key, item } = await createApiKey(ctx.user.id, parsedInput);
  revalidatePath('/my/settings');
  return { key, keyId: item.id, keys: await listApiKeys(ctx.user.id) };
});
