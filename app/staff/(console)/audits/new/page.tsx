import type { Metadata } from 'next';

import { AuditForm } from '@/components/staff/audit-form';
import { StaffEntityHeader } from '@/components/staff/entity-page';
import { requireStaffPage } from '@/server/staff/access';

export const metadata: Metadata = { title: 'New audit · Staff console' };

/** A new audit, saved as a draft; it is published from its own page. */
export default async function NewAuditPage() {
  await requireStaffPage('audits.write');
  return (
    <div className="grid gap-6">
      <StaffEntityHeader backHref="/staff/audits" backLabel="Audits" title="New audit">
        <p className="text-muted-foreground">Saved as a draft: nothing shows publicly until you publish it.</p>
      </StaffEntityHeader>
      <AuditForm audit={null} />
    </div>
  );
}
