/** The audit log page's filters, read from its query string: a bad value means "no filter". */
import { z } from '@/lib/zod';

import { lineText } from './text';

/** The audit log's filters: an entity type, an actor (by the email the log keeps), and the id to page back from. */
export const staffLogQuerySchema = z.object({
  type: z.string().trim().regex(/^[a-z-]{1,40}$/).optional().catch(undefined),
  actor: lineText(254).optional().catch(undefined),
  before: z.coerce.number().int().positive().optional().catch(undefined),
});
export type StaffLogQuery = z.output<typeof staffLogQuerySchema>;
