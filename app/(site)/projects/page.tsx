import type { Metadata } from 'next';
import Link from 'next/link';

import { PageBanner } from '@/components/chrome/page-banner';
import { CompareLink } from '@/components/compare/compare-link';
import { CompareToggle } from '@/components/compare/compare-toggle';
import { LeaderboardFilters } from '@/components/home/leaderboard-filters';
import { ProjectTable } from '@/components/home/project-table';
import { DownloadCsvLink } from '@/components/project/download-csv-link';
import { leaderboardQuery } from '@/lib/leaderboard';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { parseLeaderboardFilters } from '@/lib/schemas/leaderboard';
import { listFilterOptions, listLeaderboard } from '@/server/leaderboard';

export const metadata: Metadata = {
  title: 'Project security leaderboard',
  description: 'Every project by security score, grade, audit status, category and chain, with filters you can share.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProjectsPage({ searchParams }: Props) {
  const filters = parseLeaderboardFilters(await searchParams);
  const [options, board] = await Promise.all([listFilterOptions(), listLeaderboard(filters)]);
  const pageLink = (page: number) => `/projects${leaderboardQuery({ ...filters, page })}`;
  return (
    <>
      <PageBanner eyebrow="Skynet" title="Security leaderboard">
        <p>Filter every project by what matters to you, then share the link: the filters live in the address.</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 px-4 py-10">
        <div className="rounded-lg border bg-muted/30 p-4">
          <LeaderboardFilters filters={filters} categories={options.categories} chains={options.chains} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" role="status">
            {board.total} {board.total === 1 ? 'project' : 'projects'} · page {board.page} of {board.pageCount}
          </p>
          <div className="flex flex-wrap items-center gap-6">
            <CompareLink />
            {/* Every page of the filtered set, in the page's order. */}
            <DownloadCsvLink href={`/projects/export.csv${leaderboardQuery({ ...filters, page: 1 })}`} hint={OPEN_DATA_TEXTS.leaderboardCsvHint} />
          </div>
        </div>
        <ProjectTable rows={board.rows} caption="Projects matching the filters" compareCell={(row) => <CompareToggle projectId={row.id} projectName={row.name} />} />
        <nav aria-label="Pagination" className="flex items-center justify-between">
          {board.page > 1 ? (
            <Link href={pageLink(board.page - 1)} className="font-medium text-primary" rel="prev">
              ← Previous
            </Link>
          ) : (
            <span />
          )}
          {board.page < board.pageCount ? (
            <Link href={pageLink(board.page + 1)} className="font-medium text-primary" rel="next">
              Next →
            </Link>
          ) : null}
        </nav>
      </div>
    </>
  );
}
