import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { publishAlertAction } from '@/actions/staff/publish-alert';
import { AlertCorrectionLog } from '@/components/project/alert-correction-log';
import { AlertCorrectionForm, AlertForm, type AlertFormAlert } from '@/components/staff/alert-form';
import { EntityFacts, StaffEntityHeader, StaffHistory, StaffSection, TextLink } from '@/components/staff/entity-page';
import { PublicationBadge } from '@/components/staff/publication-badge';
import { PublishButton } from '@/components/staff/step-buttons';
import { Badge } from '@/components/ui/badge';
import { ALERT_FIELD_LABELS, formatAlertFieldValue, type AlertField } from '@/lib/alerts';
import { formatDate } from '@/lib/format';
import { listAlertCorrections } from '@/server/alerts';
import { requireStaffPage } from '@/server/staff/access';
import { getStaffAlert, type StaffAlert } from '@/server/staff/alerts';
import { listStaffChanges } from '@/server/staff/audit-log';

export const metadata: Metadata = { title: 'Alert · Staff console' };

type Props = { params: Promise<{ id: string }> };

const formValues = (alert: StaffAlert): AlertFormAlert => ({
  id: alert.id,
  project: alert.projectId ? { id: alert.projectId, name: alert.projectName ?? alert.projectId } : null,
  values: {
    title: alert.title,
    type: alert.type,
    occurredOn: alert.occurredOn,
    chain: alert.chain ?? '',
    amountLostUsd: alert.amountLostUsd === null ? '' : String(alert.amountLostUsd),
    amountReturnedUsd: alert.amountReturnedUsd === null ? '' : String(alert.amountReturnedUsd),
    amountsPricedOn: alert.amountsPricedOn ?? '',
    technique: alert.technique ?? '',
    sourceUrls: alert.sourceUrls.join('\n'),
    confidence: alert.confidence,
    projectId: alert.projectId ?? '',
    description: alert.description ?? '',
  },
});

/** The alert's fields as text, for members who may read it but not change it now. */
function AlertFacts({ alert }: { alert: StaffAlert }) {
  return (
    <dl className="grid max-w-3xl gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {(Object.keys(ALERT_FIELD_LABELS) as AlertField[]).map((field) => (
        <div key={field} className="contents">
          <dt className="text-muted-foreground">{ALERT_FIELD_LABELS[field]}</dt>
          <dd className="tabular break-words whitespace-pre-line">{formatAlertFieldValue(field, alert[field])}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One alert: a draft is edited and published by analysts; a published one is corrected, with a public reason, by
 * analysts and moderators. Below, its public correction log and every staff change of it.
 */
export default async function StaffAlertPage({ params }: Props) {
  const staff = await requireStaffPage('alerts.read');
  const alert = await getStaffAlert((await params).id);
  if (!alert) notFound();
  const [history, corrections] = await Promise.all([listStaffChanges({ entityType: 'alert', entityId: alert.id }), listAlertCorrections(alert.id)]);
  const can = (permission: (typeof staff.permissions)[number]) => staff.permissions.includes(permission);
  const isDraft = alert.status === 'draft';
  return (
    <div className="grid gap-8">
      <StaffEntityHeader backHref="/staff/alerts" backLabel="Alerts" title={alert.title}>
        <EntityFacts>
          <PublicationBadge status={alert.status} />
          {alert.isDemo ? <Badge variant="outline">Demo data</Badge> : null}
          {alert.publishedAt ? <span className="text-muted-foreground">Published {formatDate(alert.publishedAt)}</span> : null}
          <span className="text-muted-foreground">Last change {formatDate(alert.updatedAt)}</span>
          {alert.status === 'published' ? <TextLink href={`/alerts/${alert.id}`}>Public page</TextLink> : null}
          {alert.fromReportId && can('reports.read') ? <TextLink href={`/staff/reports/${alert.fromReportId}`}>The community report it came from</TextLink> : null}
        </EntityFacts>
      </StaffEntityHeader>

      {isDraft && can('alerts.write') ? (
        <>
          <PublishButton action={publishAlertAction} id={alert.id} label="Publish alert" hint="Publishing shows this alert on the project page, the home feed and its own page at once. Save your changes first." />
          <AlertForm alert={formValues(alert)} />
        </>
      ) : null}
      {isDraft && !can('alerts.write') ? (
        <StaffSection id="alert-facts-heading" heading="Draft">
          <p className="text-sm text-muted-foreground">Analysts complete and publish drafts; once published, you can correct it here.</p>
          <AlertFacts alert={alert} />
        </StaffSection>
      ) : null}
      {!isDraft && can('alerts.correct') ? (
        <StaffSection id="alert-correct-heading" heading="Correct this alert">
          <p className="text-sm text-muted-foreground">Change what needs correcting and say why: the change and the reason are published in the correction log.</p>
          <AlertCorrectionForm alert={formValues(alert)} />
        </StaffSection>
      ) : null}

      {!isDraft ? (
        <StaffSection id="alert-corrections-heading" heading="Correction log">
          <AlertCorrectionLog corrections={corrections} headingId="alert-corrections-heading" />
        </StaffSection>
      ) : null}
      <StaffHistory entity="alert" entries={history} emptyText="No staff change of this alert yet." />
    </div>
  );
}
