import { NextResponse } from 'next/server';

import { type AuthDone, resetPasswordBodySchema } from '@/lib/schemas/auth';
import { readJson, route } from '@/server/api';
import { resetPassword } from '@/server/auth/pool';
import { clientIp } from '@/server/request-ip';

/** Sets a new password with a mailed reset code. */
export const POST = route(async (request) => {
  const body = await readJson(request, resetPasswordBodySchema);
  await resetPassword({ ...body, ip: clientIp(request.headers) });
  return NextResponse.json({ msg: 'SUCCESS' } satisfies AuthDone);
});
