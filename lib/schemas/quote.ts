import { z } from '@/lib/zod';

import { QUOTE_SERVICES, type QuoteServiceId } from '../constants';
import { QUOTE_MESSAGES } from '../messages/quote';

const serviceIds = QUOTE_SERVICES.map((service) => service.id) as [QuoteServiceId, ...QuoteServiceId[]];

/** The Request a Quote form, shared by the form and the server action. */
export const quoteRequestSchema = z.object({
  name: z.string().trim().min(1, QUOTE_MESSAGES.nameRequired).max(100, QUOTE_MESSAGES.nameTooLong),
  email: z
    .string()
    .trim()
    .max(254, QUOTE_MESSAGES.emailTooLong)
    .pipe(z.email(QUOTE_MESSAGES.emailInvalid)),
  company: z.string().trim().min(1, QUOTE_MESSAGES.companyRequired).max(120, QUOTE_MESSAGES.companyTooLong),
  website: z
    .string()
    .trim()
    .max(300, QUOTE_MESSAGES.websiteTooLong)
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), QUOTE_MESSAGES.websiteInvalid)
    .optional()
    .transform((value) => value || null),
  services: z
    .array(z.enum(serviceIds, QUOTE_MESSAGES.serviceUnknown))
    .max(50, QUOTE_MESSAGES.tooManyServices)
    .transform((values) => [...new Set(values)])
    .pipe(z.array(z.enum(serviceIds)).min(1, QUOTE_MESSAGES.serviceRequired)),
  message: z
    .string()
    .trim()
    .min(10, QUOTE_MESSAGES.messageTooShort)
    .max(5000, QUOTE_MESSAGES.messageTooLong),
});

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;
