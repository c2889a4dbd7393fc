'use server';

// Rejects a community incident report with a reason.
import { z } from '@/lib/zod';

import { rejectReportSchema } from '@/lib/schemas/staff-report';
import { rejectReport } from '@/server/staff/reports';

import { staffActionClient } from '../client';

/** Rejects the report bound by the page; the reason is mailed to the reporter when they left an address. */
export const rejectReportAction = staffActionClient('reports.moderate')
  .bindArgsSchemas([z.uuid()])
  .inputSchema(rejectReportSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => {
    await rejectReport(ctx.actor, id, parsedInput);
    return { ok: true as const };
  });
