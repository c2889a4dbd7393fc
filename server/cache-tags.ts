import 'server-only';

/** Cache tags of Next's data cache: reads tag what they read, writes revalidate what they changed. */
export const CACHE_TAGS = {
  projects: 'projects',
  scores: 'scores',
  audits: 'audits',
  alerts: 'alerts',
  votes: (projectId: string) => `votes:${projectId}`,
  votesSite: 'votes',
} as const;

/** How long cached public data may be served before it is refreshed in the background (seconds). */
export const PUBLIC_DATA_REVALIDATE_SECONDS = 60;
