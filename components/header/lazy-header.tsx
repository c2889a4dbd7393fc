'use client';

import { loadOnUse } from '@/components/chrome/load-on-use';

/**
 * The site header for the 404 page. The root not-found page travels with every page as its fallback, so a
 * direct import would put the header and its menus into the first load of the home page, which has no header.
 * Loaded this way it is still rendered on the server when a 404 is shown.
 */
export const LazyHeader = loadOnUse(() => import('./header').then((module) => module.Header));
