import { z } from '@/lib/zod';

import { PROJECT_ID_PATTERN } from '../constants';

const projectId = z
  .string('id must be a string')
  .trim()
  .min(1, 'id is required')
  .max(100, 'id is too long')
  .regex(PROJECT_ID_PATTERN, 'id is not a project id');

/** POST /api/projects/vote */
export const voteBodySchema = z.strictObject({ id: projectId, vote: z.boolean('vote must be true or false') });

/** GET /api/projects/vote?id=: the project's votes with the asking visitor's own (the cached page cannot know it). */
export const voteQuerySchema = z.object({ id: projectId });

/** POST /api/projects/page-view */
export const pageViewBodySchema = z.strictObject({ projectId });

/** GET /api/projects/average-yes-percentage */
export const yesPercentageQuerySchema = z.object({ id: projectId.optional() });

/** GET /api/search-project */
export const searchQuerySchema = z.object({
  keyword: z.string().max(100, 'keyword is too long (at most 100 characters)').default(''),
});

// ---- Answers ----

/** One project the search box lists (GET /api/search-project answers a list of them). */
export const searchResultSchema = z.object({
  id: z.string(),
  logo: z.string().nullable(),
  name: z.string(),
  rank: z.int().nullable(),
  tokenTickers: z.array(z.string()),
});

/** GET /api/projects/average-yes-percentage: site-wide without `id`, the project's with its vote count with it. */
const yesPercentage = z.number().min(0).max(100).nullable();
export const siteYesPercentageSchema = z.object({ yesPercentage });
export const projectYesPercentageSchema = z.object({ id: z.string(), yesPercentage, votes: z.int().nonnegative() });
export const yesPercentageSchema = z.union([siteYesPercentageSchema, projectYesPercentageSchema]);

export type YesPercentage = z.infer<typeof yesPercentageSchema>;

const url = z
  .string()
  .trim()
  .max(500, 'A link cannot exceed 500 characters.')
  .refine((value) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'Links must be full http(s) URLs.');

/** The Report Incident form, shared by the form and the action. */
export const incidentReportSchema = z.object({
  projectId,
  description: z
    .string()
    .trim()
    .min(20, 'Describe the incident in at least 20 characters.')
    .max(5000, 'The description cannot exceed 5000 characters.'),
  links: z.array(url).max(5, 'Add at most 5 links.').default([]),
  contact: z
    .string()
    .trim()
    .max(254, 'Contact cannot exceed 254 characters.')
    .optional()
    .transform((value) => value || null),
});

export type IncidentReportInput = z.input<typeof incidentReportSchema>;
export type IncidentReport = z.output<typeof incidentReportSchema>;
