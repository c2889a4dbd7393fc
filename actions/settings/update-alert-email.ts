'use server';

// Sets how the signed-in user hears of alerts by mail (immediately, in a daily digest, or not at all).
import { alertEmailSchema } from '@/lib/schemas/notifications';
import { setAlertEmailChoice } from '@/server/alert-mail';

import { authActionClient } from '../client';

/** Saves the caller's alert e-mail choice; anything but a known choice is refused by the schema. */
export const updateAlertEmailAction = authActionClient.inputSchema(alertEmailSchema).action(async ({ parsedInput, ctx }) => {
  await setAlertEmailChoice(ctx.user.id, parsedInput.alertEmail);
  return { alertEmail: parsedInput.alertEmail };
});
