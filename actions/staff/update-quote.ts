'use server';

// Saves the sales team's handling of a quote request: status, owner and notes.
import { z } from '@/lib/zod';

import { quoteUpdateSchema } from '@/lib/schemas/staff-quote';
import { updateQuoteRequest } from '@/server/staff/quotes';

import { staffActionClient } from '../client';

/** Updates the request bound by its page; the change is audit-logged. */
export const updateQuoteAction = staffActionClient('quotes.write')
  .bindArgsSchemas([z.uuid()])
  .inputSchema(quoteUpdateSchema)
  .action(async ({ bindArgsParsedInputs: [id], parsedInput, ctx }) => {
    await updateQuoteRequest(ctx.actor, id, parsedInput);
    return { ok: true as const };
  });
