import type { Metadata } from 'next';

import { optionsOf } from '@/components/staff/form-fields';
import { ButtonLink, FilterInput, FilterSearch, FilterSelect, RowLink, StaffListPage } from '@/components/staff/list-page';
import { PUBLICATION_STATUS_LABELS, PublicationBadges } from '@/components/staff/publication-badge';
import { ALERT_TYPES } from '@/lib/alerts';
import { ALERT_TYPE_LABELS, formatDate, formatUsd } from '@/lib/format';
import { alertListQuerySchema } from '@/lib/schemas/staff-alert';
import { PUBLICATION_STATUSES } from '@/lib/staff';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffAlerts } from '@/server/staff/alerts';

export const metadata: Metadata = { title: 'Alerts · Staff console' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Every alert and incident, drafts included: search, filter by type, status and project, open one to edit or correct. */
export default async function StaffAlertsPage({ searchParams }: Props) {
  const staff = await requireStaffPage('alerts.read');
  const query = alertListQuerySchema.parse(await searchParams);
  const list = await listStaffAlerts(query);
  const filters = { q: query.q, type: query.type, status: query.status, project: query.project };
  return (
    <StaffListPage
      title="Alerts and incidents"
      description="Drafts stay in the console. A published alert is corrected with a reason, shown in its public correction log."
      action={
        staff.permissions.includes('alerts.write') ? (
          <span className="flex gap-2">
            <ButtonLink href="/staff/alerts/import">Import incidents</ButtonLink>
            <ButtonLink href="/staff/alerts/new">New alert</ButtonLink>
          </span>
        ) : null
      }
      filterLabel="Find alerts"
      path="/staff/alerts"
      filters={filters}
      caption="Alerts, latest change first"
      emptyText="No alert matches these filters."
      rowKey={(row) => row.id}
      columns={[
        { header: 'Alert', cell: (row) => <RowLink href={`/staff/alerts/${row.id}`}>{row.title}</RowLink> },
        { header: 'Type', cell: (row) => ALERT_TYPE_LABELS[row.type] ?? row.type },
        { header: 'Project', cell: (row) => row.projectName ?? <span className="text-muted-foreground">None</span> },
        { header: 'Status', cell: (row) => <PublicationBadges status={row.status} isDemo={row.isDemo} /> },
        { header: 'Date', className: 'tabular', cell: (row) => formatDate(row.occurredAt) },
        { header: 'Lost', numeric: true, cell: (row) => formatUsd(row.amountLostUsd) },
      ]}
      list={list}
    >
      <FilterSearch defaultValue={query.q} placeholder="Title, project, chain or technique" />
      <FilterSelect name="type" label="Type" anyLabel="Any type" defaultValue={query.type} options={optionsOf(ALERT_TYPES, ALERT_TYPE_LABELS)} />
      <FilterSelect name="status" label="Status" anyLabel="Any status" defaultValue={query.status} options={optionsOf(PUBLICATION_STATUSES, PUBLICATION_STATUS_LABELS)} />
      <FilterInput name="project" label="Project slug" defaultValue={query.project} placeholder="e.g. uniswap" />
    </StaffListPage>
  );
}
