import { NextResponse } from 'next/server';

import { errorResponse, requireApiUser } from '@/server/api';
import { getSurveyReply } from '@/server/survey';

/** The signed-in user's survey reply; `{}` when not answered. */
export async function GET() {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    return NextResponse.json(await getSurveyReply(user.id), { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
