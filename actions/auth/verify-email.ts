'use server';

// Confirms an account's email with its mailed code: the verify form's side of POST /api/auth/verify-email.
import { headers } from 'next/headers';

import { verifyEmailFormSchema } from '@/lib/schemas/auth';
import { confirmSignUp } from '@/server/auth/pool';
import { clientIp } from '@/server/request-ip';

import { actionClient } from '../client';

/** Confirms the email from the form; a refusal reaches it as the pool's exception name (serverError). */
export const verifyEmailAction = actionClient.inputSchema(verifyEmailFormSchema).action(async ({ parsedInput: { email, verificationCode } }) => {
  await confirmSignUp({ email, code: verificationCode, ip: clientIp(await headers()) });
  return { ok: true as const };
});
