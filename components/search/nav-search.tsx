'use client';

import { Search } from 'lucide-react';

import { NAV_SEARCH_DROPDOWN_WIDTH } from '@/lib/constants';
import { SEARCH_TEXTS } from '@/lib/messages';
import { cn } from '@/lib/utils';

/** The smaller navigation-bar search; disabled (and invisible) unless the bar shows it. */
export function NavSearch({ visible, className }: { visible: boolean; className?: string }) {
  return (
    <div
      className={cn('relative transition-opacity duration-300', visible ? 'opacity-100' : 'pointer-events-none opacity-0', className)}
      style={{ width: NAV_SEARCH_DROPDOWN_WIDTH }}
      aria-hidden={!visible}
    >
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-navy-foreground/60" />
      <input
        type="search"
        aria-label={SEARCH_TEXTS.navPlaceholder}
        placeholder={SEARCH_TEXTS.navPlaceholder}
        disabled={!visible}
        className="h-9 w-full rounded-md border border-white/15 bg-white/10 pr-3 pl-9 text-sm text-navy-foreground placeholder:text-navy-foreground/60 focus-visible:border-white/40 focus-visible:ring-2 focus-visible:ring-white/30 focus-visible:outline-none disabled:cursor-not-allowed"
      />
    </div>
  );
}
