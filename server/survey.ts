import 'server-only';

import { eq } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import { surveyAnswersSchema, type SurveyAnswers } from '@/lib/schemas/survey';

import { getDb } from './db/client';
import { isUniqueViolation } from './db/errors';
import { surveyResponses } from './db/schema';
import { assertProjectsExist, insertWatchlist } from './watchlists';

/** The user's survey reply, or `{}` when they have not answered it. */
export async function getSurveyReply(userId: string): Promise<SurveyAnswers> {
  const db = await getDb();
  const [row] = await db.select({ answers: surveyResponses.answers }).from(surveyResponses).where(eq(surveyResponses.userId, userId));
  if (!row) return {};
  // Stored rows were validated on the way in; parsing again keeps the reply's shape honest.
  const parsed = surveyAnswersSchema.safeParse(row.answers);
  return parsed.success ? parsed.data : {};
}

/**
 * Stores the user's survey reply (replacing an earlier one) and, when it names projects, creates that watchlist
 * with them: both or neither, in one transaction. Unknown projects are a 400, a name already used a 409.
 */
export async function saveSurveyReply(userId: string, answers: SurveyAnswers): Promise<void> {
  const db = await getDb();
  const ids = answers.projects ?? [];
  await assertProjectsExist(db, ids);
  try {
    await db.transaction(async (tx) => {
      if (ids.length && answers.watchlistName) await insertWatchlist(tx, userId, { name: answers.watchlistName, projects: ids });
      const now = new Date();
      await tx
        .insert(surveyResponses)
        .values({ userId, answers, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: surveyResponses.userId, set: { answers, updatedAt: now } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserFacingError(WATCHLIST_MESSAGES.nameUsed, 409);
    throw error;
  }
}
