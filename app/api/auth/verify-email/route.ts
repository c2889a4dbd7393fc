import { NextResponse } from 'next/server';

import { type AuthDone, verifyEmailBodySchema } from '@/lib/schemas/auth';
import { readJson, route } from '@/server/api';
import { confirmSignUp } from '@/server/auth/pool';
import { clientIp } from '@/server/request-ip';

/** Confirms an account's email with its code. */
export const POST = route(async (request) => {
  const body = await readJson(request, verifyEmailBodySchema);
  await confirmSignUp({ email: body.email, code: body.verificationCode, ip: clientIp(request.headers) });
  return NextResponse.json({ msg: 'SUCCESS' } satisfies AuthDone);
});
