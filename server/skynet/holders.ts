import 'server-only';

import { keccak256, parseAbi, parseAbiItem, toHex, type PublicClient } from 'viem';

import { weakerPath, type FinalController } from '@/lib/skynet/admin-powers';

import { shortError, withRetry } from './chain';
import type { ReadAt } from './proxy';

export type HolderKind =
  | { kind: 'eoa' }
  /** modules: null when the Safe cannot list them (older than 1.1), never read as none; guard: null for none. */
  | { kind: 'safe'; owners: `0x${string}`[]; threshold: number; modules: `0x${string}`[] | null; guard: `0x${string}` | null }
  | {
      kind: 'timelock';
      minDelay: number;
      proposers: `0x${string}`[];
      executors: `0x${string}`[]; // the zero address: anyone may execute
      cancellers: `0x${string}`[];
      admins: `0x${string}`[]; // may grant and revoke its roles at once; the timelock itself among them by default
      selfAdministered: boolean;
    }
  | { kind: 'owned-contract'; owner: `0x${string}` | null }
  | { kind: 'unknown-contract' };

export type HolderLink = { address: `0x${string}`; holder: HolderKind; evidence: string };

const VIEWS = parseAbi([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function getMinDelay() view returns (uint256)',
  'function hasRole(bytes32 role, address account) view returns (bool)',
  'function owner() view returns (address)',
]);
const ROLE_GRANTED = parseAbiItem('event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)');
const ROLES = {
  proposers: keccak256(toHex('PROPOSER_ROLE')),
  executors: keccak256(toHex('EXECUTOR_ROLE')),
  cancellers: keccak256(toHex('CANCELLER_ROLE')),
  // OpenZeppelin 5 administers a timelock's roles with DEFAULT_ADMIN_ROLE, 4.x with TIMELOCK_ADMIN_ROLE: either is an admin.
  admins: '0x0000000000000000000000000000000000000000000000000000000000000000',
  legacyAdmins: keccak256(toHex('TIMELOCK_ADMIN_ROLE')),
} as const;
const ZERO = '0x0000000000000000000000000000000000000000';
/** The head and tail of a Safe's module list. */
const SENTINEL = '0x0000000000000000000000000000000000000001';
/** Safe's guard slot, keccak256("guard_manager.guard.address"). */
const GUARD_SLOT = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8';
const MODULES_PAGE = 10;
/** One module already lets anyone holding it act alone; past this many the list is cut and the evidence says so. */
export const MAX_SAFE_MODULES = 50;

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

type TimelockRoles = Record<keyof typeof ROLES, `0x${string}`[]>;

/**
 * Who holds each of a timelock's roles now: every account its RoleGranted logs name (one log query for all roles),
 * kept while hasRole still says so.
 */
async function roleHolders(client: PublicClient, address: `0x${string}`, blockTag?: ReadAt): Promise<TimelockRoles> {
  const toBlock = typeof blockTag === 'bigint' ? blockTag : undefined;
  const granted = await withRetry(
    () => client.getLogs({ address, event: ROLE_GRANTED, args: { role: Object.values(ROLES) }, fromBlock: 0n, ...(toBlock !== undefined ? { toBlock } : {}), strict: true }),
    { what: `RoleGranted logs of ${address}` },
  );
  const entries = await Promise.all(
    (Object.entries(ROLES) as [keyof typeof ROLES, `0x${string}`][]).map(async ([name, role]) => {
      const candidates = [...new Set(granted.filter((log) => log.args.role === role).map((log) => lower(log.args.account!)))];
      const current = await Promise.all(candidates.map((account) => maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'hasRole', args: [role, account], ...at(blockTag) }))));
      return [name, candidates.filter((_, index) => current[index])] as const;
    }),
  );
  return Object.fromEntries(entries) as TimelockRoles;
}

