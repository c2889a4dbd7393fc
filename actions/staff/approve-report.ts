'use server';

// Approves a community incident report into a draft alert.
import { z } from '@/lib/zod';

import { approveReport } from '@/server/staff/reports';

import { staffActionClient } from '../client';

/** Approves the report: a draft alert prefilled from it; the reporter is mailed when they left an address. */
export const approveReportAction = staffActionClient('reports.moderate')
  .inputSchema(z.object({ id: z.uuid() }))
  .action(async ({ parsedInput, ctx }) => approveReport(ctx.actor, parsedInput.id));
