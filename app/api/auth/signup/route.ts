import { NextResponse } from 'next/server';

import { type AuthDone, signupBodySchema } from '@/lib/schemas/auth';
import { readJson, route } from '@/server/api';
import { signUp } from '@/server/auth/pool';
import { requesterOf } from '@/server/request-ip';

/** Creates an account and mails its confirmation code. */
export const POST = route(async (request) => {
  const body = await readJson(request, signupBodySchema);
  await signUp({ ...body, ...requesterOf(request.headers) });
  return NextResponse.json({ msg: 'SUCCESS' } satisfies AuthDone);
});
