import type { Metadata } from 'next';

import { IncidentImportForm } from '@/components/staff/incident-import-form';
import { requireStaffPage } from '@/server/staff/access';

export const metadata: Metadata = { title: 'Import incidents · Staff console' };

/** The incident record's import: upload, preview, confirm (the same as `npm run import -- incidents`). */
export default async function IncidentImportPage() {
  await requireStaffPage('alerts.write');
  return (
    <div className="grid max-w-3xl gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Import incidents</h1>
        <p className="text-sm text-muted-foreground">
          A file of the public record (content/incidents/README.md gives its format). Known incidents, by their source’s own id, are updated with a public correction; new ones are
          published, and their project’s watchers are told only when the incident is less than 30 days old.
        </p>
      </div>
      <IncidentImportForm />
    </div>
  );
}
