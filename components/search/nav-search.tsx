'use client';

import { useHeaderSearchVisible } from '@/components/header/use-header-search-visible';
import { NAV_SEARCH_DROPDOWN_WIDTH } from '@/lib/constants';
import { cx } from '@/lib/class-names';

import { ProjectSearch } from './project-search';

/** The smaller navigation-bar search: shown, and enabled, once the page is scrolled past its banner (SPEC §2). */
export function NavSearch({ className }: { className?: string }) {
  const visible = useHeaderSearchVisible();
  return (
    <div
      style={{ width: NAV_SEARCH_DROPDOWN_WIDTH }}
      className={cx('transition-opacity duration-300', visible ? 'opacity-100' : 'pointer-events-none opacity-0', className)}
      aria-hidden={!visible}
    >
      <ProjectSearch context="navigation-bar" disabled={!visible} />
    </div>
  );
}
