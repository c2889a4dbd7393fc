'use server';

// Adds a project to, or removes it from, one of the signed-in user's watchlists; returns the list's projects.
import { revalidatePath } from 'next/cache';

import { setWatchlistProjectSchema } from '@/lib/schemas/watchlist';
import { setWatchlistProject } from '@/server/watchlists';

import { authActionClient } from '../client';

export const setWatchlistProjectAction = authActionClient.inputSchema(setWatchlistProjectSchema).action(async ({ parsedInput, ctx }) => {
  const result = await setWatchlistProject(ctx.user.id, parsedInput);
  revalidatePath('/my/watchlists');
  return result;
});
