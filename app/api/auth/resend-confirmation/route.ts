import { NextResponse } from 'next/server';

import { type AuthDone, resendConfirmationBodySchema } from '@/lib/schemas/auth';
import { readJson, route } from '@/server/api';
import { resendConfirmation } from '@/server/auth/pool';
import { requesterOf } from '@/server/request-ip';

/** Mails a new confirmation code (at most once a minute). */
export const POST = route(async (request) => {
  const body = await readJson(request, resendConfirmationBodySchema);
  await resendConfirmation({ ...body, ...requesterOf(request.headers) });
  return NextResponse.json({ msg: 'SUCCESS' } satisfies AuthDone);
});
