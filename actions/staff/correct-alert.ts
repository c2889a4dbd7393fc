'use server';

// Corrects a published alert, with a reason that is published in its correction log.
import { z } from '@/lib/zod';

import { alertCorrectionSchema } from '@/lib/schemas/staff-alert';
import { correctAlert } from '@/server/staff/alerts';

import { staffActionClient } from '../client';

/** Corrects the published alert bound by the edit page; moderators may do this too (alerts.correct). */
export const correctAlertAction = staffActionClient('alerts.correct')
  .bindArgsSchemas([z.uuid()])
  .inputSchema(alertCorrectionSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => correctAlert(ctx.actor, id, parsedInput));
