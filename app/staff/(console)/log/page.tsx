import type { Metadata } from 'next';
import Link from 'next/link';

import { FilterForm, FilterSelect, plainOptions, StaffPageHeader } from '@/components/staff/list-page';
import { listHref } from '@/components/staff/page-links';
import { StaffLogEntries } from '@/components/staff/staff-log-entries';
import { staffLogQuerySchema } from '@/lib/schemas/staff-log';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffLogFacets, readStaffLog } from '@/server/staff/log';

export const metadata: Metadata = { title: 'Audit log · Staff console' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Admins: every staff change, newest first (who, what, when, each field before and after), filtered and paged back. */
export default async function StaffLogPage({ searchParams }: Props) {
  await requireStaffPage('auditLog.read');
  const query = staffLogQuerySchema.parse(await searchParams);
  const [{ entries, olderBefore }, facets] = await Promise.all([readStaffLog(query), listStaffLogFacets()]);
  const filters = { type: query.type, actor: query.actor };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="grid gap-6">
      <StaffPageHeader title="Audit log" description="Every staff change, newest first. The log only grows: nobody can edit or delete an entry." />
      <FilterForm label="Filter the audit log" path="/staff/log" filters={filters} search={false}>
        <FilterSelect name="type" label="Entity type" anyLabel="All types" defaultValue={query.type} options={plainOptions(facets.entityTypes)} />
        <FilterSelect name="actor" label="Actor" anyLabel="Anyone" defaultValue={query.actor} options={plainOptions(facets.actors)} />
      </FilterForm>
      <StaffLogEntries entries={entries} emptyText={filtered ? 'No entry matches these filters.' : 'No staff change recorded yet.'} />
      <nav aria-label="Pages" className="flex flex-wrap gap-4 text-sm">
        {query.before ? (
          <Link href={listHref('/staff/log', filters)} className="font-medium text-primary underline underline-offset-4">
            Newest entries
          </Link>
        ) : null}
        {olderBefore ? (
          <Link href={listHref('/staff/log', { ...filters, before: olderBefore })} className="font-medium text-primary underline underline-offset-4">
            Older entries
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
