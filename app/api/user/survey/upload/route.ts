import { NextResponse } from 'next/server';

import type { Done } from '@/lib/schemas/api';
import { surveyAnswersSchema } from '@/lib/schemas/survey';
import { readJson, signedInRoute } from '@/server/api';
import { saveSurveyReply } from '@/server/survey';

/** Stores the survey answers and creates the watchlist they name: `{ ok: true }`. */
export const POST = signedInRoute(async (request, user) => {
  await saveSurveyReply(user.id, await readJson(request, surveyAnswersSchema));
  return NextResponse.json({ ok: true } satisfies Done);
});
