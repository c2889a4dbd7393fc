'use server';

// Saves an analyst's signals for a project: the score is recomputed and a history point is written.
import { z } from '@/lib/zod';

import { scoreFormSchema } from '@/lib/schemas/staff-score';
import { updateProjectScore } from '@/server/staff/scores';

import { staffActionClient } from '../client';

/** Recomputes and saves the score of the project bound by the edit page, with the analyst's "what changed" note. */
export const updateScoreAction = staffActionClient('scores.write')
  .bindArgsSchemas([z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/)])
  .inputSchema(scoreFormSchema)
  .action(async ({ bindArgsParsedInputs: [projectId], parsedInput, ctx }) => updateProjectScore(ctx.actor, projectId, parsedInput));
