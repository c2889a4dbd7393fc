'use server';

// "Sign out of all devices": ends every session of the signed-in user except the one that asked.
import { updateSession } from '@/server/auth';
import { signOutEverywhere } from '@/server/users';

import { authActionClient } from '../client';

export const signOutEverywhereAction = authActionClient.action(async ({ ctx }) => {
  const { sessionGrant } = await signOutEverywhere(ctx.user.id);
  await updateSession({ sessionGrant } as never);
  return { ok: true as const };
});
