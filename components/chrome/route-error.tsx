'use client';

import { useEffect } from 'react';

import { LazyErrorFallback } from './lazy-error-fallback';
import { LazyServerErrorPage } from './lazy-server-error-page';

/**
 * What a failing page shows, as Next's error file of the root and of the site's layouts (so the header stays and
 * a navigation elsewhere clears it): a failure on the server (it carries a digest) shows the 500 page, one in the
 * browser the red panel.
 */
export function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (!error.digest) return <LazyErrorFallback error={error} />;
  return <LazyServerErrorPage onRetry={reset} />;
}
