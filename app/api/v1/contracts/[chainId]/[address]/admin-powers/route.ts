import { jsonOnlyQuerySchema } from '@/lib/schemas/api-v1';
import { contractAdminPowersV1 } from '@/server/api-v1/admin-powers';
import { readV1Query, v1Route } from '@/server/api-v1/http';

/** Who can upgrade, pause, mint or move funds of one contract, with what delay: one reading per project watching it. */
export const { GET, OPTIONS } = v1Route<{ chainId: string; address: string }>(async (request, params) => {
  readV1Query(request, jsonOnlyQuerySchema);
  return contractAdminPowersV1(params.chainId, params.address);
});
