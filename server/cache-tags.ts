import 'server-only';

/**
 * Cache tags of Next's data cache: reads tag what they read, writes revalidate what they changed. Today these rows
 * change only when the database is seeded at start (a minute's revalidation covers that); the staff console's
 * writes will call revalidateTag with these same names. Votes, views and Skynet figures are not cached by tag.
 */
export const CACHE_TAGS = {
  projects: 'projects',
  scores: 'scores',
  audits: 'audits',
  alerts: 'alerts',
} as const;

/** How long cached public data may be served before it is refreshed in the background (seconds). */
export const PUBLIC_DATA_REVALIDATE_SECONDS = 60;
