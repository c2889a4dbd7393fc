'use client';

import { useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';

import { authModalAtom } from '@/components/auth/atoms';
import { toast } from '@/components/chrome/toast';
import { WATCHLIST_STAR_TEXTS } from '@/lib/messages/watchlist-star';

import { StarButton, type StarProps } from './star-button';
import { useHasWatchlists } from './watchlists-provider';

// The lists' operations come with the first signed-in star: anonymous visitors never load them.
const SignedInStar = lazy(() => import('./signed-in-star').then((module) => ({ default: module.SignedInStar })));

/** Adds or removes a project in the selected watchlist; signed out, it asks to log in. */
export function WatchlistStar(props: StarProps) {
  const openAuth = useSetAtom(authModalAtom);
  if (!useHasWatchlists()) {
    const askToLogIn = () => {
      if (window.matchMedia('(min-width: 1024px)').matches) openAuth('login');
      else toast.error(WATCHLIST_STAR_TEXTS.loginRequired);
    };
    return <StarButton {...props} watched={false} busy={false} onClick={askToLogIn} />;
  }
  return (
    // Until the lists (and their code) arrive the star cannot tell whether the project is watched, so it waits, disabled.
    <Suspense fallback={<StarButton {...props} watched={false} busy />}>
      <SignedInStar {...props} />
    </Suspense>
  );
}
