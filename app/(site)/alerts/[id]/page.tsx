import { ExternalLink } from 'lucide';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';

import { Icon } from '@/components/ui/icon';
import { AlertBadges } from '@/components/project/alert-badges';
import { AlertCorrectionLog } from '@/components/project/alert-correction-log';
import { AlertEvidencePanel } from '@/components/project/alert-evidence';
import { AlertsList } from '@/components/project/alerts-list';
import { IncidentFactsPanel } from '@/components/project/incident-facts';
import { ProjectLogo } from '@/components/project/project-logo';
import { CardSection } from '@/components/ui/card-section';
import { ALERT_PAGE_ANCHORS, alertSources } from '@/lib/alert-sources';
import { ALERT_CONFIDENCE_LABELS, AUTOMATIC_ALERT_TEXTS, formatAlertFieldValue, type AlertConfidence } from '@/lib/alerts';
import { ALERT_TYPE_LABELS, formatDate } from '@/lib/format';
import { INCIDENT_TEXTS } from '@/lib/incidents';
import { ALERT_DATABASE_MESSAGES as TEXT } from '@/lib/messages/alert-database';
import { getPublishedAlert } from '@/server/alerts';
import { getConfig } from '@/server/config';
import { listProjectAlerts } from '@/server/projects';

/** Other alerts of the same project shown under an alert; the rest are one link away in the incident database. */
const RELATED_ALERTS = 10;

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const alert = await getPublishedAlert((await params).id);
  if (!alert) return { title: 'Alert not found', description: 'There is no published alert at this address.' };
  const type = ALERT_TYPE_LABELS[alert.type] ?? alert.type;
  return {
    title: `${alert.title}${alert.projectName ? ` (${alert.projectName})` : ''}`,
    description: `${type} on ${formatDate(alert.occurredAt)}${alert.projectName ? ` affecting ${alert.projectName}` : ''}: what happened, the sources, and every correction since it was published.`,
  };
}

/** A published security alert: what happened, its sources, and its correction log. Drafts and hidden projects' alerts are 404. */
export default async function AlertPage({ params }: Props) {
  const alert = await getPublishedAlert((await params).id);
  if (!alert) notFound();
  const automatic = alert.origin === 'automatic';
  const { explorerUrl } = getConfig();
  const sources = alertSources(alert, explorerUrl);
  const related = alert.projectId ? (await listProjectAlerts(alert.projectId)).filter((other) => other.id !== alert.id).slice(0, RELATED_ALERTS) : [];
  const hasAmount = alert.amountLostUsd !== null || alert.amountReturnedUsd !== null;
  const facts: [string, string][] = [
    ['Date', formatDate(alert.occurredAt)],
    ['Chain', alert.chain ?? 'Unknown'],
    // A rule's alert reports a change on the chain, not a loss: amounts and technique are an analyst's findings.
    ...(automatic
      ? []
      : ([
          ['Amount lost', alert.amountLostUsd === null ? 'Unknown' : formatAlertFieldValue('amountLostUsd', alert.amountLostUsd)],
          ['Amount returned', alert.amountReturnedUsd === null ? 'Unknown' : formatAlertFieldValue('amountReturnedUsd', alert.amountReturnedUsd)],
          // USD amounts are stated with the day they were priced (issue #21).
          ...(hasAmount ? [['Amounts priced on', alert.amountsPricedOn ? formatAlertFieldValue('amountsPricedOn', alert.amountsPricedOn) : 'Not stated']] : []),
          ['Technique', alert.technique ?? 'Not established'],
        ] as [string, string][])),
    ['Confidence', ALERT_CONFIDENCE_LABELS[alert.confidence as AlertConfidence] ?? alert.confidence],
  ];
  return (
    <>
      <section data-page-banner className="bg-navy text-navy-foreground">
        <div className="mx-auto grid max-w-4xl gap-3 px-4 py-10">
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">{ALERT_TYPE_LABELS[alert.type] ?? alert.type}</span>
            <AlertBadges origin={alert.origin} retractedAt={alert.retractedAt} />
            {alert.projectId && alert.projectName ? (
              <Link href={`/projects/${alert.projectId}`} className="inline-flex items-center gap-2 font-medium text-white underline-offset-4 hover:underline">
                <ProjectLogo src={alert.projectLogo} name={alert.projectName} size={24} className="bg-white p-0.5" />
                {alert.projectName}
              </Link>
            ) : null}
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{alert.title}</h1>
          <p className="text-sm text-navy-foreground/80">
            {alert.publishedAt ? (
              <>
                Published <time dateTime={alert.publishedAt.toISOString()}>{formatDate(alert.publishedAt)}</time>
              </>
            ) : null}
            {alert.corrections.length ? ` · corrected ${alert.corrections.length} ${alert.corrections.length === 1 ? 'time' : 'times'}` : ''}
          </p>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10">
        {alert.retractedAt ? (
          <p role="status" className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-950">
            {AUTOMATIC_ALERT_TEXTS.retractedNotice(alert.retractionReason ?? '')} (<time dateTime={alert.retractedAt.toISOString()}>{formatDate(alert.retractedAt)}</time>)
          </p>
        ) : null}
        {alert.isDemo ? (
          <p id={ALERT_PAGE_ANCHORS.demo} className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">This alert was generated for the demo and is not a statement about the project.</p>
        ) : null}
        <CardSection id="alert-facts-heading" title="What happened">
          <dl className="mt-4 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="tabular font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          {alert.description ? <p className="mt-4 whitespace-pre-line">{alert.description}</p> : null}
        </CardSection>
        {alert.incident ? (
          <CardSection id="alert-incident-heading" title={INCIDENT_TEXTS.title}>
            <IncidentFactsPanel facts={alert.incident} />
          </CardSection>
        ) : null}
        {alert.evidence ? (
          <CardSection id={ALERT_PAGE_ANCHORS.evidence} title={AUTOMATIC_ALERT_TEXTS.evidenceTitle}>
            <AlertEvidencePanel evidence={alert.evidence} explorerUrl={explorerUrl} />
          </CardSection>
        ) : null}
        <CardSection id="alert-sources-heading" title="Sources">
          {automatic ? <p className="mt-1 text-sm text-muted-foreground">{TEXT.sourcesExplained}</p> : null}
          {sources.length ? (
            <ul className="mt-3 grid gap-2 text-sm">
              {sources.map((source) => (
                <li key={source.href}>
                  {source.kind === 'link' || source.kind === 'explorer' ? (
                    <a href={source.href} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1 break-all text-primary underline underline-offset-4">
                      {source.kind === 'explorer' ? `${TEXT.sourceLabels.explorer}: ` : ''}
                      {source.href} <Icon node={ExternalLink} className="size-3 shrink-0" />
                    </a>
                  ) : (
                    <Link href={source.href} className="text-primary underline underline-offset-4">
                      {TEXT.sourceOnPage[source.kind]}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-muted-foreground">No source recorded.</p>
          )}
        </CardSection>
        {alert.projectId && alert.projectName ? (
          <CardSection id="alert-related-heading" title={TEXT.relatedTitle(alert.projectName)}>
            <div className="mt-3">
              <AlertsList alerts={related} emptyText={TEXT.noRelated} />
            </div>
          </CardSection>
        ) : null}
        <CardSection id="alert-corrections-heading" title="Correction log">
          <p className="mt-1 mb-4 text-sm text-muted-foreground">Every change to this alert since it was published, with the reason for it.</p>
          <AlertCorrectionLog corrections={alert.corrections} headingId="alert-corrections-heading" />
        </CardSection>
      </div>
    </>
  );
}
