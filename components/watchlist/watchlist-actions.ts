// The four watchlist actions in one module, imported by the provider only when a change is made: a page's first
// load then carries no server-action reference from the provider (and not Next's action client with it).
export { createWatchlistAction } from '@/actions/watchlists/create-watchlist';
export { deleteWatchlistAction } from '@/actions/watchlists/delete-watchlist';
export { setWatchlistProjectAction } from '@/actions/watchlists/set-watchlist-project';
export { updateWatchlistAction } from '@/actions/watchlists/update-watchlist';
