import { NextResponse } from 'next/server';

import { resetPasswordBodySchema } from '@/lib/schemas/auth';
import { errorResponse, readJson } from '@/server/api';
import { resetPassword } from '@/server/auth/pool';
import { clientIp } from '@/server/request-ip';

/** Sets a new password with a mailed reset code. */
export async function POST(request: Request) {
  try {
    const body = await readJson(request, resetPasswordBodySchema);
    await resetPassword({ ...body, ip: clientIp(request.headers) });
    return NextResponse.json({ msg: 'SUCCESS' });
  } catch (error) {
    return errorResponse(error);
  }
}
