import 'server-only';

import type { PublicClient } from 'viem';

import { logger } from '../logger';

export type RetryOptions = { attempts?: number; baseDelayMs?: number; what: string };

/**
 * Runs an RPC read, retrying failures and timeouts with exponential back-off (plus jitter) and logging each; the
 * last failure is thrown so the caller keeps its cursor and tries again on the next run.
 */
export async function withRetry<T>(read: () => Promise<T>, { attempts = 5, baseDelayMs = 300, what }: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= attempts || isDeterministicFailure(error)) throw error;
      const delay = baseDelayMs * 2 ** (attempt - 1) * (1 + Math.random() / 2);
      logger.warn({ what, attempt, delayMs: Math.round(delay), err: shortError(error) }, 'skynet: RPC call failed, retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

const DETERMINISTIC = new Set(['ExecutionRevertedError', 'ContractFunctionRevertedError', 'ContractFunctionZeroDataError', 'RawContractError', 'AbiDecodingZeroDataError']);

/** A revert is the chain's answer, not a fault of the endpoint: asking again gives the same answer. */
function isDeterministicFailure(error: unknown): boolean {
  const walk = (error as { walk?: (match: (cause: unknown) => boolean) => unknown }).walk;
  return typeof walk === 'function' && Boolean(walk.call(error, (cause) => DETERMINISTIC.has((cause as Error).name)));
}

/** The first line of an error's message, for logs and the contract's last error. */
export function shortError(error: unknown): string {
  // A failed database query's own message is the SQL; its cause says what went wrong.
  if (error instanceof Error && error.name === 'DrizzleQueryError' && error.cause) return `database: ${shortError(error.cause)}`;
  const message = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
  return message.split('\n')[0].slice(0, 500);
}

/**
 * The block that created the contract at an address: the first block at whose end it has code, found by binary
 * search on eth_getCode (about log2(head) reads, each answered from the node's state at that block). Null when the
 * address holds no code at `head` (not a contract, or one on another chain). A contract that self-destructed and
 * was created again is found at some block where it had code, which is as early as its present history goes.
 */
export async function findCreationBlock(client: PublicClient, address: `0x${string}`, head: bigint): Promise<bigint | null> {
  const hasCode = async (blockNumber: bigint) => {
    const code = await withRetry(() => client.getCode({ address, blockNumber }), { what: `code of ${address} at block ${blockNumber}` });
    return code !== undefined && code !== '0x';
  };
  if (!(await hasCode(head))) return null;
  let low = 0n;
  let high = head;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (await hasCode(middle)) high = middle;
    else low = middle + 1n;
  }
  return low;
}
