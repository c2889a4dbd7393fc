'use server';

// Saves a new alert as a draft.
import { alertFormSchema } from '@/lib/schemas/staff-alert';
import { createAlert } from '@/server/staff/alerts';

import { staffActionClient } from '../client';

/** Creates a draft alert; nothing shows publicly until it is published. */
export const createAlertAction = staffActionClient('alerts.write')
  .inputSchema(alertFormSchema)
  .action(async ({ parsedInput, ctx }) => createAlert(ctx.actor, parsedInput));
