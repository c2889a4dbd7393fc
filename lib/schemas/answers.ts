import * as z from 'zod/mini';

import { PROJECT_ID_PATTERN, WATCHLIST_NAME_MAX_LENGTH } from '../constants';
import '../zod-config';

/**
 * Answers of our HTTP API that islands on every page read in the browser (the header's bell, the watchlist stars,
 * the vote widget). They are written with zod's small build (zod/mini, whose schemas tree-shake), so a first visit
 * does not download the whole library (about 27 kB gzip) to check three answers; the routes that send them and the
 * OpenAPI document use these same schemas.
 */

const projectId = z.string().check(z.maxLength(100), z.regex(PROJECT_ID_PATTERN));
const count = z.int().check(z.nonnegative());

/** A watchlist as GET /api/watchlist lists it: its projects in the list's order. */
export const watchlistSchema = z.object({ id: z.uuid(), name: z.string().check(z.minLength(1), z.maxLength(WATCHLIST_NAME_MAX_LENGTH)), projects: z.array(projectId) });
export type Watchlist = z.infer<typeof watchlistSchema>;
/** GET /api/watchlist: the signed-in user's lists. */
export const watchlistListSchema = z.array(watchlistSchema);

/** POST /api/watchlist/projects: the list's projects after the change, others' changes included. */
export const watchlistProjectsSchema = z.pick(watchlistSchema, { projects: true });
export type WatchlistProjects = z.infer<typeof watchlistProjectsSchema>;

/** A project's votes, and the asking voter's own when known (GET and POST /api/projects/vote answer it). */
export const voteSummarySchema = z.object({
  yes: count,
  no: count,
  total: count,
  /** 0–100 with one decimal; null before the first vote. */
  yesPercentage: z.nullable(z.number().check(z.minimum(0), z.maximum(100))),
  yourVote: z.nullable(z.boolean()),
});

/** GET /api/user/notifications/unread: how many of the signed-in user's notifications are unread. */
export const unreadNotificationsSchema = z.strictObject({ unread: count });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;
