'use client';

import { StarButton, type StarProps } from './star-button';
import { useWatchlists } from './use-watchlists';

/** Signed in: the project in the selected list, toggled through the shared watchlist state. */
export function SignedInStar({ projectId, ...props }: StarProps) {
  const { current, isBusy, toggle } = useWatchlists();
  return <StarButton {...props} watched={current.projects.includes(projectId)} busy={isBusy} onClick={() => toggle(projectId)} />;
}
