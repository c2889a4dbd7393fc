import type { Metadata } from 'next';

import { GradeBadge } from '@/components/project/grade-badge';
import { optionsOf } from '@/components/staff/form-fields';
import { FilterSearch, FilterSelect, RowLink, StaffListPage } from '@/components/staff/list-page';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { SCORE_LIST_STATE_LABELS, SCORE_LIST_STATES, scoreListQuerySchema } from '@/lib/schemas/staff-score';
import { formatScore } from '@/lib/score';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffScores } from '@/server/staff/scores';

export const metadata: Metadata = { title: 'Scores · Staff console' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Projects with their scores: search, filter by who set the score, open one to edit its signals. */
export default async function StaffScoresPage({ searchParams }: Props) {
  await requireStaffPage('scores.write');
  const query = scoreListQuerySchema.parse(await searchParams);
  const list = await listStaffScores(query);
  const filters = { q: query.q, state: query.state };
  return (
    <StaffListPage
      title="Scores" description="Edit a project's signals; the score is recomputed by the published methodology and kept in its history."
      filterLabel="Find scores"
      path="/staff/scores"
      filters={filters}
      caption="Projects and their scores"
      emptyText="No project matches these filters."
      rowKey={(row) => row.projectId}
      columns={[
        {
          header: 'Project',
          cell: (row) => (
            <>
              <RowLink href={`/staff/scores/${row.projectId}`}>{row.name}</RowLink> <span className="text-muted-foreground">{row.projectId}</span>
              {row.hidden ? <Badge variant="outline" className="ml-2">Hidden</Badge> : null}
            </>
          ),
        },
        {
          header: 'Score',
          className: 'tabular',
          cell: (row) =>
            row.score === null ? (
              <span className="text-muted-foreground">Not yet assessed</span>
            ) : (
              <span className="inline-flex items-center gap-2">
                {formatScore(row.score)} <GradeBadge grade={row.grade} tone={row.tone} />
                {row.isDemo ? <Badge variant="warning">Demo</Badge> : null}
              </span>
            ),
        },
        { header: 'Methodology', className: 'tabular', cell: (row) => (row.methodologyVersion ? `v${row.methodologyVersion}` : '—') },
        { header: 'Updated', className: 'tabular', cell: (row) => (row.updatedAt ? formatDate(row.updatedAt) : '—') },
      ]}
      list={list}
    >
      <FilterSearch defaultValue={query.q} placeholder="Name, slug or ticker" />
      <FilterSelect name="state" label="Score" anyLabel="All projects" defaultValue={query.state} options={optionsOf(SCORE_LIST_STATES, SCORE_LIST_STATE_LABELS)} />
    </StaffListPage>
  );
}
