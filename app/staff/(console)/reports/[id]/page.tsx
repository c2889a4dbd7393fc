import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { EntityFacts, StaffEntityHeader, StaffHistory, StaffSection, TextLink } from '@/components/staff/entity-page';
import { PUBLICATION_STATUS_LABELS } from '@/components/staff/publication-badge';
import { ReportDecision } from '@/components/staff/report-decision';
import { ReportStatusBadge } from '@/components/staff/report-status-badge';
import { formatDate } from '@/lib/format';
import { requireStaffPage } from '@/server/staff/access';
import { listDuplicateCandidates } from '@/server/staff/alerts';
import { listStaffChanges } from '@/server/staff/audit-log';
import { getIncidentReport } from '@/server/staff/reports';

export const metadata: Metadata = { title: 'Incident report · Staff console' };

type Props = { params: Promise<{ id: string }> };

const DECISION_WORDS = { approved: 'Approved', rejected: 'Rejected', duplicate: 'Marked as a duplicate' } as const;

/** One community report: what the visitor sent, and the decision on it (or the three ways to decide). */
export default async function StaffReportPage({ params }: Props) {
  const staff = await requireStaffPage('reports.read');
  const report = await getIncidentReport((await params).id);
  if (!report) notFound();
  const canModerate = staff.permissions.includes('reports.moderate');
  const decidable = report.status === 'new' && canModerate;
  const [history, candidates] = await Promise.all([listStaffChanges({ entityType: 'report', entityId: report.id }), decidable ? listDuplicateCandidates(report.projectId) : []]);
  const alertHref = report.alertId && staff.permissions.includes('alerts.read') ? `/staff/alerts/${report.alertId}` : null;
  return (
    <div className="grid gap-8">
      <StaffEntityHeader backHref="/staff/reports" backLabel="Incident reports" title={`Report about ${report.projectName}`}>
        <EntityFacts>
          <ReportStatusBadge status={report.status} />
          <span className="text-muted-foreground">Received {formatDate(report.createdAt)}</span>
          <TextLink href={`/projects/${report.projectId}`}>Project page</TextLink>
        </EntityFacts>
      </StaffEntityHeader>

      <StaffSection id="report-content-heading" heading="What the visitor reported" className="max-w-3xl">
        <p className="rounded-lg border p-4 break-words whitespace-pre-line">{report.description}</p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">Links</dt>
          <dd>
            {report.links.length ? (
              <ul className="grid gap-1">
                {report.links.map((link) => (
                  <li key={link}>
                    <a href={link} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary underline underline-offset-4">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            )}
          </dd>
          <dt className="text-muted-foreground">Contact</dt>
          <dd className="break-all">{report.contact ?? 'None left'}</dd>
        </dl>
      </StaffSection>

      <StaffSection id="report-decision-heading" heading="Decision" className="max-w-3xl">
        {report.status === 'new' ? (
          decidable ? (
            <ReportDecision
              reportId={report.id}
              mailsReporter={report.hasEmail}
              candidates={candidates.map((alert) => ({
                id: alert.id,
                label: `${alert.title} · ${alert.projectName ?? 'no project'} · ${formatDate(alert.occurredAt)} · ${PUBLICATION_STATUS_LABELS[alert.status]}`,
              }))}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Not decided yet. Moderators decide on reports.</p>
          )
        ) : (
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-muted-foreground">Outcome</dt>
            <dd>{DECISION_WORDS[report.status]}</dd>
            {report.alertId ? (
              <>
                <dt className="text-muted-foreground">{report.status === 'approved' ? 'Draft alert' : 'Repeats'}</dt>
                <dd>{alertHref ? <TextLink href={alertHref}>{report.alertTitle ?? report.alertId}</TextLink> : (report.alertTitle ?? report.alertId)}</dd>
              </>
            ) : null}
            {report.resolutionReason ? (
              <>
                <dt className="text-muted-foreground">Reason</dt>
                <dd className="whitespace-pre-line">{report.resolutionReason}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Decided</dt>
            <dd>
              {report.resolvedAt ? formatDate(report.resolvedAt) : 'Unknown date'}
              {report.resolvedByEmail ? ` by ${report.resolvedByEmail}` : ''}
            </dd>
          </dl>
        )}
      </StaffSection>

      <StaffHistory entity="report" entries={history} emptyText="No staff change of this report yet." />
    </div>
  );
}
