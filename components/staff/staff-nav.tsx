'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

import { cn } from '@/lib/utils';

/** The console's menu: the sections this member's role may open, the current one marked. */
export function StaffNav({ sections }: { sections: { href: string; label: string }[] }) {
  const pathname = usePathname();
  const items = [{ href: '/staff', label: 'Overview' }, ...sections];
  return (
    <nav aria-label="Staff console" className="flex gap-1 overflow-x-auto border-b pb-2 md:flex-col md:border-b-0 md:border-r md:pb-0 md:pr-4">
      {items.map((item) => {
        const current = item.href === '/staff' ? pathname === '/staff' : pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={current ? 'page' : undefined}
            className={cn('whitespace-nowrap rounded-md px-3 py-2 text-sm hover:bg-muted', current && 'bg-muted font-medium text-foreground')}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
