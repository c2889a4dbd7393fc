import { NextResponse } from 'next/server';

import { surveyAnswersSchema } from '@/lib/schemas/survey';
import { errorResponse, readJson, requireApiUser } from '@/server/api';
import { saveSurveyReply } from '@/server/survey';

/** Stores the survey answers and creates the watchlist they name: `{ ok: true }`. */
export async function POST(request: Request) {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    await saveSurveyReply(user.id, await readJson(request, surveyAnswersSchema));
    return NextResponse.json({ ok: true });
  } catch (error) {
    return errorResponse(error);
  }
}
