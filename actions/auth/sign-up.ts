'use server';

// Creates an unconfirmed account and mails its code: the sign-up form's side of POST /api/auth/signup.
import { headers } from 'next/headers';

import { signupFormSchema } from '@/lib/schemas/auth';
import { signUp } from '@/server/auth/pool';
import { requesterOf } from '@/server/request-ip';

import { actionClient } from '../client';

/** Signs up from the form; a refusal reaches it as the pool's exception name (serverError). */
export const signUpAction = actionClient.inputSchema(signupFormSchema).action(async ({ parsedInput: { email, password } }) => {
  await signUp({ email, password, ...requesterOf(await headers()) });
  return { ok: true as const };
});
