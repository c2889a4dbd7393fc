'use client';

import { useEffect } from 'react';

import { LazyErrorFallback } from './lazy-error-fallback';
import { LazyServerErrorPage } from './lazy-server-error-page';

/**
 * What a failing page shows, as Next's error file in (home), (site) and staff: inside their layouts, so the header
 * stays and a navigation elsewhere clears it. A failure on the server (it carries a digest) shows the 500 page, one
 * in the browser the red panel. None at the root: each error file brings its own copy of this code (Turbopack does
 * not share it), so a page would load two; a layout's own failure falls to global-error.tsx.
 */
export function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (!error.digest) return <LazyErrorFallback error={error} />;
  return <LazyServerErrorPage onRetry={reset} />;
}
