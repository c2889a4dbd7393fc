import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';

import { PageBanner } from '@/components/chrome/page-banner';
import { GradeBadge } from '@/components/project/grade-badge';
import { ProjectLogo } from '@/components/project/project-logo';
import { gradeFor } from '@/lib/score';
import { formatRank } from '@/lib/utils';
import { isFlagOn } from '@/server/flags';
import { requireUser } from '@/server/session';
import { listWallets } from '@/server/wallets';
import { describeProjects, listWatchlists } from '@/server/watchlists';

export const metadata: Metadata = { title: 'Portfolio', description: 'Your watched projects in one place (work in progress).' };

/** The portfolio (work in progress), only for users with the portfolio flag. */
export default async function PortfolioPage() {
  const user = await requireUser('/my/portfolio');
  if (!(await isFlagOn(user.id, 'portfolio'))) notFound();
  const [lists, wallets] = await Promise.all([listWatchlists(user.id), listWallets(user.id)]);
  const projects = await describeProjects([...new Set(lists.flatMap((list) => list.projects))]);
  return (
    <>
      <PageBanner title="Portfolio">
        <p>
          <span className="mr-2 rounded bg-amber-200 px-2 py-0.5 text-sm font-semibold text-amber-950">Work in progress</span>
          Your wallets and everything you watch, with its security grade.
        </p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-4xl gap-10 px-4 py-10">
        <section aria-labelledby="portfolio-wallets">
          <h2 id="portfolio-wallets" className="mb-4 text-lg font-semibold">
            Wallets
          </h2>
          {wallets.length === 0 ? (
            <p className="text-muted-foreground">
              No wallets yet. Add one in{' '}
              <Link href="/my/settings" className="font-medium text-primary underline">
                account settings
              </Link>
              .
            </p>
          ) : (
            <ul aria-label="Wallets" className="divide-y rounded-lg border">
              {wallets.map((wallet) => (
                <li key={wallet.walletAddress} className="p-3 font-mono text-sm break-all">
                  {wallet.walletAddress}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="portfolio-projects">
          <h2 id="portfolio-projects" className="mb-4 text-lg font-semibold">
            Watched projects
          </h2>
          {projects.length === 0 ? (
            <p className="text-muted-foreground">
              Nothing yet. Add projects with the star on any project, or from your{' '}
              <Link href="/my/watchlists" className="font-medium text-primary underline">
                watchlists
              </Link>
              .
            </p>
          ) : (
            <ul aria-label="Watched projects" className="divide-y rounded-lg border">
              {projects.map((project) => {
                const grade = project.score === null ? null : gradeFor(project.score);
                return (
                  <li key={project.id} className="flex items-center gap-3 p-3">
                    <ProjectLogo src={project.logo} name={project.name} size={28} />
                    <Link href={`/projects/${project.id}`} className="flex-1 font-medium hover:underline">
                      {project.name}
                    </Link>
                    <span className="tabular text-sm text-muted-foreground">{formatRank(project.rank)}</span>
                    <GradeBadge grade={grade?.grade ?? null} tone={grade?.tone ?? null} score={project.score} />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
