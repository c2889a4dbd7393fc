'use server';

// Adds an EVM wallet (checksum checked) to the signed-in user's account.
import { revalidatePath } from 'next/cache';

import { addWalletSchema } from '@/lib/schemas/settings';
import { addWallet } from '@/server/wallets';

import { authActionClient } from '../client';

export const addWalletAction = authActionClient.inputSchema(addWalletSchema).action(async ({ parsedInput, ctx }) => {
  const wallet = await addWallet(ctx.user.id, parsedInput.walletAddress);
  revalidatePath('/my/settings');
  revalidatePath('/my/portfolio');
  return wallet;
});
