import type { Metadata } from 'next';

import { optionsOf } from '@/components/staff/form-fields';
import { FilterForm, FilterSelect, RowLink, StaffPageHeader, StaffTable } from '@/components/staff/list-page';
import { PageLinks } from '@/components/staff/page-links';
import { ReportStatusBadge } from '@/components/staff/report-status-badge';
import { formatDate } from '@/lib/format';
import { reportListQuerySchema } from '@/lib/schemas/staff-report';
import { REPORT_STATUS_LABELS, REPORT_STATUSES } from '@/lib/staff';
import { requireStaffPage } from '@/server/staff/access';
import { listIncidentReports } from '@/server/staff/reports';

export const metadata: Metadata = { title: 'Incident reports · Staff console' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The moderation queue of the Report Incident form: undecided reports first, newest first. */
export default async function StaffReportsPage({ searchParams }: Props) {
  await requireStaffPage('reports.read');
  const query = reportListQuerySchema.parse(await searchParams);
  const list = await listIncidentReports(query);
  return (
    <div className="grid gap-6">
      <StaffPageHeader
        title="Incident reports"
        description="What visitors sent through Report Incident. Approve one into a draft alert, reject it with a reason, or mark it as a duplicate."
      />
      <FilterForm label="Filter reports" path="/staff/reports" filters={{ status: query.status }} clearLabel="Clear filter">
        <FilterSelect name="status" label="Status" anyLabel="Any status" defaultValue={query.status} options={optionsOf(REPORT_STATUSES, REPORT_STATUS_LABELS)} />
      </FilterForm>
      <StaffTable
        caption="Incident reports, undecided first"
        emptyText={query.status ? 'No report has this status.' : 'No incident report yet.'}
        alignTop
        rows={list.rows}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Received', className: 'tabular whitespace-nowrap', cell: (row) => formatDate(row.createdAt) },
          { header: 'Project', cell: (row) => row.projectName },
          { header: 'Report', cell: (row) => <RowLink href={`/staff/reports/${row.id}`}>{row.excerpt}</RowLink> },
          { header: 'Links', numeric: true, cell: (row) => row.linkCount },
          { header: 'Email left', cell: (row) => (row.hasEmail ? 'Yes' : 'No') },
          { header: 'Status', cell: (row) => <ReportStatusBadge status={row.status} /> },
        ]}
      />
      <PageLinks path="/staff/reports" params={{ status: query.status }} page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
