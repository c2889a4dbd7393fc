'use server';

// Publishes a draft alert.
import { z } from '@/lib/zod';

import { publishAlert } from '@/server/staff/alerts';

import { staffActionClient } from '../client';

/** Publishes the alert: it then shows on the project page, the home feed and its own page. */
export const publishAlertAction = staffActionClient('alerts.write')
  .inputSchema(z.object({ id: z.uuid() }))
  .action(async ({ parsedInput, ctx }) => {
    await publishAlert(ctx.actor, parsedInput.id);
    return { ok: true as const };
  });
