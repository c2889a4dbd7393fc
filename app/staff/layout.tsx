import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';

import { BRAND_NAME } from '@/lib/constants';
import { STAFF_ROLE_LABELS } from '@/lib/staff';
import { requireStaffMember } from '@/server/staff/access';

export const metadata: Metadata = { title: 'Staff console', robots: { index: false, follow: false } };

/** The staff console's frame. Anyone who is not staff gets the site's 404 here, before any staff page renders. */
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaffMember();
  return (
    <div className="flex flex-1 flex-col">
      <header className="border-b bg-[#0f1b3d] text-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-4 px-4">
          <Link href="/staff" className="font-semibold">
            {BRAND_NAME} <span className="font-normal text-white/70">staff console</span>
          </Link>
          <div className="flex items-center gap-4 text-sm text-white/80">
            {/* A phone has room for the role only; the overview page names the account. */}
            <span>
              <span className="hidden sm:inline">{staff.email} · </span>
              {STAFF_ROLE_LABELS[staff.role]}
            </span>
            <Link href="/" className="underline-offset-4 hover:underline">
              Back to the site
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </div>
  );
}
