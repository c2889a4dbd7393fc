'use server';

// "Sign out of all devices": ends every session of the signed-in user except the one that asked.
import { currentSessionId } from '@/server/session';
import { signOutEverywhere } from '@/server/users';

import { authActionClient } from '../client';

export const signOutEverywhereAction = authActionClient.action(async ({ ctx }) => {
  await signOutEverywhere(ctx.user.id, await currentSessionId());
  return { ok: true as const };
});
