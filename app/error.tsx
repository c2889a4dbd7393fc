'use client';

import { useEffect } from 'react';

import { LazyErrorFallback } from '@/components/chrome/lazy-error-fallback';
import { LazyServerErrorPage } from '@/components/chrome/lazy-server-error-page';

/** A failure on the server (it carries a digest) shows the 500 page; one in the browser shows the red panel. */
export default function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (!error.digest) return <LazyErrorFallback error={error} />;
  return <LazyServerErrorPage onRetry={reset} />;
}
