import { contractAddressQuerySchema } from '@/lib/schemas/skynet';
import type { PrivilegedFunction } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getPrivilegedFunctions } from '@/server/skynet/privileged-queries';

/** The privileged functions of the contract at ?address=, with evidence. */
export const GET = route(async (request) => {
  const { address } = readQuery(request, contractAddressQuerySchema);
  return skynetJson((await getPrivilegedFunctions(address)) satisfies PrivilegedFunction[]);
});