/**
 * A Safe's enabled modules, page by page from the sentinel: null when getModulesPaginated() reverts (a Safe older than
 * 1.1 cannot list them, which is not the same as having none); cut at MAX_SAFE_MODULES.
 */
async function safeModules(client: PublicClient, address: `0x${string}`, blockTag?: ReadAt): Promise<{ modules: `0x${string}`[] | null; cut: boolean }> {
  const modules = new Set<`0x${string}`>();
  let start: `0x${string}` = SENTINEL;
  for (let page = 0; modules.size < MAX_SAFE_MODULES && page * MODULES_PAGE <= MAX_SAFE_MODULES; page++) {
    const answer = await maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'getModulesPaginated', args: [start, BigInt(MODULES_PAGE)], ...at(blockTag) }));
    if (!answer) return page === 0 ? { modules: null, cut: false } : { modules: [...modules], cut: true };
    const [array, rawNext] = answer;
    for (const enabled of array) modules.add(lower(enabled));
    const next = lower(rawNext);
    if (next === SENTINEL || next === ZERO) return { modules: [...modules].slice(0, MAX_SAFE_MODULES), cut: modules.size > MAX_SAFE_MODULES };
    // Safe 1.4 answers a page's last module as `next`; 1.3 the first one it did not return, which the next page skips.
    modules.add(next);
    start = next;
  }
  return { modules: [...modules].slice(0, MAX_SAFE_MODULES), cut: true };
}

/** A Safe's transaction guard from its storage slot; null for none (and for Safes older than guards). */
async function safeGuard(client: PublicClient, address: `0x${string}`, blockTag?: ReadAt): Promise<`0x${string}` | null> {
  const word = await withRetry(() => client.getStorageAt({ address, slot: GUARD_SLOT, ...at(blockTag) }), { what: `guard slot of ${address}` });
  const guard = lower(`0x${(word ?? '0x').slice(2).padStart(64, '0').slice(24)}`);
  return guard === ZERO ? null : guard;
}

function safeEvidence(threshold: bigint, owners: number, { modules, cut }: { modules: string[] | null; cut: boolean }, guard: string | null): string {
  const moduleText =
    modules === null
      ? 'getModulesPaginated() reverted: modules unknown (a Safe older than 1.1 cannot list them), not read as none'
      : `getModulesPaginated() = ${modules.length} module${modules.length === 1 ? '' : 's'}${modules.length ? ` (${modules.join(', ')})` : ''}${cut ? `; the list stops after these ${modules.length}: more are enabled` : ''}`;
  return `getThreshold() = ${threshold} of getOwners() = ${owners}; ${moduleText}; guard slot = ${guard ?? 'none'}`;
}

function timelockEvidence(address: `0x${string}`, minDelay: bigint, roles: TimelockRoles, selfAdministered: boolean): string {
  const others = roles.admins.filter((admin) => admin !== address);
  const administration = selfAdministered
    ? 'it administers itself'
    : others.length
      ? `administered by ${others.join(', ')}${roles.admins.includes(address) ? ' besides itself' : ''}: roles can be changed at once, without the delay`
      : 'no admin left: its roles can no longer change';
  return `getMinDelay() = ${minDelay}; proposers, executors, cancellers and admins from RoleGranted logs still holding PROPOSER_ROLE / EXECUTOR_ROLE / CANCELLER_ROLE / DEFAULT_ADMIN_ROLE (or TIMELOCK_ADMIN_ROLE); ${administration}`;
}

