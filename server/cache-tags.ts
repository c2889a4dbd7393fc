import 'server-only';

import { revalidatePath, revalidateTag } from 'next/cache';

import { forgetSharedCopies } from './lifecycle';

/**
 * Cache tags of Next's data cache: reads tag what they read, and every staff write expires the tags it changed
 * (revalidatePublicData), so the public pages show it on their next request. Votes, views and Skynet figures are
 * not cached by tag.
 */
export const CACHE_TAGS = {
  projects: 'projects',
  scores: 'scores',
  audits: 'audits',
  alerts: 'alerts',
} as const;

/** How long cached public data may be served before it is refreshed in the background (seconds). */
export const PUBLIC_DATA_REVALIDATE_SECONDS = 60;

export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];

/**
 * Expires cached public data at once (not stale-while-revalidate: the next visitor must see the change), the ISR
 * home page built from it, and this instance's front's one-second copies of pages (scripts/front-copies.mjs).
 * Outside a Next request (the command line, tests) there is no cache to expire.
 */
export function revalidatePublicData(...tags: CacheTag[]): void {
  forgetSharedCopies();
  try {
    for (const tag of new Set(tags)) revalidateTag(tag, { expire: 0 });
    revalidatePath('/');
  } catch (error) {
    if (!(error instanceof Error && /static generation store|outside a request|workStore/i.test(error.message))) throw error;
  }
}
