'use server';

// Saves the audit form over an existing audit (draft or published).
import { z } from '@/lib/zod';

import { auditFormSchema } from '@/lib/schemas/staff-audit';
import { updateAudit } from '@/server/staff/audits';

import { staffActionClient } from '../client';

/** Updates the audit bound by the edit page; the findings counts follow the findings entered. */
export const updateAuditAction = staffActionClient('audits.write')
  .bindArgsSchemas([z.uuid()])
  .inputSchema(auditFormSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => {
    await updateAudit(ctx.actor, id, parsedInput);
    // The same answer as creating, so one form serves both.
    return { id };
  });
