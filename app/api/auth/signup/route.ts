import { NextResponse } from 'next/server';

import { signupBodySchema } from '@/lib/schemas/auth';
import { errorResponse, readJson } from '@/server/api';
import { signUp } from '@/server/auth/pool';
import { clientIp } from '@/server/request-ip';

/** Creates an account and mails its confirmation code. */
export async function POST(request: Request) {
  try {
    const body = await readJson(request, signupBodySchema);
    await signUp({ ...body, ip: clientIp(request.headers) });
    return NextResponse.json({ msg: 'SUCCESS' });
  } catch (error) {
    return errorResponse(error);
  }
}
