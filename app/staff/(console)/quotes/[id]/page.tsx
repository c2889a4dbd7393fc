import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { EntityFacts, StaffEntityHeader, StaffHistory, StaffSection } from '@/components/staff/entity-page';
import { QuoteForm } from '@/components/staff/quote-form';
import { QuoteStatusBadge } from '@/components/staff/quote-status-badge';
import { formatDate } from '@/lib/format';
import { quoteServiceLabel } from '@/server/quotes';
import { requireStaffPage } from '@/server/staff/access';
import { listStaffChanges } from '@/server/staff/audit-log';
import { getStaffQuote, listQuoteOwners } from '@/server/staff/quotes';

export const metadata: Metadata = { title: 'Quote request · Staff console' };

type Props = { params: Promise<{ id: string }> };

/** One quote request: what was asked, its handling (status, owner, notes) and every staff change of it. */
export default async function StaffQuotePage({ params }: Props) {
  const staff = await requireStaffPage('quotes.read');
  const { id } = await params;
  const quote = await getStaffQuote(id);
  if (!quote) notFound();
  const [members, history] = await Promise.all([listQuoteOwners(), listStaffChanges({ entityType: 'quote', entityId: quote.id })]);
  const formerOwner = quote.ownerUserId && !members.some((member) => member.userId === quote.ownerUserId);
  const owners = formerOwner ? [...members, { userId: quote.ownerUserId!, email: `${quote.ownerEmail} (no longer handles quotes)` }] : members;
  return (
    <div className="grid gap-8">
      <StaffEntityHeader
        backHref="/staff/quotes"
        backLabel="Quote requests"
        title={
          <>
            {quote.company} <span className="font-normal text-muted-foreground">· {quote.name}</span>
          </>
        }
      >
        <EntityFacts>
          <QuoteStatusBadge status={quote.status} />
          <span>Received {formatDate(quote.createdAt)}</span>
          <span>Owner: {quote.ownerEmail ?? 'nobody'}</span>
        </EntityFacts>
      </StaffEntityHeader>
      <dl className="grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Name</dt>
        <dd>{quote.name}</dd>
        <dt className="text-muted-foreground">Email</dt>
        <dd>
          <a href={`mailto:${quote.email}`} className="text-primary underline underline-offset-4">
            {quote.email}
          </a>
        </dd>
        <dt className="text-muted-foreground">Company</dt>
        <dd>{quote.company}</dd>
        <dt className="text-muted-foreground">Website</dt>
        <dd className="break-all">{quote.website ?? '—'}</dd>
        <dt className="text-muted-foreground">Services</dt>
        <dd>{quote.services.map(quoteServiceLabel).join(', ')}</dd>
        <dt className="text-muted-foreground">Message</dt>
        <dd className="whitespace-pre-wrap">{quote.message}</dd>
      </dl>
      {staff.permissions.includes('quotes.write') ? (
        <StaffSection id="quote-handling-heading" heading="Handling">
          <QuoteForm quoteId={quote.id} values={{ status: quote.status, ownerUserId: quote.ownerUserId ?? '', notes: quote.notes }} owners={owners} />
        </StaffSection>
      ) : null}
      <StaffHistory entity="quote" entries={history} emptyText="No staff change of this request yet." />
    </div>
  );
}
