import type { ReactNode } from 'react';

import { StaffNav } from '@/components/staff/staff-nav';
import { staffSectionsFor } from '@/lib/staff-sections';
import { requireStaffPage } from '@/server/staff/access';

/** Every console page: a verified member (second factor passed in this session), with the menu of their role. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaffPage();
  const sections = staffSectionsFor(staff.permissions).map(({ href, label }) => ({ href, label }));
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 md:grid-cols-[12rem_1fr]">
      <StaffNav sections={sections} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
