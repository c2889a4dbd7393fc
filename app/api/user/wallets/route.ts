import { NextResponse } from 'next/server';

import { addWalletSchema, type Wallet } from '@/lib/schemas/settings';
import { readJson, signedInRoute } from '@/server/api';
import { addWallet, listWallets } from '@/server/wallets';

/** The signed-in user's wallets: `[{ walletAddress, addedAt }]`, oldest first. */
export const GET = signedInRoute(async (_request, user) => {
  return NextResponse.json((await listWallets(user.id)) satisfies Wallet[], { headers: { 'cache-control': 'no-store' } });
});

/** Adds a wallet: `{ walletAddress }` (EVM, checksum checked) → `{ walletAddress, addedAt }` in checksummed form. */
export const POST = signedInRoute(async (request, user) => {
  const { walletAddress } = await readJson(request, addWalletSchema);
  return NextResponse.json((await addWallet(user.id, walletAddress)) satisfies Wallet, { status: 201 });
});
