import { contractAddressQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getPrivilegedAddresses } from '@/server/skynet/queries';

/** Who holds or held privileges on the contract at ?address=. */
export async function GET(request: Request) {
  try {
    const { address } = readQuery(request, contractAddressQuerySchema);
    return skynetJson(await getPrivilegedAddresses(address));
  } catch (error) {
    return errorResponse(error);
  }
}
