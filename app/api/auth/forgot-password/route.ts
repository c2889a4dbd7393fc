import { NextResponse } from 'next/server';

import { type AuthDone, forgotPasswordBodySchema } from '@/lib/schemas/auth';
import { readJson, route } from '@/server/api';
import { forgotPassword } from '@/server/auth/pool';
import { requesterOf } from '@/server/request-ip';

/** Mails a password reset code. */
export const POST = route(async (request) => {
  const body = await readJson(request, forgotPasswordBodySchema);
  await forgotPassword({ ...body, ...requesterOf(request.headers) });
  return NextResponse.json({ msg: 'SUCCESS' } satisfies AuthDone);
});
