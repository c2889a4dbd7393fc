import { Search } from 'lucide-react';
import { Suspense } from 'react';

import { Logo } from '@/components/header/logo';
import { AccountArea } from '@/components/header/account-area';
import { QuoteModal } from '@/components/header/quote-modal';
import { Skeleton } from '@/components/ui/skeleton';
import { SEARCH_TEXTS } from '@/lib/messages';
import { getConfig } from '@/server/config';

import { TopProjects } from './_components/top-projects';

export const dynamic = 'force-dynamic';

export default function HomePage() {
  const config = getConfig();
  return (
    <>
      <section data-page-banner className="bg-navy text-navy-foreground">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-4">
          <Logo className="text-white" />
          <div id="tour-account" className="ml-auto flex items-center gap-3">
            <QuoteModal embedUrl={config.quoteFormEmbedUrl} triggerClassName="h-9 px-3 text-sm sm:h-10 sm:px-4" />
            <AccountArea />
          </div>
        </div>
        <div className="mx-auto max-w-4xl px-4 pt-10 pb-20 text-center sm:pt-16 sm:pb-28">
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-6xl">Is this project safe?</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-foreground/80">
            Security scores, audits, alerts and on-chain monitoring for blockchain projects, in one place and open to everyone.
          </p>
          <div id="tour-search" className="relative mx-auto mt-8 max-w-2xl">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground" />
            <input
              type="search"
              aria-label={SEARCH_TEXTS.mainPlaceholder}
              placeholder={SEARCH_TEXTS.mainPlaceholder}
              className="h-14 w-full rounded-xl border-0 bg-white pr-4 pl-12 text-base text-foreground shadow-lg focus-visible:ring-4 focus-visible:ring-blue-400/50 focus-visible:outline-none"
            />
          </div>
        </div>
      </section>
      <section aria-labelledby="top-projects" className="mx-auto w-full max-w-4xl px-4 py-12">
        <h2 id="top-projects" className="mb-4 text-2xl font-semibold tracking-tight">
          Top projects
        </h2>
        <Suspense fallback={<Skeleton className="h-[560px] w-full rounded-xl" />}>
          <TopProjects />
        </Suspense>
      </section>
    </>
  );
}
