import 'server-only';

import { keccak256, parseAbi, parseAbiItem, toHex, type PublicClient } from 'viem';

import type { FinalController } from '@/lib/skynet/admin-powers';

import { shortError, withRetry } from './chain';
import type { ReadAt } from './proxy';

export type HolderKind =
  | { kind: 'eoa' }
  | { kind: 'safe'; owners: `0x${string}`[]; threshold: number }
  | { kind: 'timelock'; minDelay: number; proposers: `0x${string}`[]; executors: `0x${string}`[] } // the zero address: anyone may execute
  | { kind: 'owned-contract'; owner: `0x${string}` | null }
  | { kind: 'unknown-contract' };

export type HolderLink = { address: `0x${string}`; holder: HolderKind; evidence: string };

const VIEWS = parseAbi([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function getMinDelay() view returns (uint256)',
  'function hasRole(bytes32 role, address account) view returns (bool)',
  'function owner() view returns (address)',
]);
const ROLE_GRANTED = parseAbiItem('event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)');
const PROPOSER_ROLE = keccak256(toHex('PROPOSER_ROLE'));
const EXECUTOR_ROLE = keccak256(toHex('EXECUTOR_ROLE'));
const ZERO = '0x0000000000000000000000000000000000000000';

const at = (blockTag: ReadAt) => (typeof blockTag === 'bigint' ? { blockNumber: blockTag } : { blockTag: blockTag ?? 'latest' });
const lower = (value: string) => value.toLowerCase() as `0x${string}`;

/** A view the holder may not have: null when it reverts; endpoint faults still throw after retries. */
async function maybe<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await withRetry(call, { what: 'holder view call', attempts: 2 });
  } catch (error) {
    if (/revert|returned no data|reverted/i.test(shortError(error)) || (error as Error).name?.startsWith('ContractFunction')) return null;
    throw error;
  }
}

/** Who holds a timelock's role now: every account its RoleGranted logs name, kept while hasRole still says so. */
async function roleHolders(client: PublicClient, address: `0x${string}`, role: `0x${string}`, blockTag?: ReadAt): Promise<`0x${string}`[]> {
  const toBlock = typeof blockTag === 'bigint' ? blockTag : undefined;
  const granted = await withRetry(() => client.getLogs({ address, event: ROLE_GRANTED, args: { role }, fromBlock: 0n, ...(toBlock !== undefined ? { toBlock } : {}), strict: true }), {
    what: `RoleGranted logs of ${address}`,
  });
  const candidates = [...new Set(granted.map((log) => lower(log.args.account!)))];
  const current = await Promise.all(candidates.map((account) => maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'hasRole', args: [role, account], ...at(blockTag) }))));
  return candidates.filter((_, index) => current[index]);
}

/**
 * What an address holding a privilege is: an EOA (no code); a Safe (getOwners() and getThreshold() answer); a
 * TimelockController (getMinDelay() answers; proposers and executors from its RoleGranted logs, kept only while
 * hasRole says so);
 * a contract with an owner() (a ProxyAdmin, say); else an unknown contract.
 */
export async function classifyHolder(client: PublicClient, address: `0x${string}`, blockTag?: ReadAt): Promise<HolderLink> {
  const code = await withRetry(() => client.getCode({ address, ...at(blockTag) }), { what: `code of ${address}` });
  if (!code || code === '0x') return { address, holder: { kind: 'eoa' }, evidence: 'no code at the address' };
  const [owners, threshold, minDelay] = await Promise.all([
    maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'getOwners', ...at(blockTag) })),
    maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'getThreshold', ...at(blockTag) })),
    maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'getMinDelay', ...at(blockTag) })),
  ]);
  if (owners && threshold !== null) {
    return { address, holder: { kind: 'safe', owners: owners.map(lower), threshold: Number(threshold) }, evidence: `getThreshold() = ${threshold} of getOwners() = ${owners.length}` };
  }
  if (minDelay !== null) {
    const [proposers, executors] = await Promise.all([roleHolders(client, address, PROPOSER_ROLE, blockTag), roleHolders(client, address, EXECUTOR_ROLE, blockTag)]);
    return {
      address,
      holder: { kind: 'timelock', minDelay: Number(minDelay), proposers, executors },
      evidence: `getMinDelay() = ${minDelay}; proposers and executors from RoleGranted logs still holding PROPOSER_ROLE / EXECUTOR_ROLE`,
    };
  }
  const owner = await maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'owner', ...at(blockTag) }));
  if (owner !== null) return { address, holder: { kind: 'owned-contract', owner: owner === ZERO ? null : lower(owner) }, evidence: `owner() = ${lower(owner)}` };
  return { address, holder: { kind: 'unknown-contract' }, evidence: 'code, but neither a Safe, a timelock nor an owned contract' };
}

export type HolderChain = { links: HolderLink[]; controller: FinalController; delaySeconds: number; truncated: boolean };

/** How far a chain of holders is followed (timelock → Safe is 2): deeper chains end as an unknown contract. */
export const MAX_HOLDER_DEPTH = 6;

/** Ranks final controllers by how easily they act: the weakest among a timelock's proposers decides. */
const weakness = (controller: FinalController) =>
  controller.kind === 'eoa' ? 1000 : controller.kind === 'safe' ? 1000 - controller.threshold : controller.kind === 'unknown-contract' ? 500 : 0;

/**
 * Follows a holder to the end: a timelock to its proposers (its delay added), an owned contract to its owner, a Safe,
 * an EOA or an unknown contract ends it. A cycle or the depth limit ends it as an unknown contract (nothing proven).
 */
export async function followHolder(client: PublicClient, address: `0x${string}`, blockTag?: ReadAt, seen: Set<string> = new Set(), depth = 0): Promise<HolderChain> {
  if (seen.has(address) || depth >= MAX_HOLDER_DEPTH) return { links: [], controller: { kind: 'unknown-contract' }, delaySeconds: 0, truncated: true };
  const link = await classifyHolder(client, address, blockTag);
  const next = new Set(seen).add(address);
  const { holder } = link;
  if (holder.kind === 'eoa') return { links: [link], controller: { kind: 'eoa' }, delaySeconds: 0, truncated: false };
  if (holder.kind === 'safe') return { links: [link], controller: { kind: 'safe', threshold: holder.threshold, owners: holder.owners.length }, delaySeconds: 0, truncated: false };
  if (holder.kind === 'unknown-contract') return { links: [link], controller: { kind: 'unknown-contract' }, delaySeconds: 0, truncated: false };
  if (holder.kind === 'owned-contract') {
    if (!holder.owner) return { links: [link], controller: { kind: 'none' }, delaySeconds: 0, truncated: false };
    const rest = await followHolder(client, holder.owner, blockTag, next, depth + 1);
    return { ...rest, links: [link, ...rest.links] };
  }
  if (holder.proposers.length === 0) return { links: [link], controller: { kind: 'none' }, delaySeconds: holder.minDelay, truncated: false };
  const branches = [];
  for (const proposer of holder.proposers) branches.push(await followHolder(client, proposer, blockTag, next, depth + 1));
  const weakest = branches.reduce((a, b) => (weakness(b.controller) > weakness(a.controller) || (weakness(b.controller) === weakness(a.controller) && b.delaySeconds < a.delaySeconds) ? b : a));
  return { links: [link, ...weakest.links], controller: weakest.controller, delaySeconds: holder.minDelay + weakest.delaySeconds, truncated: weakest.truncated };
}
