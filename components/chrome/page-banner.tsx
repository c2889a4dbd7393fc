import type { ReactNode } from 'react';

import { cn } from '@/lib/utils';

/** A page's navy hero band; the header's search appears once it is mostly scrolled past. */
export function PageBanner({ eyebrow, title, children, className }: { eyebrow?: string; title: string; children?: ReactNode; className?: string }) {
  return (
    <section data-page-banner className={cn('bg-navy text-navy-foreground', className)}>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-blue-300 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-navy-foreground/80">{children}</div> : null}
      </div>
    </section>
  );
}
