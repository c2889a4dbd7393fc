import type { Metadata } from 'next';

import { AlertForm } from '@/components/staff/alert-form';
import { DRAFT_NOTE, StaffNewPage } from '@/components/staff/entity-page';
import { requireStaffPage } from '@/server/staff/access';

export const metadata: Metadata = { title: 'New alert · Staff console' };

/** A new alert or incident, saved as a draft; it is published from its own page. */
export default async function NewAlertPage() {
  await requireStaffPage('alerts.write');
  return (
    <StaffNewPage backHref="/staff/alerts" backLabel="Alerts" title="New alert" note={DRAFT_NOTE}>
      <AlertForm alert={null} />
    </StaffNewPage>
  );
}
