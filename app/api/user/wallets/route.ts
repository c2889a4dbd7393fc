import { NextResponse } from 'next/server';

import { addWalletSchema } from '@/lib/schemas/settings';
import { errorResponse, readJson, requireApiUser } from '@/server/api';
import { addWallet, listWallets } from '@/server/wallets';

/** The signed-in user's wallets: `[{ walletAddress, addedAt }]`, oldest first. */
export async function GET() {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    return NextResponse.json(await listWallets(user.id), { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}

/** Adds a wallet: `{ walletAddress }` (EVM, checksum checked) → `{ walletAddress, addedAt }` in checksummed form. */
export async function POST(request: Request) {
  try {
    const user = await requireApiUser();
    if (user instanceof NextResponse) return user;
    const { walletAddress } = await readJson(request, addWalletSchema);
    return NextResponse.json(await addWallet(user.id, walletAddress), { status: 201 });
  } catch (error) {
    return errorResponse(error);
  }
}
