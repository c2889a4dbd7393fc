import { Search } from 'lucide-react';

import { cx } from '@/lib/class-names';

/**
 * The search box's magnifier, handed to ProjectSearch by whoever places the box: a server component where it can
 * be (the home banner, the header), so the first load of a page carries no icon code (#18).
 */
export function SearchIcon({ onNavy = false }: { onNavy?: boolean }) {
  return <Search aria-hidden className={cx('pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2', onNavy ? 'text-navy-foreground/60' : 'text-muted-foreground')} />;
}
