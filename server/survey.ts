import 'server-only';

import { eq, inArray, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { WATCHLIST_MESSAGES } from '@/lib/messages';
import { surveyAnswersSchema, type SurveyAnswers } from '@/lib/schemas/survey';
import { WATCHLISTS_PER_USER_MAX } from '@/lib/schemas/watchlist';

import { getDb } from './db/client';
import { projects, surveyResponses, watchlistProjects, watchlists } from './db/schema';

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

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
  if (ids.length) {
    const found = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
    const known = new Set(found.map((row) => row.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new UserFacingError(`Unknown project: ${unknown.slice(0, 3).join(', ')}.`, 400);
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(watchlists).where(eq(watchlists.userId, userId));
    if (count >= WATCHLISTS_PER_USER_MAX) throw new UserFacingError(`You can keep at most ${WATCHLISTS_PER_USER_MAX} watchlists.`, 409);
  }
  try {
    await db.transaction(async (tx) => {
      if (ids.length && answers.watchlistName) {
        const [list] = await tx.insert(watchlists).values({ userId, name: answers.watchlistName }).returning({ id: watchlists.id });
        await tx.insert(watchlistProjects).values(ids.map((projectId, position) => ({ watchlistId: list.id, projectId, position })));
      }
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
