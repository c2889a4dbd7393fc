import { ExternalLink } from 'lucide';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense, type ReactNode } from 'react';

import { Icon } from '@/components/ui/icon';
import { CompareLink } from '@/components/compare/compare-link';
import { CompareToggle } from '@/components/compare/compare-toggle';
import { BadgeEmbed } from '@/components/project/badge-embed';
import { GradeBadge } from '@/components/project/grade-badge';
import { PageViewBeacon } from '@/components/project/page-view-beacon';
import { ProjectLogo } from '@/components/project/project-logo';
import { ScoreCard } from '@/components/project/score-card';
import { Badge } from '@/components/ui/badge';
import { AdminPowersPanel } from '@/components/skynet/admin-powers';
import { CardSection } from '@/components/ui/card-section';
import { Skeleton } from '@/components/ui/skeleton';
import { WatchlistStar } from '@/components/watchlist/watchlist-star';
import { badgeSnippets, badgeWidth } from '@/lib/badge';
import { AUDIT_STATUS_LABELS } from '@/lib/format';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { formatRank } from '@/lib/utils';
import { getConfig } from '@/server/config';
import { getCachedProjectDetail } from '@/server/project-page';

import { AlertsPanel, AuditsPanel, VotePanel } from './_components/project-panels';
import { ScoreHistoryPanel } from './_components/score-history-panel';
import { SkynetPanels } from './_components/skynet-panels';

type Props = { params: Promise<{ id: string }> };

// Served from Next's cache like the home page, the same for everyone (the visitor's vote and watch state are read
// in the browser): rendered on first request, again at most once a minute (a literal: Next reads it at build time;
// it matches PUBLIC_DATA_REVALIDATE_SECONDS), and at once when a tag its data carries expires (server/project-page).
export const revalidate = 60;

/** No page is built ahead: each is rendered on its first request and then cached. */
export function generateStaticParams(): { id: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await getCachedProjectDetail((await params).id);
  if (!project) return { title: 'Project not found', description: 'There is no project at this address.' };
  const tickers = project.tokenTickers.join(', ');
  return {
    title: `${project.name} (${project.tokenTickers[0] ?? 'no token'}) security score`,
    description: `${project.name}${tickers ? ` (${tickers})` : ''}: security score${project.grade ? ` ${project.grade}` : ''}, audits, alerts and community votes.`,
    alternates: { types: { 'application/atom+xml': [{ url: `/projects/${project.id}/feed.xml`, title: `${project.name} security alerts` }] } },
  };
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <CardSection id={id} title={title} headingClassName="mb-4">
      {children}
    </CardSection>
  );
}

const panelSkeleton = <Skeleton className="h-40 w-full" />;

export default async function ProjectPage({ params }: Props) {
  const project = await getCachedProjectDetail((await params).id);
  if (!project) notFound();
  return (
    <>
      <PageViewBeacon projectId={project.id} />
      <section data-page-banner className="bg-navy text-navy-foreground">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-5 px-4 py-10">
          <ProjectLogo src={project.logo} name={project.name} size={64} className="bg-white p-1" />
          {/* A basis of its own: at basis 0 a phone kept the facts on the same line and the name ran under them. */}
          <div className="min-w-0 flex-1 basis-60">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{project.name}</h1>
              <GradeBadge grade={project.grade} tone={project.gradeTone} score={project.score} />
              <WatchlistStar projectId={project.id} projectName={project.name} tone="dark" />
              <CompareToggle projectId={project.id} projectName={project.name} tone="dark" />
            </div>
            <ul aria-label="Token tickers" className="mt-2 flex flex-wrap gap-2">
              {project.tokenTickers.map((ticker) => (
                <li key={ticker}>
                  <Badge variant="secondary">{ticker}</Badge>
                </li>
              ))}
            </ul>
            {project.website || project.socials.length ? (
              <ul aria-label="Links" className="mt-3 flex flex-wrap gap-3 text-sm">
                {project.website ? (
                  <li>
                    <a href={project.website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 underline">
                      Website <Icon node={ExternalLink} className="size-3" />
                    </a>
                  </li>
                ) : null}
                {project.socials.map((social) => (
                  <li key={social.url}>
                    <a href={social.url} target="_blank" rel="noopener noreferrer" className="underline">
                      {social.network}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <dl className="grid grid-cols-2 gap-x-8 gap-y-1 text-sm">
            <dt className="text-navy-foreground/70">Rank</dt>
            <dd className="tabular text-lg font-semibold text-white">{formatRank(project.rank)}</dd>
            <dt className="text-navy-foreground/70">Audit</dt>
            <dd className="font-medium text-white">{AUDIT_STATUS_LABELS[project.auditStatus]}</dd>
            <dt className="text-navy-foreground/70">Category</dt>
            <dd className="font-medium text-white">{project.category ?? 'Unknown'}</dd>
            <dt className="text-navy-foreground/70">Chains</dt>
            <dd className="font-medium text-white">{project.chains.join(', ') || 'Unknown'}</dd>
          </dl>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="grid content-start gap-6">
          <ScoreCard
            score={project.score}
            grade={project.grade}
            tone={project.gradeTone}
            pillars={project.pillars}
            methodologyVersion={project.methodologyVersion}
            updatedAt={project.scoreUpdatedAt}
            isDemo={project.scoreIsDemo}
          />
          <Suspense fallback={panelSkeleton}>
            <ScoreHistoryPanel projectId={project.id} />
          </Suspense>
          <Panel title="Audits" id="audits-heading">
            <Suspense fallback={panelSkeleton}>
              <AuditsPanel projectId={project.id} />
            </Suspense>
          </Panel>
          <Panel title="Security alerts" id="alerts-heading">
            <Suspense fallback={panelSkeleton}>
              <AlertsPanel projectId={project.id} />
            </Suspense>
          </Panel>
          {/* Only once Skynet has read a watched contract's admin powers from the chain (#20). */}
          <Suspense fallback={null}>
            <AdminPowersPanel projectId={project.id} />
          </Suspense>
          <div id="skynet-panels">
            <Suspense fallback={<Skeleton className="h-96 w-full" />}>
              <SkynetPanels projectId={project.id} />
            </Suspense>
          </div>
        </div>
        <aside className="grid content-start gap-6">
          {/* The comparison this browser is building, once the toggle above (or the leaderboard's) has added a project. */}
          <CompareLink className="rounded-xl border px-6 py-4" />
          <Suspense fallback={panelSkeleton}>
            <VotePanel projectId={project.id} />
          </Suspense>
          <Panel title={OPEN_DATA_TEXTS.badgeTitle} id="badge-heading">
            <BadgeEmbed
              badgeUrl={`/badge/${project.id}.svg`}
              badgeWidth={badgeWidth(project)}
              verifyUrl={`/verify/${project.id}`}
              alt={OPEN_DATA_TEXTS.badgeAlt(project.name, project.grade ?? OPEN_DATA_TEXTS.badgeNotAssessed)}
              snippets={badgeSnippets(getConfig().siteUrl, project.id, OPEN_DATA_TEXTS.badgeAlt(project.name, project.grade ?? OPEN_DATA_TEXTS.badgeNotAssessed))}
            />
          </Panel>
          {project.isDemo ? (
            <section className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-sm text-amber-950">
              <h2 className="font-semibold">Demo data</h2>
              <p className="mt-2">
                The name, tickers and logo of this project are real. Its rank, category, chains, audits, alerts and score signals are generated for
                the demo and are not a statement about the project.
              </p>
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}
