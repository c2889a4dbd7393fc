import { Star } from 'lucide';

import { Icon } from '@/components/ui/icon';
import { cx } from '@/lib/class-names';

/** `dark` on the navy project banner, `light` in tables on the page's background. */
export type StarTone = 'dark' | 'light';
export type StarProps = { projectId: string; projectName: string; tone?: StarTone; className?: string };

// A look per tone rather than className overrides: the classes join without a merge (cx).
const STAR_TONES: Record<StarTone, string> = { dark: 'size-9 text-white hover:bg-white/10', light: 'size-8 hover:bg-muted' };

/** The star itself: its name and pressed state say whether the project is in the list a star adds to. */
export function StarButton({ projectName, tone = 'light', className, watched, busy, onClick }: Omit<StarProps, 'projectId'> & { watched: boolean; busy: boolean; onClick?: () => void }) {
  const label = watched ? `Remove ${projectName} from watchlist` : `Add ${projectName} to watchlist`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={watched}
      title={label}
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
      className={cx('inline-flex items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', STAR_TONES[tone], className)}
    >
      <Icon node={Star} className={cx('size-5', watched ? 'fill-amber-400 text-amber-400' : '')} />
    </button>
  );
}
