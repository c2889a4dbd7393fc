import { z } from '@/lib/zod';

import { PROJECT_ID_PATTERN, SURVEY_EXPERTISE_TYPES, SURVEY_INSTITUTION_TYPES, SURVEY_USER_TYPES } from '../constants';
import { watchlistNameSchema } from './watchlist';

/** A survey has as few projects as a watchlist holds; ids look like the project ids of the catalogue. */
export const SURVEY_MAX_PROJECTS = 500;

const projectId = z
  .string('projects must be project ids')
  .max(100, 'a project id is too long')
  .regex(PROJECT_ID_PATTERN, 'projects must be project ids');

/** The survey answers (SPEC §3), each optional because every step can be skipped. */
export const surveyAnswersSchema = z
  .strictObject({
    userType: z.enum(SURVEY_USER_TYPES, 'userType must be Retail Investor or Institution').optional(),
    institutionType: z.enum(SURVEY_INSTITUTION_TYPES, 'institutionType is not one of the choices').optional(),
    expertiseType: z.enum(SURVEY_EXPERTISE_TYPES, 'expertiseType is not one of the choices').optional(),
    projects: z
      .array(projectId, 'projects must be a list of project ids')
      .min(1, 'projects cannot be empty')
      .max(SURVEY_MAX_PROJECTS, `at most ${SURVEY_MAX_PROJECTS} projects`)
      .refine((ids) => new Set(ids).size === ids.length, 'a project can appear only once')
      .optional(),
    watchlistName: watchlistNameSchema.optional(),
  })
  .refine((answers) => !answers.institutionType || answers.userType === 'Institution', { message: 'institutionType goes with the Institution user type', path: ['institutionType'] })
  .refine((answers) => !answers.expertiseType || answers.userType !== 'Institution', { message: 'expertiseType does not go with the Institution user type', path: ['expertiseType'] })
  .refine((answers) => !answers.projects === !answers.watchlistName, { message: 'projects and watchlistName go together', path: ['watchlistName'] });

/** The survey's watchlist-name step (its form). */
export const surveyWatchlistNameSchema = z.strictObject({ watchlistName: watchlistNameSchema });

export type SurveyAnswers = z.infer<typeof surveyAnswersSchema>;
export type SurveyUserType = (typeof SURVEY_USER_TYPES)[number];
export type SurveyInstitutionType = (typeof SURVEY_INSTITUTION_TYPES)[number];
export type SurveyExpertise = (typeof SURVEY_EXPERTISE_TYPES)[number];
