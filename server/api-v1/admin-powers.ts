import 'server-only';

import type { z } from '@/lib/zod';

import { chainIdParamSchema, contractAddressParamSchema, type AdminPowersV1, type ContractAdminPowersV1 } from '@/lib/schemas/api-v1';
import type { AdminPowersView } from '@/lib/skynet/admin-powers';

import { logger } from '../logger';
import { adminPowersAt } from '../skynet/admin-powers-read';
import { shortError, withRetry } from '../skynet/chain';
import { findSkynetChain, chainClient } from '../skynet/chains';
import { ApiProblem, type V1Answer } from './http';

/** Said when a project watches the contract but Skynet has not read its admin powers yet. */
export const NOT_READ_YET = 'Skynet watches this contract but has not read its admin powers yet; they appear after its next pass.';

/** A reading as API v1 answers it: the stored view with its date in ISO 8601. */
export function adminPowersV1(view: AdminPowersView): AdminPowersV1 {
  return { ...view, readAt: new Date(view.readAt).toISOString() };
}

/** A path parameter checked by its schema; unlike an id that names nothing, a malformed one is the caller's mistake: a 400. */
function pathParam<T extends z.ZodType>(value: unknown, schema: T, name: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues[0]?.message ?? 'is malformed';
  throw new ApiProblem(400, `Bad ${name}: it ${detail}.`, [{ parameter: name, detail }]);
}

/**
 * The admin powers of the contract at an address on a chain, one reading per project watching it (#20). Checks run
 * cheapest first: the path's shape, then the database (a watched address is answered without touching the chain),
 * then, only to explain a refusal, the chain: no endpoint for it (404), no code at the address (422), or a contract
 * no project watches (404).
 */
export async function contractAdminPowersV1(rawChainId: unknown, rawAddress: unknown): Promise<V1Answer> {
  const chainId = pathParam(rawChainId, chainIdParamSchema, 'chainId');
  const address = pathParam(rawAddress, contractAddressParamSchema, 'address');
  const { watched, readings } = await adminPowersAt(chainId, address);
  if (watched) {
    const body: ContractAdminPowersV1 = { chainId, address, data: readings.map(adminPowersV1), reason: readings.length ? null : NOT_READ_YET };
    return { body };
  }
  let code: string | undefined;
  try {
    const chain = await findSkynetChain(chainId);
    if (!chain) throw new ApiProblem(404, `Unknown chain: Skynet has no RPC endpoint for chain ${chainId}.`);
    code = await withRetry(() => chainClient(chain).getCode({ address: address as `0x${string}` }), { what: `code of ${address}`, attempts: 2 });
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    logger.warn({ chainId, address, err: shortError(error) }, 'admin powers: the chain could not be read');
    throw new ApiProblem(503, `Chain ${chainId} could not be read for the moment; try again later.`);
  }
  if (!code || code === '0x') throw new ApiProblem(422, `Not a contract: there is no code at ${address} on chain ${chainId}.`);
  throw new ApiProblem(404, `No project watches the contract ${address} on chain ${chainId}.`);
}
