import { contractAddressQuerySchema } from '@/lib/schemas/skynet';
import type { PrivilegedAddress } from '@/lib/skynet/types';
import { readQuery, route } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getPrivilegedAddresses } from '@/server/skynet/privileged-queries';

/** Who holds or held privileges on the contract at ?address=. */
export const GET = route(async (request) => {
  const { address } = readQuery(request, contractAddressQuerySchema);
  return skynetJson((await getPrivilegedAddresses(address)) satisfies PrivilegedAddress[]);
});
