'use client';

import { cn } from '@/lib/utils';

import { ProjectSearch } from './project-search';

/** The smaller navigation-bar search; disabled (and invisible) unless the bar shows it. */
export function NavSearch({ visible, className }: { visible: boolean; className?: string }) {
  return (
    <div className={cn('w-[252px] transition-opacity duration-300', visible ? 'opacity-100' : 'pointer-events-none opacity-0', className)} aria-hidden={!visible}>
      <ProjectSearch context="nav" disabled={!visible} />
    </div>
  );
}
