import { NextResponse } from 'next/server';

import { forgotPasswordBodySchema } from '@/lib/schemas/auth';
import { errorResponse, readJson } from '@/server/api';
import { forgotPassword } from '@/server/auth/pool';
import { clientIp } from '@/server/request-ip';

/** Mails a password reset code. */
export async function POST(request: Request) {
  try {
    const body = await readJson(request, forgotPasswordBodySchema);
    await forgotPassword({ ...body, ip: clientIp(request.headers) });
    return NextResponse.json({ msg: 'SUCCESS' });
  } catch (error) {
    return errorResponse(error);
  }
}
