'use server';

// Creates a watchlist (optionally with projects) for the signed-in user.
import { revalidatePath } from 'next/cache';

import { createWatchlistSchema } from '@/lib/schemas/watchlist';
import { createWatchlist } from '@/server/watchlists';

import { authActionClient } from '../client';

export const createWatchlistAction = authActionClient.inputSchema(createWatchlistSchema).action(async ({ parsedInput, ctx }) => {
  const created = await createWatchlist(ctx.user.id, parsedInput);
  revalidatePath('/my/watchlists');
  return created;
});
