import type { ReactNode } from 'react';

import { GradeBadge } from '@/components/project/grade-badge';
import { ProjectLogo } from '@/components/project/project-logo';
import { ListLink } from '@/components/ui/list-link';
import { WatchlistStar } from '@/components/watchlist/watchlist-star';
import { AUDIT_STATUS_LABELS, formatDate } from '@/lib/format';
import type { ProjectSummary } from '@/lib/projects';
import { formatRank } from '@/lib/utils';

type Row = Omit<ProjectSummary, 'chains' | 'kycVerified' | 'isDemo'> & { latestAuditAt?: Date | null };

type Props = {
  rows: Row[];
  caption: string;
  /**
   * A last column for each row, named "Compare" for readers: the leaderboard passes its Add to compare toggle. A slot
   * rather than a switch, so a page without the column (the home page) does not load the toggle's code (#18).
   */
  compareCell?: (row: Row) => ReactNode;
};

/** The leaderboard table: one row per project, linking to its page. */
export function ProjectTable({ rows, caption, compareCell }: Props) {
  const compare = compareCell !== undefined;
  if (rows.length === 0) return <p className="rounded-lg border p-6 text-center text-muted-foreground">No project matches these filters.</p>;
  // `relative`: the cells' screen-reader-only texts (absolutely placed) are then clipped by this scroller too;
  // placed against the page instead, they widened a phone's page by the table's overflow.
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="tabular w-full min-w-[640px] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-2 py-2">
              <span className="sr-only">Watchlist</span>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">Rank</th>
            <th scope="col" className="px-3 py-2 font-medium">Project</th>
            <th scope="col" className="px-3 py-2 font-medium">Score</th>
            <th scope="col" className="px-3 py-2 font-medium">Category</th>
            <th scope="col" className="px-3 py-2 font-medium">Audit</th>
            {compare ? (
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Compare</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t hover:bg-muted/40">
              <td className="px-2 py-1">
                <WatchlistStar projectId={row.id} projectName={row.name} tone="light" />
              </td>
              <td className="px-3 py-2 text-muted-foreground">{formatRank(row.rank)}</td>
              <td className="px-3 py-2">
                <ListLink href={`/projects/${row.id}`} className="flex items-center gap-2 font-medium hover:underline">
                  <ProjectLogo src={row.logo} name={row.name} size={24} />
                  <span>{row.name}</span>
                  <span className="text-xs text-muted-foreground">{row.tokenTickers[0]}</span>
                </ListLink>
              </td>
              <td className="px-3 py-2">
                <GradeBadge grade={row.grade} tone={row.gradeTone} score={row.score} />
              </td>
              <td className="px-3 py-2">{row.category ?? '—'}</td>
              <td className="px-3 py-2">
                {AUDIT_STATUS_LABELS[row.auditStatus]}
                {row.latestAuditAt ? <span className="block text-xs text-muted-foreground">{formatDate(row.latestAuditAt)}</span> : null}
              </td>
              {compare ? (
                <td className="px-3 py-2 text-right">{compareCell(row)}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
