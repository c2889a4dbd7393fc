import type { Metadata } from 'next';
import Link from 'next/link';

import { LazyHeader } from '@/components/header/lazy-header';
import { buttonVariants } from '@/components/ui/button';
import { getConfig } from '@/server/config';

export const metadata: Metadata = {
  title: 'Page not found',
  description: 'The page you are looking for does not exist or has moved.',
};

export default function NotFound() {
  const config = getConfig();
  return (
    <>
      <LazyHeader announcement={config.announcement} quoteEmbedUrl={config.quoteFormEmbedUrl} />
      <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-1 flex-col items-center justify-center px-6 py-20 text-center">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">404</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight">Page not found</h1>
        <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/" className={buttonVariants()}>
            Back to Homepage
          </Link>
          <Link href="/resources/blog" className={buttonVariants({ variant: 'outline' })}>
            Read the blog
          </Link>
        </div>
      </main>
    </>
  );
}
