'use server';

// Saves a new audit as a draft.
import { auditFormSchema } from '@/lib/schemas/staff-audit';
import { createAudit } from '@/server/staff/audits';

import { staffActionClient } from '../client';

/** Creates a draft audit; nothing shows publicly until it is published. */
export const createAuditAction = staffActionClient('audits.write')
  .inputSchema(auditFormSchema)
  .action(async ({ parsedInput, ctx }) => createAudit(ctx.actor, parsedInput));
