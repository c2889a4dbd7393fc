import type { Metadata } from 'next';

import { optionsOf } from '@/components/staff/form-fields';
import { FilterSelect, RowLink, StaffListPage } from '@/components/staff/list-page';
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
    <StaffListPage
      title="Incident reports"
      description="What visitors sent through Report Incident. Approve one into a draft alert, reject it with a reason, or mark it as a duplicate."
      filterLabel="Filter reports"
      path="/staff/reports"
      filters={{ status: query.status }}
      clearLabel="Clear filter"
      caption="Incident reports, undecided first"
      emptyText={query.status ? 'No report has this status.' : 'No incident report yet.'}
      alignTop
      rowKey={(row) => row.id}
      columns={[
        { header: 'Received', className: 'tabular whitespace-nowrap', cell: (row) => formatDate(row.createdAt) },
        { header: 'Project', cell: (row) => row.projectName },
        { header: 'Report', cell: (row) => <RowLink href={`/staff/reports/${row.id}`}>{row.excerpt}</RowLink> },
        { header: 'Links', numeric: true, cell: (row) => row.linkCount },
        { header: 'Email left', cell: (row) => (row.hasEmail ? 'Yes' : 'No') },
        { header: 'Status', cell: (row) => <ReportStatusBadge status={row.status} /> },
      ]}
      list={list}
    >
      <FilterSelect name="status" label="Status" anyLabel="Any status" defaultValue={query.status} options={optionsOf(REPORT_STATUSES, REPORT_STATUS_LABELS)} />
    </StaffListPage>
  );
}
