import Link from 'next/link';

import { AlertBadges } from '@/components/project/alert-badges';
import { ProjectLogo } from '@/components/project/project-logo';
import type { AlertSource } from '@/lib/alert-sources';
import type { AlertSummary } from '@/lib/alerts';
import { ALERT_TYPE_LABELS, formatDate, formatUsd } from '@/lib/format';
import { ALERT_DATABASE_MESSAGES as TEXT } from '@/lib/messages/alert-database';

type Row = AlertSummary & { technique: string | null; amountReturnedUsd: number | null; amountsPricedOn: string | null; sources: AlertSource[] };

/** A source's link text: outside links are numbered; the alert's own evidence, the explorer and the demo say what they are. */
function sourceLabel(source: AlertSource, index: number): string {
  return source.kind === 'link' ? TEXT.sourceLink(index + 1) : TEXT.sourceLabels[source.kind];
}

/** The sources as links; those leaving the site open in a new tab. */
function AlertSourceLinks({ sources }: { sources: AlertSource[] }) {
  if (sources.length === 0) return <>—</>;
  return (
    <span className="flex flex-wrap gap-x-2">
      {sources.map((source, index) =>
        source.href.startsWith('/') ? (
          <Link key={source.href} href={source.href} className="text-primary underline underline-offset-4">
            {sourceLabel(source, index)}
          </Link>
        ) : (
          <a key={source.href} href={source.href} target="_blank" rel="noopener noreferrer nofollow" title={source.href} className="text-primary underline underline-offset-4">
            {sourceLabel(source, index)}
          </a>
        ),
      )}
    </span>
  );
}

/** "priced on <day>" under a row's amounts, when it has an amount and states the day. */
function PricedOn({ row }: { row: Row }) {
  if (!row.amountsPricedOn || (row.amountLostUsd === null && row.amountReturnedUsd === null)) return null;
  return <span className="block text-xs whitespace-nowrap text-muted-foreground">{TEXT.pricedOn(formatDate(`${row.amountsPricedOn}T00:00:00Z`))}</span>;
}

/** The incident database's rows: each title links to the alert's own page; automatic and retracted ones are marked. */
export function AlertDatabaseTable({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return <p className="text-muted-foreground">{TEXT.empty}</p>;
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted/40 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="p-2 font-medium">{TEXT.columns.alert}</th>
            <th scope="col" className="p-2 font-medium">{TEXT.columns.project}</th>
            <th scope="col" className="p-2 font-medium">{TEXT.columns.type}</th>
            <th scope="col" className="p-2 font-medium">{TEXT.columns.technique}</th>
            <th scope="col" className="p-2 font-medium">{TEXT.columns.chain}</th>
            <th scope="col" className="p-2 font-medium">{TEXT.columns.date}</th>
            <th scope="col" className="p-2 text-right font-medium">{TEXT.columns.lost}</th>
            <th scope="col" className="p-2 text-right font-medium">{TEXT.columns.returned}</th>
            <th scope="col" className="p-2 font-medium">{TEXT.sources}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t align-top">
              <td className="p-2">
                <Link href={`/alerts/${row.id}`} className={row.retractedAt ? 'font-medium text-muted-foreground line-through hover:underline' : 'font-medium hover:underline'}>
                  {row.title}
                </Link>
                <span className="mt-1 flex flex-wrap gap-1">
                  <AlertBadges origin={row.origin} retractedAt={row.retractedAt} />
                  {row.isDemo ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{TEXT.demo}</span> : null}
                </span>
              </td>
              <td className="p-2">
                {row.projectId && row.projectName ? (
                  <Link href={`/projects/${row.projectId}`} className="flex items-center gap-2 hover:underline">
                    <ProjectLogo src={row.projectLogo} name={row.projectName} size={20} />
                    {row.projectName}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td className="p-2">{ALERT_TYPE_LABELS[row.type] ?? row.type}</td>
              <td className="p-2">{row.technique ?? '—'}</td>
              <td className="p-2">{row.chain ?? '—'}</td>
              <td className="p-2 whitespace-nowrap">
                <time dateTime={row.occurredAt.toISOString()}>{formatDate(row.occurredAt)}</time>
              </td>
              <td className="tabular p-2 text-right">
                {formatUsd(row.amountLostUsd)}
                <PricedOn row={row} />
              </td>
              <td className="tabular p-2 text-right">{formatUsd(row.amountReturnedUsd)}</td>
              <td className="p-2">
                <AlertSourceLinks sources={row.sources} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
