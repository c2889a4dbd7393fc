'use server';

// Publishes a draft audit.
import { z } from '@/lib/zod';

import { publishAudit } from '@/server/staff/audits';

import { staffActionClient } from '../client';

/** Publishes the audit: it then shows on the project page, the home page and the leaderboard. */
export const publishAuditAction = staffActionClient('audits.write')
  .inputSchema(z.object({ id: z.uuid() }))
  .action(async ({ parsedInput, ctx }) => {
    await publishAudit(ctx.actor, parsedInput.id);
    return { ok: true as const };
  });
