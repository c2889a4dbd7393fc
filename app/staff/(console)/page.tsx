import Link from 'next/link';

import { STAFF_ROLE_LABELS } from '@/lib/staff';
import { staffSectionsFor } from '@/lib/staff-sections';
import { requireStaffPage } from '@/server/staff/access';
import { countOpenRecoveryCodes } from '@/server/staff/second-factor';

/** The console's start: what this role may open, and a reminder when recovery codes run low. */
export default async function StaffOverviewPage() {
  const staff = await requireStaffPage();
  const recoveryLeft = await countOpenRecoveryCodes(staff.userId);
  const sections = staffSectionsFor(staff.permissions);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Staff console</h1>
        <p className="text-muted-foreground">Signed in as {staff.email}, {STAFF_ROLE_LABELS[staff.role]}.</p>
      </div>
      {recoveryLeft <= 3 ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {recoveryLeft} recovery codes left. Ask an admin to reset your second factor to get new ones.
        </p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((section) => (
          <li key={section.href}>
            <Link href={section.href} className="block rounded-xl border p-4 font-medium hover:bg-muted">
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
