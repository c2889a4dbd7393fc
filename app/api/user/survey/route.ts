import { NextResponse } from 'next/server';

import type { SurveyAnswers } from '@/lib/schemas/survey';
import { signedInRoute } from '@/server/api';
import { getSurveyReply } from '@/server/survey';

/** The signed-in user's survey reply; `{}` when not answered. */
export const GET = signedInRoute(async (_request, user) => {
  return NextResponse.json((await getSurveyReply(user.id)) satisfies SurveyAnswers, { headers: { 'cache-control': 'no-store' } });
});
