import { z } from '@/lib/zod';

import { PROJECT_ID_PATTERN, WATCHLIST_NAME_MAX_LENGTH } from '../constants';
import { WATCHLIST_MESSAGES } from '../messages/watchlists';

export const WATCHLIST_MAX_PROJECTS = 500;
export const WATCHLISTS_PER_USER_MAX = 50;

/** A watchlist name: trimmed, not empty, at most 20 characters (SPEC §5). */
export const watchlistNameSchema = z
  .string('name must be a string')
  .trim()
  .min(1, 'The name cannot be empty.')
  .max(WATCHLIST_NAME_MAX_LENGTH, WATCHLIST_MESSAGES.nameTooLong);

const projectId = z
  .string('projects must be project ids')
  .max(100, 'a project id is too long')
  .regex(PROJECT_ID_PATTERN, 'projects must be project ids');

const projectIds = z
  .array(projectId, 'projects must be a list of project ids')
  .max(WATCHLIST_MAX_PROJECTS, `a watchlist holds at most ${WATCHLIST_MAX_PROJECTS} projects`)
  .refine((ids) => new Set(ids).size === ids.length, 'a project can appear only once');

const watchlistId = z.uuid('id is not a watchlist id');

export const createWatchlistSchema = z.strictObject({ name: watchlistNameSchema, projects: projectIds.default([]) });
/** Without `projects` it only renames, so a rename never undoes a project added meanwhile in another tab. */
export const updateWatchlistSchema = z.strictObject({ id: watchlistId, name: watchlistNameSchema, projects: projectIds.optional() });
/** Adds (`watched: true`) or removes one project: changes from several tabs compose. */
export const setWatchlistProjectSchema = z.strictObject({ id: watchlistId, projectId, watched: z.boolean('watched must be true or false') });
export const deleteWatchlistSchema = z.strictObject({ id: watchlistId });


/** What the watchlists page shows of a watched project. */
export type WatchedProject = {
  id: string;
  name: string;
  logo: string | null;
  rank: number | null;
  tokenTickers: string[];
  score: number | null;
  latestAlert: { title: string; occurredAt: Date } | null;
};
