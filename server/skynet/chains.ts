import 'server-only';

import { createPublicClient, fallback, http, webSocket, type PublicClient, type Transport } from 'viem';

import type { SkynetChainEntry } from '@/lib/schemas/skynet-chains';

import { getConfig } from '../config';
import { withRetry } from './chain';
import { skynetMetrics } from './metrics';

/** A chain of the registry, as Skynet follows it. */
export type SkynetChain = Omit<SkynetChainEntry, 'explorerUrl'> & { explorerUrl: string | null };

export class ChainNotConfiguredError extends Error {
  name = 'ChainNotConfiguredError';
  constructor(readonly chainId: number) {
    super(`Chain ${chainId} is not in Skynet's chain registry: add it to SKYNET_CHAINS (or point RPC_URL at it).`);
  }
}

/** Whether Skynet follows any chain here: SKYNET_CHAINS, or its shorthand RPC_URL. */
export function skynetEnabled(config = getConfig()): boolean {
  return config.skynet.chains.length > 0 || Boolean(config.rpcUrl);
}

const clients = new Map<string, PublicClient>();

/** Counts every JSON-RPC call a transport sends, and those that fail, by method (batched calls one by one). */
function counted(inner: Transport, chainId: number): Transport {
  return (parameters) => {
    const transport = inner(parameters);
    const { rpcCalls, rpcErrors } = skynetMetrics();
    const chain = String(chainId);
    return {
      ...transport,
      request: (async (args: { method: string }, options?: unknown) => {
        rpcCalls.inc({ chain, method: args.method });
        try {
          return await (transport.request as (args: unknown, options?: unknown) => Promise<unknown>)(args, options);
        } catch (error) {
          rpcErrors.inc({ chain, method: args.method });
          throw error;
        }
      }) as typeof transport.request,
    };
  };
}

/** One endpoint's transport: JSON-RPC batching on, retries ours (withRetry). */
function endpointTransport(url: string, chainId: number): Transport {
  const { rpcTimeoutMs } = getConfig().skynet;
  const inner = /^wss?:/.test(url) ? webSocket(url, { timeout: rpcTimeoutMs, retryCount: 0 }) : http(url, { timeout: rpcTimeoutMs, retryCount: 0, batch: { batchSize: 100, wait: 0 } });
  return counted(inner, chainId);
}

/**
 * A client reading a chain through its endpoints in order: a failing endpoint hands the call to the next (viem's
 * fallback transport), so one provider's outage does not stop the follower.
 */
export function chainClient(chain: Pick<SkynetChain, 'id' | 'rpc'>): PublicClient {
  const key = `${chain.id}|${chain.rpc.join(' ')}`;
  let client = clients.get(key);
  if (!client) {
    const transports = chain.rpc.map((url) => endpointTransport(url, chain.id));
    const transport = transports.length === 1 ? transports[0] : fallback(transports, { retryCount: 0 });
    // The head is always read afresh (viem would keep a block number for 4 s), so no step stops short of it.
    client = createPublicClient({ transport, cacheTime: 0 }) as PublicClient;
    clients.set(key, client);
  }
  return client;
}

let shorthand: { url: string; id: number } | null = null;

/**
 * The chains Skynet follows: SKYNET_CHAINS as configured, else RPC_URL's one chain, whose id is asked of the
 * endpoint once (eth_chainId). Empty when neither is set.
 */
export async function listSkynetChains(): Promise<SkynetChain[]> {
  const config = getConfig();
  if (config.skynet.chains.length) return config.skynet.chains.map((chain) => ({ ...chain, explorerUrl: chain.explorerUrl ?? null }));
  const url = config.rpcUrl;
  if (!url) return [];
  if (shorthand?.url !== url) {
    const id = await withRetry(() => chainClient({ id: 0, rpc: [url] }).getChainId(), { what: 'chain id of RPC_URL', attempts: 2 });
    shorthand = { url, id };
  }
  const { id } = shorthand;
  // RPC_URL's chain paces its polls by SKYNET_POLL_SECONDS and keeps SKYNET_REORG_DEPTH hashes; EXPLORER_URL links it.
  return [{ id, name: `Chain ${id}`, rpc: [url], blockTimeSeconds: config.skynet.pollSeconds, confirmations: Math.max(1, config.skynet.reorgDepth), explorerUrl: config.explorerUrl }];
}

/** One chain of the registry, or null when Skynet does not follow it. */
export async function findSkynetChain(chainId: number): Promise<SkynetChain | null> {
  return (await listSkynetChains()).find((chain) => chain.id === chainId) ?? null;
}

/** One chain of the registry; throws ChainNotConfiguredError (naming it) when Skynet does not follow it. */
export async function requireSkynetChain(chainId: number): Promise<SkynetChain> {
  const chain = await findSkynetChain(chainId);
  if (!chain) throw new ChainNotConfiguredError(chainId);
  return chain;
}

/** The client of a chain Skynet follows (see requireSkynetChain). */
export async function clientOfChain(chainId: number): Promise<PublicClient> {
  return chainClient(await requireSkynetChain(chainId));
}
