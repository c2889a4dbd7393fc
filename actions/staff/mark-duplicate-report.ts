'use server';

// Marks a community incident report as a duplicate of an existing alert.
import { z } from '@/lib/zod';

import { duplicateReportSchema } from '@/lib/schemas/staff-report';
import { markReportDuplicate } from '@/server/staff/reports';

import { staffActionClient } from '../client';

/** Marks the report bound by the page as repeating the chosen alert; the reporter is mailed when they left an address. */
export const markDuplicateReportAction = staffActionClient('reports.moderate')
  .bindArgsSchemas([z.uuid()])
  .inputSchema(duplicateReportSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => {
    await markReportDuplicate(ctx.actor, id, parsedInput);
    return { ok: true as const };
  });
