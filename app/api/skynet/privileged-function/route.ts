import { contractAddressQuerySchema } from '@/lib/schemas/skynet';
import { errorResponse, readQuery } from '@/server/api';
import { skynetJson } from '@/server/skynet/http';
import { getPrivilegedFunctions } from '@/server/skynet/queries';

/** The privileged functions of the contract at ?address=, with evidence. */
export async function GET(request: Request) {
  try {
    const { address } = readQuery(request, contractAddressQuerySchema);
    return skynetJson(await getPrivilegedFunctions(address));
  } catch (error) {
    return errorResponse(error);
  }
}
