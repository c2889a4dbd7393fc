import type { Metadata } from 'next';

import { optionsOf } from '@/components/staff/form-fields';
import { FilterSearch, FilterSelect, RowLink, StaffListPage } from '@/components/staff/list-page';
import { listHref } from '@/components/staff/page-links';
import { QuoteStatusBadge } from '@/components/staff/quote-status-badge';
import { buttonVariants } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { QUOTE_OWNER_NONE, quoteListQuerySchema } from '@/lib/schemas/staff-quote';
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from '@/lib/staff';
import { quoteServiceLabel } from '@/server/quotes';
import { requireStaffPage } from '@/server/staff/access';
import { listQuoteOwners, listStaffQuotes } from '@/server/staff/quotes';

export const metadata: Metadata = { title: 'Quote requests · Staff console' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The quote inbox, newest first: search, filter by status and owner, export what is shown as CSV. */
export default async function StaffQuotesPage({ searchParams }: Props) {
  await requireStaffPage('quotes.read');
  const query = quoteListQuerySchema.parse(await searchParams);
  const [list, owners] = await Promise.all([listStaffQuotes(query), listQuoteOwners()]);
  const filters = { q: query.q, status: query.status, owner: query.owner };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <StaffListPage
      title="Quote requests"
      description="Requests from the site's Request a Quote form, newest first."
      action={
        <a href={listHref('/staff/quotes/export', filters)} download className={buttonVariants({ variant: 'outline' })}>
          Download CSV{filtered ? ' (filtered)' : ''}
        </a>
      }
      filterLabel="Find quote requests"
      path="/staff/quotes"
      filters={filters}
      caption="Quote requests, newest first"
      emptyText={filtered ? 'No request matches these filters.' : 'No quote request yet.'}
      alignTop
      rowKey={(row) => row.id}
      columns={[
        { header: 'Received', className: 'tabular whitespace-nowrap', cell: (row) => formatDate(row.createdAt) },
        {
          header: 'From',
          cell: (row) => (
            <>
              <RowLink href={`/staff/quotes/${row.id}`}>{row.name}</RowLink>
              <br />
              <span className="text-muted-foreground">{row.email}</span>
            </>
          ),
        },
        { header: 'Company', cell: (row) => row.company },
        { header: 'Services', cell: (row) => row.services.map(quoteServiceLabel).join(', ') },
        { header: 'Status', cell: (row) => <QuoteStatusBadge status={row.status} /> },
        { header: 'Owner', cell: (row) => row.ownerEmail ?? <span className="text-muted-foreground">Nobody</span> },
      ]}
      list={list}
    >
      <FilterSearch defaultValue={query.q} placeholder="Name, company or email" />
      <FilterSelect name="status" label="Status" anyLabel="Any status" defaultValue={query.status} options={optionsOf(QUOTE_STATUSES, QUOTE_STATUS_LABELS)} />
      <FilterSelect
        name="owner"
        label="Owner"
        anyLabel="Anyone"
        defaultValue={query.owner}
        options={[{ value: QUOTE_OWNER_NONE, label: 'Nobody yet' }, ...owners.map((owner) => ({ value: owner.userId, label: owner.email }))]}
      />
    </StaffListPage>
  );
}
