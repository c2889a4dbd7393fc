import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense, type ReactNode } from 'react';

import { AccountArea } from '@/components/header/account-area';
import { NotificationBell } from '@/components/header/notification-bell';
import { Logo } from '@/components/header/logo';
import { MobileDrawerTrigger } from '@/components/header/mobile-drawer-trigger';
import { QuoteDialogTrigger } from '@/components/header/quote-dialog-trigger';
import { LeaderboardFilters } from '@/components/home/leaderboard-filters';
import { ReportIncidentDialogTrigger } from '@/components/home/report-incident-dialog-trigger';
import { ProjectSearch } from '@/components/search/project-search';
import { TourLauncher } from '@/components/tour/tour-launcher';
import { Skeleton } from '@/components/ui/skeleton';
import { DEFAULT_FILTERS } from '@/lib/leaderboard';
import { getConfig } from '@/server/config';
import { listFilterOptions } from '@/server/leaderboard';

import { AlertsFeed, LeaderboardPreview, RecentlyAudited, TrendingProjects, UnderAudit } from './_components/home-sections';

// Served from Next's cache and rendered again at most once a minute (a literal: Next reads it at build time;
// it matches PUBLIC_DATA_REVALIDATE_SECONDS). The account area is filled in the browser, so the page is the
// same for everyone.
export const revalidate = 60;

export const metadata: Metadata = { alternates: { types: { 'application/atom+xml': [{ url: '/alerts/feed.xml', title: 'Security alerts' }] } } };

/** A home section: its heading (and action) come with the page, its list streams in (SectionList). */
function Section({ id, title, action, children, className }: { id: string; title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={className}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * A section's list, streamed in after the page's first frame. It arrives in a block of its own that the browser
 * neither lays out nor paints until it nears the viewport (content-visibility), standing in meanwhile at `phoneHeight`,
 * about its height on a phone. A block the browser first meets when the list arrives is judged then, so the lists below
 * the screen are laid out in later, smaller frames; on a block present from the first frame (the whole section, with
 * its skeleton) every list was laid out in one long frame when they arrived (#18).
 */
function SectionList({ phoneHeight, children }: { phoneHeight: number; children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton corners="lg" className="h-72 w-full" />}>
      <div className="[content-visibility:auto]" style={{ containIntrinsicSize: `auto ${phoneHeight}px` }}>
        {children}
      </div>
    </Suspense>
  );
}

export default async function HomePage() {
  const config = getConfig();
  const options = await listFilterOptions();
  return (
    <>
      <section data-page-banner className="bg-navy text-navy-foreground">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-4">
          <Logo className="text-white" />
          <div className="ml-auto flex items-center gap-3">
            <QuoteDialogTrigger embedUrl={config.quoteFormEmbedUrl} />
            <NotificationBell />
            <div id="tour-account" className="hidden lg:block">
              <AccountArea />
            </div>
            <MobileDrawerTrigger />
          </div>
        </div>
        <div className="mx-auto max-w-4xl px-4 pt-10 pb-20 text-center sm:pt-16 sm:pb-28">
          <h1 className="text-4xl font-bold tracking-tight text-white sm:text-6xl">Is this project safe?</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-foreground/80">
            Security scores, audits, alerts and on-chain monitoring for blockchain projects, in one place and open to everyone.
          </p>
          <div id="tour-search" className="mx-auto mt-8 max-w-2xl text-left">
            <ProjectSearch context="main-search" look="hero" />
          </div>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-12 px-4 py-12">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-3">
          <Section id="tour-alerts" title="Security alerts" action={<ReportIncidentDialogTrigger />} className="lg:col-span-1">
            <SectionList phoneHeight={639}>
              <AlertsFeed />
            </SectionList>
          </Section>
          <Section id="tour-trending" title="Trending projects">
            <SectionList phoneHeight={329}>
              <TrendingProjects />
            </SectionList>
          </Section>
          <Section id="tour-recently-audited" title="Recently audited">
            <SectionList phoneHeight={457}>
              <RecentlyAudited />
            </SectionList>
          </Section>
        </div>
        <Section
          id="tour-filtering"
          title="Security leaderboard"
          action={
            <Link href="/projects" className="text-sm font-medium text-primary underline underline-offset-4">
              See all projects
            </Link>
          }
        >
          <div className="mb-4 rounded-lg border bg-muted/30 p-4">
            <LeaderboardFilters filters={DEFAULT_FILTERS} categories={options.categories} chains={options.chains} />
          </div>
          <SectionList phoneHeight={648}>
            <LeaderboardPreview />
          </SectionList>
        </Section>
        <Section id="tour-under-audit" title="Currently under audit">
          <SectionList phoneHeight={924}>
            <UnderAudit />
          </SectionList>
        </Section>
      </div>
      <Suspense fallback={null}>
        <TourLauncher />
      </Suspense>
    </>
  );
}
