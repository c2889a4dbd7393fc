import { z } from 'zod';

import { QUOTE_SERVICES, type QuoteServiceId } from '../constants';

const serviceIds = QUOTE_SERVICES.map((service) => service.id) as [QuoteServiceId, ...QuoteServiceId[]];

/** The Request a Quote form, shared by the form and the server action. */
export const quoteRequestSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(100, 'Name cannot exceed 100 characters.'),
  email: z
    .string()
    .trim()
    .max(254, 'Email cannot exceed 254 characters.')
    .pipe(z.email('Please enter a valid work email.')),
  company: z.string().trim().min(1, 'Please enter your company or project.').max(120, 'Company cannot exceed 120 characters.'),
  website: z
    .string()
    .trim()
    .max(300, 'Website cannot exceed 300 characters.')
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), 'Please enter a full URL, like https://example.com.')
    .optional()
    .transform((value) => value || null),
  services: z
    .array(z.enum(serviceIds, 'Unknown service.'))
    .max(50, 'Too many services.')
    .transform((values) => [...new Set(values)])
    .pipe(z.array(z.enum(serviceIds)).min(1, 'Choose at least one service.')),
  message: z
    .string()
    .trim()
    .min(10, 'Tell us a little about your project (at least 10 characters).')
    .max(5000, 'Message cannot exceed 5000 characters.'),
});

export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;
