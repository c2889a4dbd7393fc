'use server';

// Reads the signed-in user's watchlists, for the stars and the survey outside the watchlists page.
import { listWatchlists } from '@/server/watchlists';

import { authActionClient } from '../client';

export const listWatchlistsAction = authActionClient.action(async ({ ctx }) => listWatchlists(ctx.user.id));