/**
 * What an address holding a privilege is: an EOA (no code); a Safe (getOwners() and getThreshold() answer; its
 * modules and guard read too); a TimelockController (getMinDelay() answers; its proposers, executors, cancellers and
 * admins from its RoleGranted logs, kept only while hasRole says so); a contract with an owner() (a ProxyAdmin, say);
 * else an unknown contract.
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
    const [listed, guard] = await Promise.all([safeModules(client, address, blockTag), safeGuard(client, address, blockTag)]);
    return {
      address,
      holder: { kind: 'safe', owners: owners.map(lower), threshold: Number(threshold), modules: listed.modules, guard },
      evidence: safeEvidence(threshold, owners.length, listed, guard),
    };
  }
  if (minDelay !== null) {
    const roles = await roleHolders(client, address, blockTag);
    const admins = [...new Set([...roles.admins, ...roles.legacyAdmins])];
    const selfAdministered = admins.length === 1 && admins[0] === lower(address);
    const { proposers, executors, cancellers } = roles;
    return {
      address,
      holder: { kind: 'timelock', minDelay: Number(minDelay), proposers, executors, cancellers, admins, selfAdministered },
      evidence: timelockEvidence(lower(address), minDelay, { ...roles, admins }, selfAdministered),
    };
  }
  const owner = await maybe(() => client.readContract({ address, abi: VIEWS, functionName: 'owner', ...at(blockTag) }));
  if (owner !== null) return { address, holder: { kind: 'owned-contract', owner: owner === ZERO ? null : lower(owner) }, evidence: `owner() = ${lower(owner)}` };
  return { address, holder: { kind: 'unknown-contract' }, evidence: 'code, but neither a Safe, a timelock nor an owned contract' };
}

export type HolderChain = { links: HolderLink[]; controller: FinalController; delaySeconds: number; truncated: boolean };

/** How far a chain of holders is followed (timelock → Safe is 2): deeper chains end as an unknown contract. */
export const MAX_HOLDER_DEPTH = 6;

/**
 * Follows a holder to the end: a timelock to its proposers and its admins other than itself (an admin can make itself
 * a proposer at once; the timelock's delay is added either way, since only it can shorten it), an owned contract to
 * its owner; a Safe, an EOA or an unknown contract ends it. The weakest way decides (weakerPath, the published rule).
 * A cycle or the depth limit ends it as an unknown contract (nothing proven).
 */
export async function followHolder(client: PublicClient, address: `0x${string}`, blockTag?: ReadAt, seen: Set<string> = new Set(), depth = 0): Promise<HolderChain> {
  if (seen.has(address) || depth >= MAX_HOLDER_DEPTH) return { links: [], controller: { kind: 'unknown-contract' }, delaySeconds: 0, truncated: true };
  const link = await classifyHolder(client, address, blockTag);
  const next = new Set(seen).add(address);
  const { holder } = link;
  if (holder.kind === 'eoa') return { links: [link], controller: { kind: 'eoa' }, delaySeconds: 0, truncated: false };
  if (holder.kind === 'safe') {
    const controller = { kind: 'safe' as const, threshold: holder.threshold, owners: holder.owners.length, modules: holder.modules === null ? null : holder.modules.length };
    return { links: [link], controller, delaySeconds: 0, truncated: false };
  }
  if (holder.kind === 'unknown-contract') return { links: [link], controller: { kind: 'unknown-contract' }, delaySeconds: 0, truncated: false };
  if (holder.kind === 'owned-contract') {
    if (!holder.owner) return { links: [link], controller: { kind: 'none' }, delaySeconds: 0, truncated: false };
    const rest = await followHolder(client, holder.owner, blockTag, next, depth + 1);
    return { ...rest, links: [link, ...rest.links] };
  }
  const actors = [...new Set([...holder.proposers, ...holder.admins.filter((admin) => admin !== lower(address))])];
  if (actors.length === 0) return { links: [link], controller: { kind: 'none' }, delaySeconds: holder.minDelay, truncated: false };
  const branches = [];
  for (const actor of actors) branches.push(await followHolder(client, actor, blockTag, next, depth + 1));
  const weakest = branches.reduce((a, b) => weakerPath(a, b));
  return { links: [link, ...weakest.links], controller: weakest.controller, delaySeconds: holder.minDelay + weakest.delaySeconds, truncated: weakest.truncated };
}
