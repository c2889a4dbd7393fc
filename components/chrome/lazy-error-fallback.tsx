'use client';

import { loadOnUse } from './load-on-use';

/**
 * The error panel, loaded only when something fails: every page carries an error boundary, and the panel's
 * tooltip code is not worth a byte of the first load. Until it arrives the same red panel shows without it.
 */
export const LazyErrorFallback = loadOnUse(() => import('./error-fallback').then((module) => module.ErrorFallback), {
  fallback: <div role="alert" aria-busy className="flex min-h-[60vh] w-full flex-1 bg-red-600" />,
  browserOnly: true,
});
