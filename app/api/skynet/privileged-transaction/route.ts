import { privilegedTransactionQuerySchema } from '@/lib/schemas/skynet';
import type { PrivilegedTransaction } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getPrivilegedTransactions } from '@/server/skynet/privileged-queries';

/** The newest privileged calls to the contract at ?address=, reverted ones included. */
export const GET = route(async (request) => {
  const { address, limit } = readQuery(request, privilegedTransactionQuerySchema);
  return skynetJson((await getPrivilegedTransactions(address, limit)) satisfies PrivilegedTransaction[]);
});
