'use client';

import Link from 'next/link';
import { useEffect } from 'react';

import { LazyErrorFallback } from '@/components/chrome/lazy-error-fallback';
import { ServerErrorPage } from '@/components/chrome/server-error-page';
import { Button } from '@/components/ui/button';

/** A failure on the server (it carries a digest) shows the 500 page; one in the browser shows the red panel. */
export default function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (!error.digest) return <LazyErrorFallback error={error} />;
  return (
    <ServerErrorPage
      actions={
        <>
          <Button onClick={reset}>Try again</Button>
          <Button asChild variant="outline">
            <Link href="/">Back to Homepage</Link>
          </Button>
        </>
      }
    />
  );
}
