'use client';

import { useSetAtom } from 'jotai';
import { Star } from 'lucide-react';
import { Suspense } from 'react';

import { authModalAtom } from '@/components/auth/atoms';
import { toast } from '@/components/chrome/toast';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import { cx } from '@/lib/class-names';

import { useHasWatchlists, useWatchlists } from './watchlists-provider';

/** `dark` on the navy project banner, `light` in tables on the page's background. */
type Tone = 'dark' | 'light';
type Props = { projectId: string; projectName: string; tone?: Tone; className?: string };

// A look per tone rather than className overrides: the classes join without a merge (cx).
const STAR_TONES: Record<Tone, string> = { dark: 'size-9 text-white hover:bg-white/10', light: 'size-8 hover:bg-muted' };

function StarButton({ projectName, tone = 'light', className, watched, busy, onClick }: Omit<Props, 'projectId'> & { watched: boolean; busy: boolean; onClick?: () => void }) {
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
      <Star aria-hidden className={cx('size-5', watched ? 'fill-amber-400 text-amber-400' : '')} />
    </button>
  );
}

/** Signed in: the project in the selected list, toggled through the shared watchlist state. */
function SignedInStar({ projectId, ...props }: Props) {
  const { current, isBusy, toggle } = useWatchlists();
  return <StarButton {...props} watched={current.projects.includes(projectId)} busy={isBusy} onClick={() => toggle(projectId)} />;
}

/** Adds or removes a project in the selected watchlist; signed out, it asks to log in. */
export function WatchlistStar(props: Props) {
  const openAuth = useSetAtom(authModalAtom);
  if (!useHasWatchlists()) {
    const askToLogIn = () => {
      if (window.matchMedia('(min-width: 1024px)').matches) openAuth('login');
      else toast.error(WATCHLIST_MESSAGES.loginRequired);
    };
    return <StarButton {...props} watched={false} busy={false} onClick={askToLogIn} />;
  }
  return (
    // Until the lists arrive the star cannot tell whether the project is watched, so it waits, disabled.
    <Suspense fallback={<StarButton {...props} watched={false} busy />}>
      <SignedInStar {...props} />
    </Suspense>
  );
}
