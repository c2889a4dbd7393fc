import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { publishAuditAction } from '@/actions/staff/publish-audit';
import { AuditCodeForm } from '@/components/staff/audit-code-form';
import { AuditForm } from '@/components/staff/audit-form';
import { EntityFacts, StaffEntityHeader, StaffHistory, TextLink } from '@/components/staff/entity-page';
import { PublicationBadge } from '@/components/staff/publication-badge';
import { PublishButton } from '@/components/staff/step-buttons';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { requireStaffPage } from '@/server/staff/access';
import { getAuditCode } from '@/server/staff/audit-code';
import { listStaffChanges } from '@/server/staff/audit-log';
import { getStaffAudit } from '@/server/staff/audits';

export const metadata: Metadata = { title: 'Edit audit · Staff console' };

type Props = { params: Promise<{ id: string }> };

/** One audit: its form, publication while it is a draft, and every staff change of it. */
export default async function StaffAuditPage({ params }: Props) {
  const staff = await requireStaffPage('audits.read');
  const audit = await getStaffAudit((await params).id);
  if (!audit) notFound();
  const history = await listStaffChanges({ entityType: 'audit', entityId: audit.id });
  const canWrite = staff.permissions.includes('audits.write');
  const countedOnly = audit.findingItems.length === 0 ? Object.values(audit.findings).reduce((sum, count) => sum + count.total, 0) : 0;
  return (
    <div className="grid gap-8">
      <StaffEntityHeader backHref="/staff/audits" backLabel="Audits" title={`Audit of ${audit.projectName} by ${audit.auditor}`}>
        <EntityFacts>
          <PublicationBadge status={audit.status} />
          {audit.isDemo ? <Badge variant="outline">Demo data</Badge> : null}
          <span className="text-muted-foreground">Last change {formatDate(audit.updatedAt)}</span>
          {audit.status === 'published' ? <TextLink href={`/projects/${audit.projectId}`}>Public page</TextLink> : null}
        </EntityFacts>
      </StaffEntityHeader>
      {canWrite && audit.status === 'draft' ? (
        <PublishButton action={publishAuditAction} id={audit.id} label="Publish audit" hint="Publishing shows this audit on the project page, the home page and the leaderboard at once. Save your changes first." />
      ) : null}
      {canWrite && countedOnly > 0 ? (
        <p className="max-w-3xl rounded-md border px-4 py-3 text-sm text-muted-foreground">
          This audit&apos;s findings were entered as counts only ({countedOnly} in all). The counts stay as they are until findings are entered one by one below.
        </p>
      ) : null}
      {canWrite ? (
        <AuditForm
          audit={{
            id: audit.id,
            status: audit.status,
            project: { id: audit.projectId, name: audit.projectName },
            reportFileUrl: audit.reportFileUrl,
            values: {
              projectId: audit.projectId,
              auditor: audit.auditor,
              startedOn: audit.startedOn ?? '',
              endedOn: audit.endedOn ?? '',
              publishedOn: audit.publishedOn,
              scope: audit.scope,
              sourceRef: audit.sourceRef ?? '',
              findingItems: audit.findingItems,
              reportFile: audit.reportFile ?? '',
            },
          }}
        />
      ) : null}
      {canWrite ? <AuditCodeForm auditId={audit.id} {...await getAuditCode(audit.id)} /> : null}
      <StaffHistory entity="audit" entries={history} emptyText="No staff change of this audit yet." />
    </div>
  );
}
