'use server';

// Deletes one of the signed-in user's watchlists.
import { revalidatePath } from 'next/cache';

import { deleteWatchlistSchema } from '@/lib/schemas/watchlist';
import { deleteWatchlist } from '@/server/watchlists';

import { authActionClient } from '../client';

export const deleteWatchlistAction = authActionClient.inputSchema(deleteWatchlistSchema).action(async ({ parsedInput, ctx }) => {
  await deleteWatchlist(ctx.user.id, parsedInput.id);
  revalidatePath('/my/watchlists');
  return { ok: true as const };
});
