/** The moderation queue's decisions and filters, shared by the forms, the actions and the queue page. */
import { z } from '@/lib/zod';

import { STAFF_MESSAGES } from '../messages/staff';
import { REPORT_STATUSES } from '../staff';
import { listPageSchema } from './staff-audit';

/** Rejecting a report: the reason is kept and sent to the reporter when they left an address. */
export const rejectReportSchema = z.object({
  reason: z.string().trim().min(3, STAFF_MESSAGES.rejectReasonRequired).max(1000, STAFF_MESSAGES.reasonTooLong),
});

/** Marking a report as a duplicate of an alert already recorded. */
export const duplicateReportSchema = z.object({
  alertId: z.uuid(STAFF_MESSAGES.duplicateAlertRequired),
});

export type RejectReportInput = z.output<typeof rejectReportSchema>;
export type DuplicateReportInput = z.output<typeof duplicateReportSchema>;

export const reportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).optional().catch(undefined),
  page: listPageSchema.default(1),
});
export type ReportListQuery = z.output<typeof reportListQuerySchema>;
