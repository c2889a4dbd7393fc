import type { Metadata } from 'next';

import { AlertForm } from '@/components/staff/alert-form';
import { StaffEntityHeader } from '@/components/staff/entity-page';
import { requireStaffPage } from '@/server/staff/access';

export const metadata: Metadata = { title: 'New alert · Staff console' };

/** A new alert or incident, saved as a draft; it is published from its own page. */
export default async function NewAlertPage() {
  await requireStaffPage('alerts.write');
  return (
    <div className="grid gap-6">
      <StaffEntityHeader backHref="/staff/alerts" backLabel="Alerts" title="New alert">
        <p className="text-muted-foreground">Saved as a draft: nothing shows publicly until you publish it.</p>
      </StaffEntityHeader>
      <AlertForm alert={null} />
    </div>
  );
}
