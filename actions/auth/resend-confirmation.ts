'use server';

// Mails a new confirmation code (at most once a minute): the verify form's side of POST /api/auth/resend-confirmation.
import { headers } from 'next/headers';

import { resendConfirmationBodySchema } from '@/lib/schemas/auth';
import { resendConfirmation } from '@/server/auth/pool';
import { requesterOf } from '@/server/request-ip';

import { actionClient } from '../client';

/** Resends the confirmation code; a refusal reaches the form as the pool's exception name (serverError). */
export const resendConfirmationAction = actionClient.inputSchema(resendConfirmationBodySchema).action(async ({ parsedInput: { email } }) => {
  await resendConfirmation({ email, ...requesterOf(await headers()) });
  return { ok: true as const };
});
