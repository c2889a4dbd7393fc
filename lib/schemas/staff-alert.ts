/** The console's alert form, its correction and list filters, shared by the forms, the actions and the list page. */
import { z } from '@/lib/zod';

import { ALERT_CONFIDENCE, ALERT_TYPES } from '../alerts';
import { STAFF_MESSAGES } from '../messages/staff';
import { PUBLICATION_STATUSES } from '../staff';
import { dayOf, isCalendarDay, listPageSchema, listProjectSchema, listSearchSchema, optionalTextSchema, requiredDaySchema, whenValid } from './staff-audit';

export const MAX_SOURCE_LINKS = 10;
const MAX_USD = 1e15;

/** An amount in US dollars as typed (spaces and thousands commas allowed), or empty for unknown. */
const usdAmountSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s,]/g, ''))
  .refine((value) => value === '' || (/^\d+(\.\d{1,2})?$/.test(value) && Number(value) <= MAX_USD), STAFF_MESSAGES.amountInvalid)
  .transform((value) => (value === '' ? null : Number(value)));

const isHttpsUrl = (value: string) => {
  if (value.length > 500 || !/^https:\/\/[^\s/$.?#][^\s]*$/i.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Source links typed one per line; blank lines are ignored. */
export const sourceLinksSchema = z
  .string()
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .superRefine((links, context) => {
    if (links.length === 0) context.addIssue({ code: 'custom', message: STAFF_MESSAGES.sourceLinkRequired });
    else if (links.length > MAX_SOURCE_LINKS) context.addIssue({ code: 'custom', message: STAFF_MESSAGES.tooManySourceLinks });
    else {
      const bad = links.find((link) => !isHttpsUrl(link));
      if (bad) context.addIssue({ code: 'custom', message: STAFF_MESSAGES.sourceLinkInvalid(bad.slice(0, 80)) });
    }
  })
  .transform((links) => [...new Set(links)]);

const alertFields = {
  title: z.string().trim().min(1, STAFF_MESSAGES.alertTitleRequired).max(200, STAFF_MESSAGES.alertTitleTooLong),
  type: z.enum(ALERT_TYPES, STAFF_MESSAGES.alertTypeRequired),
  /** The day the incident happened. */
  occurredOn: requiredDaySchema(STAFF_MESSAGES.alertDateRequired).refine((day) => day === '' || day <= dayOf(new Date(Date.now() + 86_400_000)), STAFF_MESSAGES.alertDateInFuture),
  chain: optionalTextSchema(60, STAFF_MESSAGES.alertChainTooLong),
  amountLostUsd: usdAmountSchema,
  amountReturnedUsd: usdAmountSchema,
  /** The day the USD amounts were priced; required once an amount is given (pricedWhenAmounts). */
  amountsPricedOn: z
    .string()
    .trim()
    .default('')
    .refine((day) => day === '' || isCalendarDay(day), STAFF_MESSAGES.dayInvalid)
    .refine((day) => day === '' || day <= dayOf(new Date(Date.now() + 86_400_000)), STAFF_MESSAGES.amountsPricedOnInFuture)
    .transform((day) => day || null),
  technique: optionalTextSchema(200, STAFF_MESSAGES.techniqueTooLong),
  sourceUrls: sourceLinksSchema,
  confidence: z.enum(ALERT_CONFIDENCE, STAFF_MESSAGES.confidenceRequired),
  /** The affected project's slug, or empty when the incident concerns no listed project. */
  projectId: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[a-z0-9][a-z0-9-]{0,99}$/.test(value), STAFF_MESSAGES.alertProjectInvalid)
    .transform((value) => value || null),
  description: optionalTextSchema(5000, STAFF_MESSAGES.alertDescriptionTooLong),
};

const returnedWithinLost = (alert: { amountLostUsd: number | null; amountReturnedUsd: number | null }) =>
  alert.amountLostUsd === null || alert.amountReturnedUsd === null || alert.amountReturnedUsd <= alert.amountLostUsd;
const returnedWithinLostIssue = { message: STAFF_MESSAGES.amountReturnedTooHigh, path: ['amountReturnedUsd'], when: whenValid('amountLostUsd', 'amountReturnedUsd') };
/** A USD amount means nothing without the day it was priced (issue #21): an amount requires its pricing day. */
const pricedWhenAmounts = (alert: { amountLostUsd: number | null; amountReturnedUsd: number | null; amountsPricedOn: string | null }) =>
  (alert.amountLostUsd === null && alert.amountReturnedUsd === null) || alert.amountsPricedOn !== null;
const pricedWhenAmountsIssue = { message: STAFF_MESSAGES.amountsPricedOnRequired, path: ['amountsPricedOn'], when: whenValid('amountLostUsd', 'amountReturnedUsd', 'amountsPricedOn') };

/** Creating an alert, or editing a draft. */
export const alertFormSchema = z.object(alertFields).refine(returnedWithinLost, returnedWithinLostIssue).refine(pricedWhenAmounts, pricedWhenAmountsIssue);

/** Correcting a published alert: the same fields, and the reason, which is published with the correction. */
export const alertCorrectionSchema = z
  .object({
    ...alertFields,
    reason: z.string().trim().min(3, STAFF_MESSAGES.reasonRequired).max(1000, STAFF_MESSAGES.reasonTooLong),
  })
  .refine(returnedWithinLost, returnedWithinLostIssue)
  .refine(pricedWhenAmounts, pricedWhenAmountsIssue);

export type AlertFormInput = z.input<typeof alertFormSchema>;
export type AlertInput = z.output<typeof alertFormSchema>;
export type AlertCorrectionFormInput = z.input<typeof alertCorrectionSchema>;
export type AlertCorrectionInput = z.output<typeof alertCorrectionSchema>;

export const alertListQuerySchema = z.object({
  q: listSearchSchema.default(''),
  type: z.enum(ALERT_TYPES).optional().catch(undefined),
  status: z.enum(PUBLICATION_STATUSES).optional().catch(undefined),
  project: listProjectSchema,
  page: listPageSchema.default(1),
});
export type AlertListQuery = z.output<typeof alertListQuerySchema>;
