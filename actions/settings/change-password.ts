'use server';

// Changes the signed-in user's password after checking the current one; every other session ends, this one stays.
import { changePasswordSchema } from '@/lib/schemas/settings';
import { currentSessionId } from '@/server/session';
import { changePassword } from '@/server/users';

import { authActionClient } from '../client';

export const changePasswordAction = authActionClient.inputSchema(changePasswordSchema).action(async ({ parsedInput, ctx }) => {
  await changePassword(ctx.user.id, parsedInput, await currentSessionId());
  return { ok: true as const };
});
