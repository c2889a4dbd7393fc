'use server';

// Saves the alert form over a draft alert.
import { z } from '@/lib/zod';

import { alertFormSchema } from '@/lib/schemas/staff-alert';
import { updateDraftAlert } from '@/server/staff/alerts';

import { staffActionClient } from '../client';

/** Updates the draft bound by the edit page; a published alert is refused (it is corrected, with a reason). */
export const updateAlertAction = staffActionClient('alerts.write')
  .bindArgsSchemas([z.uuid()])
  .inputSchema(alertFormSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => {
    await updateDraftAlert(ctx.actor, id, parsedInput);
    // The same answer as creating, so one form serves both.
    return { id };
  });
