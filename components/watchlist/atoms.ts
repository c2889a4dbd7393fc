import { atomWithStorage } from 'jotai/utils';

/** The watchlist the star adds to: the one last selected on the watchlists page (kept in this browser). */
export const selectedWatchlistIdAtom = atomWithStorage<string | null>('selected-watchlist-id', null);
