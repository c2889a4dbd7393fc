// What the star says to a signed-out visitor, apart from WATCHLIST_MESSAGES so pages with stars load this line and
// not the whole catalogue of the watchlists page (#18).
// Part of the message catalogue (lib/messages/): every user-visible string the spec gives, verbatim.

export const WATCHLIST_STAR_TEXTS = {
  loginRequired: 'Please login to add projects to your watchlist.',
} as const;
