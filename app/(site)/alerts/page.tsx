import type { Metadata } from 'next';
import Link from 'next/link';

import { AlertDatabaseTable } from '@/components/alerts/alert-database-table';
import { AlertFiltersForm } from '@/components/alerts/alert-filters-form';
import { AlertTotalsPanel } from '@/components/alerts/alert-totals';
import { PageBanner } from '@/components/chrome/page-banner';
import { DownloadCsvLink } from '@/components/project/download-csv-link';
import { FeedLink } from '@/components/project/feed-link';
import { ALERT_DATABASE_MESSAGES as TEXT } from '@/lib/messages/alert-database';
import { alertCsvHref, alertDatabaseHref, alertFiltersToSearchParams, parseAlertFilters } from '@/lib/schemas/alert-filters';
import { alertTotals, listPublishedAlerts, listRecordSources } from '@/server/alert-database';

export const metadata: Metadata = { title: TEXT.title, description: TEXT.description };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The incident database (issue #21): every published alert, filtered from the URL, with totals over the filtered set. */
export default async function AlertsPage({ searchParams }: Props) {
  const { filters, ignored } = parseAlertFilters(await searchParams);
  const [list, totals, recordSources] = await Promise.all([listPublishedAlerts(filters), alertTotals(filters), listRecordSources()]);
  const pageLink = (page: number) => alertDatabaseHref({ ...filters, page });
  return (
    <>
      <PageBanner eyebrow="Incidents" title={TEXT.title}>
        <p>{TEXT.intro}</p>
      </PageBanner>
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 px-4 py-10">
        {ignored.length > 0 ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {TEXT.ignoredNotice(ignored)}
          </p>
        ) : null}
        {filters.project ? (
          <p className="text-sm">
            {TEXT.projectFilter(list.rows[0]?.projectName ?? filters.project)}{' '}
            <Link href={alertDatabaseHref({ ...filters, project: null, page: 1 })} className="font-medium text-primary underline-offset-4 hover:underline">
              {TEXT.removeProjectFilter}
            </Link>
          </p>
        ) : null}
        <div className="rounded-lg border bg-muted/30 p-4">
          {/* Keyed by the query so the inputs show the URL's values after navigation. */}
          <AlertFiltersForm key={alertFiltersToSearchParams(filters).toString()} filters={filters} />
        </div>
        <AlertTotalsPanel totals={totals} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground" role="status">
            {TEXT.listed(list.total)} · {TEXT.pageOf(list.page, list.pageCount)}
          </p>
          <DownloadCsvLink href={alertCsvHref(filters)} hint={TEXT.downloadCsvHint} />
        </div>
        <AlertDatabaseTable rows={list.rows} />
        <nav aria-label="Pagination" className="flex items-center justify-between">
          {list.page > 1 ? (
            <Link href={pageLink(list.page - 1)} className="font-medium text-primary" rel="prev">
              ← {TEXT.previous}
            </Link>
          ) : (
            <span />
          )}
          {list.page < list.pageCount ? (
            <Link href={pageLink(list.page + 1)} className="font-medium text-primary" rel="next">
              {TEXT.next} →
            </Link>
          ) : null}
        </nav>
        <FeedLink href="/alerts/feed.xml" label={TEXT.feedLink} />
        {recordSources.length ? (
          <footer className="grid gap-1 text-xs text-muted-foreground">
            <p>
              {TEXT.recordCredit}{' '}
              {recordSources.map((source, index) => (
                <span key={source.id}>
                  {index ? ', ' : ''}
                  <a href={source.url} target="_blank" rel="noopener noreferrer" className="underline underline-offset-4">
                    {source.name}
                  </a>{' '}
                  ({source.licence})
                </span>
              ))}
              .
            </p>
            <p>{TEXT.recordTaxonomy}</p>
          </footer>
        ) : null}
      </div>
    </>
  );
}
