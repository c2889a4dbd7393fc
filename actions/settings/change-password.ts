'use server';

// Changes the signed-in user's password after checking the current one; the session stays valid.
import { changePasswordSchema } from '@/lib/schemas/settings';
import { changePassword } from '@/server/users';

import { authActionClient } from '../client';

export const changePasswordAction = authActionClient.inputSchema(changePasswordSchema).action(async ({ parsedInput, ctx }) => {
  await changePassword(ctx.user.id, parsedInput);
  return { ok: true as const };
});
