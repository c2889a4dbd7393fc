'use server';

// Mails a password reset code: the forgot-password form's side of POST /api/auth/forgot-password.
import { headers } from 'next/headers';

import { forgotPasswordFormSchema } from '@/lib/schemas/auth';
import { forgotPassword } from '@/server/auth/pool';
import { requesterOf } from '@/server/request-ip';

import { actionClient } from '../client';

/** Asks for a reset code; unknown emails get the same answer. A refusal reaches the form as its exception name. */
export const forgotPasswordAction = actionClient.inputSchema(forgotPasswordFormSchema).action(async ({ parsedInput: { email } }) => {
  await forgotPassword({ email, ...requesterOf(await headers()) });
  return { ok: true as const };
});
