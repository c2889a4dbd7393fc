import Link from 'next/link';

import { ListLink } from '@/components/ui/list-link';
import { AUTOMATIC_ALERT_TEXTS, type AlertSummary } from '@/lib/alerts';
import { ALERT_TYPE_LABELS, formatDate, formatUsd } from '@/lib/format';
import { ALERT_DATABASE_MESSAGES } from '@/lib/messages/alert-database';
import { alertDatabaseHref } from '@/lib/schemas/alert-filters';

import { AlertBadges } from './alert-badges';
import { ProjectLogo } from './project-logo';

/**
 * Security alerts, newest first, each linking to its own page (details and correction log); with `showProject` each
 * names its project. Below, a link to the incident database (#21): all alerts, or, for one project's list, that
 * project's alerts there, filtered and totalled.
 */
export function AlertsList({ alerts, showProject = false, emptyText = 'No security alerts.' }: { alerts: AlertSummary[]; showProject?: boolean; emptyText?: string }) {
  if (alerts.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;
  const project = showProject ? null : alerts.find((alert) => alert.projectId && alert.projectName);
  const databaseLink = project
    ? { href: alertDatabaseHref({ project: project.projectId }), label: ALERT_DATABASE_MESSAGES.allForProject(project.projectName!) }
    : { href: '/alerts', label: ALERT_DATABASE_MESSAGES.databaseLink };
  return (
    <div className="grid gap-2">
      <ol className="divide-y rounded-lg border">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex items-start gap-3 p-3">
            {showProject && alert.projectName ? <ProjectLogo src={alert.projectLogo} name={alert.projectName} size={28} /> : null}
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">{ALERT_TYPE_LABELS[alert.type] ?? alert.type}</span>
                <AlertBadges origin={alert.origin} retractedAt={alert.retractedAt} />
                {showProject && alert.projectId ? (
                  <ListLink href={`/projects/${alert.projectId}`} className="font-semibold hover:underline">
                    {alert.projectName}
                  </ListLink>
                ) : null}
                <span className="text-muted-foreground">
                  <time dateTime={alert.occurredAt.toISOString()}>{formatDate(alert.occurredAt)}</time>
                  {alert.chain ? ` · ${alert.chain}` : ''}
                </span>
              </p>
              <p className="mt-1 text-sm">
                <ListLink href={`/alerts/${alert.id}`} className={alert.retractedAt ? 'font-medium text-muted-foreground line-through underline-offset-4 hover:underline' : 'font-medium underline-offset-4 hover:underline'}>
                  {alert.title}
                </ListLink>
              </p>
              {alert.retractedAt ? (
                <p className="mt-0.5 text-xs text-muted-foreground">{AUTOMATIC_ALERT_TEXTS.retractedNotice(alert.retractionReason ?? '')}</p>
              ) : (
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {/* A rule's alert is about a change on the chain, not a loss: no "Lost: unknown" on it. */}
                  {alert.origin === 'automatic' ? null : (
                    <>
                      Lost: <span className="tabular">{formatUsd(alert.amountLostUsd)}</span> ·{' '}
                    </>
                  )}
                  confidence {alert.confidence}
                  {alert.isDemo ? ' · demo' : ''}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      <Link href={databaseLink.href} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        {databaseLink.label} →
      </Link>
    </div>
  );
}
