'use server';

// Reads the signed-in user's watchlists, for the watchlist star outside the watchlists page.
import { listWatchlists } from '@/server/watchlists';

import { authActionClient } from '../client';

export const listWatchlistsAction = authActionClient.action(async ({ ctx }) => listWatchlists(ctx.user.id));
