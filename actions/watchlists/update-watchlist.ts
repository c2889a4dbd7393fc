'use server';

// Renames a watchlist and sets its projects (adding or removing one is an update with the new list).
import { revalidatePath } from 'next/cache';

import { updateWatchlistSchema } from '@/lib/schemas/watchlist';
import { updateWatchlist } from '@/server/watchlists';

import { authActionClient } from '../client';

export const updateWatchlistAction = authActionClient.inputSchema(updateWatchlistSchema).action(async ({ parsedInput, ctx }) => {
  await updateWatchlist(ctx.user.id, parsedInput);
  revalidatePath('/my/watchlists');
  return { ok: true as const };
});
