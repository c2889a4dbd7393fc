import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { ProjectLogo } from '@/components/project/project-logo';
import { Badge } from '@/components/ui/badge';
import { formatRank } from '@/lib/utils';
import { getProject } from '@/server/projects';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const project = await getProject((await params).id);
  if (!project) return { title: 'Project not found' };
  const tickers = project.tokenTickers.join(', ');
  return {
    title: `${project.name} (${project.tokenTickers[0] ?? 'no token'}) security`,
    description: `Security information for ${project.name}${tickers ? ` (${tickers})` : ''}: rank, audits, alerts and on-chain monitoring.`,
  };
}

const AUDIT_LABELS = { audited: 'Audited', under_audit: 'Under audit', none: 'Not audited' } as const;

export default async function ProjectPage({ params }: Props) {
  const project = await getProject((await params).id);
  if (!project) notFound();
  return (
    <>
      <section data-page-banner className="bg-navy text-navy-foreground">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-5 px-4 py-12">
          <ProjectLogo src={project.logo} name={project.name} size={64} className="bg-white p-1" />
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{project.name}</h1>
            <ul aria-label="Token tickers" className="mt-2 flex flex-wrap gap-2">
              {project.tokenTickers.map((ticker) => (
                <li key={ticker}>
                  <Badge variant="secondary">{ticker}</Badge>
                </li>
              ))}
            </ul>
          </div>
          <dl className="grid grid-cols-2 gap-x-8 gap-y-1 text-sm">
            <dt className="text-navy-foreground/70">Rank</dt>
            <dd className="tabular text-lg font-semibold text-white">{formatRank(project.rank)}</dd>
            <dt className="text-navy-foreground/70">Audit</dt>
            <dd className="font-medium text-white">{AUDIT_LABELS[project.auditStatus]}</dd>
          </dl>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10 md:grid-cols-2">
        <section className="rounded-xl border p-6">
          <h2 className="text-lg font-semibold">Overview</h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Category</dt>
            <dd>{project.category ?? 'Unknown'}</dd>
            <dt className="text-muted-foreground">Chains</dt>
            <dd>{project.chains.length ? project.chains.join(', ') : 'Unknown'}</dd>
            <dt className="text-muted-foreground">Tokens</dt>
            <dd>{project.tokenTickers.join(', ') || 'None'}</dd>
          </dl>
        </section>
        {project.isDemo ? (
          <aside className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-sm text-amber-950">
            <h2 className="font-semibold">Demo data</h2>
            <p className="mt-2">
              The name, tickers and logo of this project are real. Its rank, category, chains and audit status are generated for the
              demo and are not a statement about the project.
            </p>
          </aside>
        ) : null}
      </div>
    </>
  );
}
