/** The console's quote-request form and inbox filters, shared by the form, the action, the inbox and the CSV export. */
import { z } from '@/lib/zod';

import { STAFF_MESSAGES } from '../messages/staff';
import { QUOTE_STATUSES } from '../staff';
import { listPageSchema, listSearchSchema } from './staff-audit';

export const QUOTE_NOTES_MAX = 10_000;

export const quoteUpdateSchema = z.object({
  status: z.enum(QUOTE_STATUSES, STAFF_MESSAGES.quoteStatusRequired),
  /** The staff member who owns the lead, or empty for nobody. */
  ownerUserId: z.union([z.literal(''), z.uuid(STAFF_MESSAGES.quoteOwnerInvalid)], STAFF_MESSAGES.quoteOwnerInvalid).transform((value) => value || null),
  notes: z.string().max(QUOTE_NOTES_MAX, STAFF_MESSAGES.quoteNotesTooLong).transform((value) => value.trim()),
});
export type QuoteUpdateValues = z.input<typeof quoteUpdateSchema>;
export type QuoteUpdate = z.output<typeof quoteUpdateSchema>;

/** `owner` is a member's id, or `none` for requests nobody owns yet. */
export const QUOTE_OWNER_NONE = 'none';

export const quoteListQuerySchema = z.object({
  q: listSearchSchema.default(''),
  status: z.enum(QUOTE_STATUSES).optional().catch(undefined),
  owner: z.union([z.literal(QUOTE_OWNER_NONE), z.uuid()]).optional().catch(undefined),
  page: listPageSchema.default(1),
});
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>;
