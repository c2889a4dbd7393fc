/** The console's audit form and list filters, shared by the form, the actions and the list page. */
import { z } from '@/lib/zod';

import { lineText } from './text';

import { FINDING_SEVERITY_LABELS } from '../findings';
import { STAFF_MESSAGES } from '../messages/staff';
import type { Findings } from '../projects';
import { FINDING_STATUSES, PUBLICATION_STATUSES } from '../staff';
import { staffFileKeySchema } from './api';

export type FindingSeverity = keyof typeof FINDING_SEVERITY_LABELS;
/** Most severe first, as the labels list them. */
export const FINDING_SEVERITIES = Object.keys(FINDING_SEVERITY_LABELS) as [FindingSeverity, ...FindingSeverity[]];

/** A calendar day as date inputs give it (YYYY-MM-DD), and a real one (no 31 February). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Midnight UTC of a calendar day, as dates are stored and shown (lib/format.ts reads them in UTC). */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);
/** The calendar day of a stored date. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export const requiredDaySchema = (requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .refine((value) => value === '' || isCalendarDay(value), STAFF_MESSAGES.dayInvalid);

const optionalDaySchema = z
  .string()
  .trim()
  .refine((value) => value === '' || isCalendarDay(value), STAFF_MESSAGES.dayInvalid)
  .transform((value) => value || null);

/**
 * For a check across fields: run it whenever those fields themselves passed, so the form shows its message together
 * with the other fields' (zod otherwise skips object checks once any field failed).
 */
export const whenValid =
  (...fields: string[]) =>
  (payload: z.core.ParsePayload): boolean =>
    !payload.issues.some((issue) => fields.includes(String(issue.path?.[0])));

/** Text that may be left empty: stored as null. */
export const optionalTextSchema = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => value || null);

export const auditFindingSchema = z.object({
  title: z.string().trim().min(1, STAFF_MESSAGES.findingTitleRequired).max(300, STAFF_MESSAGES.findingTitleTooLong),
  severity: z.enum(FINDING_SEVERITIES, STAFF_MESSAGES.findingSeverityRequired),
  status: z.enum(FINDING_STATUSES, STAFF_MESSAGES.findingStatusRequired),
});
export type AuditFinding = z.infer<typeof auditFindingSchema>;

/** The audit form: everything staff enter about an audit; it is saved as a draft and published separately. */
export const auditFormSchema = z
  .object({
    projectId: z
      .string()
      .trim()
      .min(1, STAFF_MESSAGES.auditProjectRequired)
      .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, STAFF_MESSAGES.auditProjectRequired),
    auditor: z.string().trim().min(1, STAFF_MESSAGES.auditorRequired).max(200, STAFF_MESSAGES.auditorTooLong),
    startedOn: optionalDaySchema,
    endedOn: optionalDaySchema,
    /** The report's date: what the public pages show and sort by. */
    publishedOn: requiredDaySchema(STAFF_MESSAGES.auditPublishedOnRequired),
    scope: z.string().trim().min(1, STAFF_MESSAGES.auditScopeRequired).max(2000, STAFF_MESSAGES.auditScopeTooLong),
    sourceRef: optionalTextSchema(300, STAFF_MESSAGES.auditSourceRefTooLong),
    findingItems: z.array(auditFindingSchema).max(500, STAFF_MESSAGES.tooManyFindings),
    /** The key of the report PDF uploaded through /api/staff/files; empty when none. */
    reportFile: z
      .string()
      .trim()
      .refine((value) => value === '' || (staffFileKeySchema.safeParse(value).success && value.endsWith('.pdf')), STAFF_MESSAGES.reportFileInvalid)
      .transform((value) => value || null),
  })
  .refine((audit) => !audit.startedOn || !audit.endedOn || audit.endedOn >= audit.startedOn, {
    message: STAFF_MESSAGES.auditEndsBeforeStart,
    path: ['endedOn'],
    when: whenValid('startedOn', 'endedOn'),
  });

export type AuditFormInput = z.input<typeof auditFormSchema>;
export type AuditInput = z.output<typeof auditFormSchema>;

/**
 * The per-severity counts the public pages show, derived from the findings entered one by one: a finding counts as
 * resolved only when fully resolved.
 */
export function countFindings(items: readonly AuditFinding[]): Findings {
  const counts = Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, { total: 0, resolved: 0 }])) as Findings;
  for (const item of items) {
    counts[item.severity].total += 1;
    if (item.status === 'resolved') counts[item.severity].resolved += 1;
  }
  return counts;
}

/** Query parameters of the console's list pages: a bad value falls back to "no filter" rather than failing. */
export const listPageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);
export const listSearchSchema = lineText(100).catch('');
export const listProjectSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/)
  .optional()
  .catch(undefined);

export const auditListQuerySchema = z.object({
  q: listSearchSchema.default(''),
  status: z.enum(PUBLICATION_STATUSES).optional().catch(undefined),
  project: listProjectSchema,
  page: listPageSchema.default(1),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
