'use server';

// Stops alert mails from the link in one of them, without signing in: the signed token is the permission.
import { z } from '@/lib/zod';

import { unsubscribeFromAlertMail } from '@/server/alert-mail';

import { actionClient } from '../client';

/** Turns alert mails off for the token's user; a token we did not sign is refused and changes nothing. */
export const unsubscribeAlertMailAction = actionClient.inputSchema(z.object({ token: z.string().min(1).max(200) })).action(async ({ parsedInput }) => {
  await unsubscribeFromAlertMail(parsedInput.token);
  return { ok: true as const };
});
