'use server';

// Changes the signed-in user's username (the avatar follows); the browser then refreshes its session.
import { revalidatePath } from 'next/cache';

import { updateUsernameSchema } from '@/lib/schemas/settings';
import { changeUsername } from '@/server/users';

import { authActionClient } from '../client';

export const updateUsernameAction = authActionClient.inputSchema(updateUsernameSchema).action(async ({ parsedInput, ctx }) => {
  const result = await changeUsername(ctx.user.id, parsedInput.username);
  revalidatePath('/my/settings');
  return result;
});
