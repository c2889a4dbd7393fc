'use client';

import Link from 'next/link';
import { useEffect, type ReactNode } from 'react';

import { Button, buttonVariants } from '@/components/ui/button';
import { track } from '@/lib/analytics';
import { SERVER_ERROR_PAGE } from '@/lib/messages/chrome';

type Props = {
  heading?: string;
  subheading?: string;
  /** Replace the default 'Back to Homepage' link. */
  actions?: ReactNode;
  /** Offers "Try again" (the error boundary's reset) before the way home. */
  onRetry?: () => void;
};

/** The server error page (SPEC §2); viewing it is logged to analytics. */
export function ServerErrorPage({ heading = SERVER_ERROR_PAGE.heading, subheading = SERVER_ERROR_PAGE.subheading, actions, onRetry }: Props) {
  useEffect(() => {
    track('server_error_page_viewed', { path: window.location.pathname });
  }, []);

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-20 text-center">
      <p className="text-sm font-semibold tracking-widest text-primary uppercase">500</p>
      <h1 className="mt-2 text-5xl font-bold tracking-tight">{heading}</h1>
      <h2 className="mt-4 text-xl font-medium">{subheading}</h2>
      <p className="mt-3 text-muted-foreground">{SERVER_ERROR_PAGE.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            {onRetry ? <Button onClick={onRetry}>{SERVER_ERROR_PAGE.tryAgain}</Button> : null}
            <Link href="/" className={buttonVariants({ variant: onRetry ? 'outline' : 'default' })}>
              {SERVER_ERROR_PAGE.backToHome}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
