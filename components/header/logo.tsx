import Link from 'next/link';

import { BRAND_NAME } from '@/lib/constants';
import { cn } from '@/lib/utils';

/** The brand mark: a shield and the name, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link href="/" className={cn('flex items-center gap-2 font-semibold tracking-tight', className)} aria-label={`${BRAND_NAME} home`}>
      <svg aria-hidden viewBox="0 0 24 24" className="size-7 shrink-0" fill="none">
        <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z" fill="currentColor" opacity="0.2" />
        <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z" stroke="currentColor" strokeWidth="1.6" />
        <path d="m8.5 12 2.5 2.5 4.5-5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
