import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/** The watchlist the star adds to: the one last selected on the watchlists page (kept in this browser). */
export const selectedWatchlistIdAtom = atomWithStorage<string | null>('selected-watchlist-id', null);

/** The signed-in user's watchlists as the stars on a page know them, loaded once and shared by every star. */
export const starListsAtom = atom<import('@/lib/schemas/watchlist').Watchlist[] | null>(null);
