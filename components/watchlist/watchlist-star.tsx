import { Star } from 'lucide-react';

import type { StarProps } from './star-button';
import { WatchlistStarToggle } from './watchlist-star-toggle';

/**
 * The watchlist star of a project. Its picture is drawn here, on the server, and filled by CSS while the button
 * is pressed, so the browser's part (WatchlistStarToggle) carries no icon code into the page's first load (#18).
 */
export function WatchlistStar(props: StarProps) {
  return <WatchlistStarToggle {...props} icon={<Star aria-hidden className="size-5 group-aria-pressed:fill-amber-400 group-aria-pressed:text-amber-400" />} />;
}
