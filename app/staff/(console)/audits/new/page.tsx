import type { Metadata } from 'next';

import { AuditForm } from '@/components/staff/audit-form';
import { DRAFT_NOTE, StaffNewPage } from '@/components/staff/entity-page';
import { requireStaffPage } from '@/server/staff/access';

export const metadata: Metadata = { title: 'New audit · Staff console' };

/** A new audit, saved as a draft; it is published from its own page. */
export default async function NewAuditPage() {
  await requireStaffPage('audits.write');
  return (
    <StaffNewPage backHref="/staff/audits" backLabel="Audits" title="New audit" note={DRAFT_NOTE}>
      <AuditForm audit={null} />
    </StaffNewPage>
  );
}
