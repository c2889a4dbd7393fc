import type { Metadata } from 'next';

import { optionsOf } from '@/components/staff/form-fields';
import { ButtonLink, FilterInput, FilterSearch, FilterSelect, RowLink, StaffListPage } from '@/components/staff/list-page';
import { PUBLICATION_STATUS_LABELS, PublicationBadges } from '@/components/staff/publication-badge';
import { formatDate } from '@/lib/format';
import { auditListQuerySchema } from '@/lib/schemas/staff-audit';
import { PUBLICATION_STATUSES } from '@/lib/staff';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffAudits } from '@/server/staff/audits';

export const metadata: Metadata = { title: 'Audits · Staff console' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every audit, drafts included: search by project or auditor, filter by status and project, open one to edit. */
export default async function StaffAuditsPage({ searchParams }: Props) {
  const staff = await requireStaffPage('audits.read');
  const query = auditListQuerySchema.parse(await searchParams);
  const list = await listStaffAudits(query);
  const filters = { q: query.q, status: query.status, project: query.project };
  return (
    <StaffListPage
      title="Audits"
      description="Drafts stay in the console; published audits show on the project page, the home page and the leaderboard."
      action={staff.permissions.includes('audits.write') ? <ButtonLink href="/staff/audits/new">New audit</ButtonLink> : null}
      filterLabel="Find audits"
      path="/staff/audits"
      filters={filters}
      caption="Audits, latest change first"
      emptyText="No audit matches these filters."
      rowKey={(row) => row.id}
      columns={[
        {
          header: 'Project',
          cell: (row) => (
            <>
              <RowLink href={`/staff/audits/${row.id}`}>{row.projectName}</RowLink> <span className="text-muted-foreground">{row.projectId}</span>
            </>
          ),
        },
        { header: 'Auditor', cell: (row) => row.auditor },
        { header: 'Status', cell: (row) => <PublicationBadges status={row.status} isDemo={row.isDemo} /> },
        { header: 'Report date', className: 'tabular', cell: (row) => formatDate(row.publishedAt) },
        { header: 'Findings', numeric: true, cell: (row) => row.findingCount },
        { header: 'Last change', className: 'tabular', cell: (row) => formatDate(row.updatedAt) },
      ]}
      list={list}
    >
      <FilterSearch defaultValue={query.q} placeholder="Project or auditor" />
      <FilterSelect name="status" label="Status" anyLabel="Any status" defaultValue={query.status} options={optionsOf(PUBLICATION_STATUSES, PUBLICATION_STATUS_LABELS)} />
      <FilterInput name="project" label="Project slug" defaultValue={query.project} placeholder="e.g. uniswap" />
    </StaffListPage>
  );
}
