import { privilegedTransactionQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getPrivilegedTransactions } from '@/server/skynet/queries';

/** The newest privileged calls to the contract at ?address=, reverted ones included. */
export async function GET(request: Request) {
  try {
    const { address, limit } = readQuery(request, privilegedTransactionQuerySchema);
    return skynetJson(await getPrivilegedTransactions(address, limit));
  } catch (error) {
    return errorResponse(error);
  }
}
