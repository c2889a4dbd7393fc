'use server';

// Names the code an audit covers (source, compiler, contracts, addresses) and compares it with the chain.
import { z } from '@/lib/zod';

import { auditCodeFormSchema } from '@/lib/code-match';
import { saveAuditCode } from '@/server/staff/audit-code';

import { staffActionClient } from '../client';

/** Saves the audited code of the audit bound by the edit page; the comparison runs before the answer. */
export const saveAuditCodeAction = staffActionClient('audits.write')
  .bindArgsSchemas([z.uuid()])
  .inputSchema(auditCodeFormSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => {
    await saveAuditCode(ctx.actor, id, parsedInput);
    return { id };
  });
