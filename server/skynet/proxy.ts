import 'server-only';

import { parseAbi, parseAbiItem, type BlockTag, type Hex, type PublicClient } from 'viem';

import type { SkynetEvidence } from '../db/schema';
import { shortError, withRetry } from './chain';

/** ERC-1967 slots: bytes32(uint256(keccak256('eip1967.proxy.<name>')) - 1). */
export const ERC1967_SLOTS = {
  implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
  beacon: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
} as const;

export const PROXY_PATTERNS = ['transparent', 'uups', 'beacon', 'none'] as const;
export type ProxyPattern = (typeof PROXY_PATTERNS)[number];

export type ProxyReading = {
  pattern: ProxyPattern;
  /** The logic contract calls run (through the beacon for a beacon proxy); null when the address is no proxy. */
  implementation: `0x${string}` | null;
  /** The ERC-1967 admin (a transparent proxy's ProxyAdmin), null when the slot is empty. */
  admin: `0x${string}` | null;
  beacon: `0x${string}` | null;
  /** Where each answer comes from, block included. */
  evidence: SkynetEvidence[];
};

const PROXY_ABI = parseAbi(['function proxiableUUID() view returns (bytes32)', 'function implementation() view returns (address)']);

/** The block to read at: a number, a tag, or the latest when none is given. */
export type ReadAt = bigint | BlockTag | undefined;
const at = (blockTag: ReadAt) => (typeof blockTag === 'bigint' ? { blockNumber: blockTag } : { blockTag: blockTag ?? 'latest' });
const atLabel = (blockTag: ReadAt) => (typeof blockTag === 'bigint' ? `block ${blockTag}` : (blockTag ?? 'latest'));

/** The address in a storage word, or null when it is zero (slot unused). */
function slotAddress(word: Hex | undefined): `0x${string}` | null {
  if (!word || BigInt(word) === 0n) return null;
  return `0x${word.slice(-40)}`.toLowerCase() as `0x${string}`;
}

/**
 * Which proxy pattern an address follows, read from the chain: the ERC-1967 beacon, implementation and admin slots,
 * then for an implementation without admin its `proxiableUUID()` (UUPS: it answers the implementation slot; OpenZeppelin's
 * answers only when called directly, so it is asked on the implementation, not through the proxy). A beacon proxy's
 * implementation is the beacon's `implementation()`. An address with no slot set is 'none', and so is an ERC-1967
 * proxy whose logic is neither administered nor UUPS: nothing on chain can upgrade it.
 */
export async function readProxy(client: PublicClient, address: `0x${string}`, blockTag?: ReadAt): Promise<ProxyReading> {
  const where = atLabel(blockTag);
  const slot = (name: keyof typeof ERC1967_SLOTS) =>
    withRetry(() => client.getStorageAt({ address, slot: ERC1967_SLOTS[name], ...at(blockTag) }), { what: `ERC-1967 ${name} slot of ${address}` }).then(slotAddress);
  const [implementationSlot, admin, beacon] = await Promise.all([slot('implementation'), slot('admin'), slot('beacon')]);
  const evidence: SkynetEvidence[] = [];
  if (admin) evidence.push({ method: 'erc1967', detail: `ERC-1967 admin slot holds ${admin} at ${where}` });

  if (beacon) {
    evidence.push({ method: 'erc1967', detail: `ERC-1967 beacon slot holds ${beacon} at ${where}` });
    const implementation = await optionalRead(() => client.readContract({ address: beacon, abi: PROXY_ABI, functionName: 'implementation', ...at(blockTag) }));
    if (implementation) evidence.push({ method: 'erc1967', detail: `the beacon's implementation() returns ${implementation.toLowerCase()} at ${where}` });
    return { pattern: 'beacon', implementation: implementation ? (implementation.toLowerCase() as `0x${string}`) : null, admin, beacon, evidence };
  }
  if (!implementationSlot) return { pattern: 'none', implementation: null, admin, beacon: null, evidence };

  evidence.push({ method: 'erc1967', detail: `ERC-1967 implementation slot holds ${implementationSlot} at ${where}` });
  if (admin) return { pattern: 'transparent', implementation: implementationSlot, admin, beacon: null, evidence };
  const uuid = await optionalRead(() => client.readContract({ address: implementationSlot, abi: PROXY_ABI, functionName: 'proxiableUUID', ...at(blockTag) }));
  if (uuid?.toLowerCase() === ERC1967_SLOTS.implementation) {
    evidence.push({ method: 'erc1967', detail: `the implementation's proxiableUUID() returns the ERC-1967 implementation slot (UUPS) at ${where}` });
    return { pattern: 'uups', implementation: implementationSlot, admin: null, beacon: null, evidence };
  }
  evidence.push({ method: 'erc1967', detail: `no admin and the implementation has no proxiableUUID(): nothing on chain can upgrade it` });
  return { pattern: 'none', implementation: implementationSlot, admin: null, beacon: null, evidence };
}

/** A view call that may legitimately fail (no such function): null then; endpoint faults still throw after retries. */
async function optionalRead<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await withRetry(call, { what: 'proxy view call', attempts: 2 });
  } catch (error) {
    if (isRevert(error)) return null;
    throw error;
  }
}

const REVERT_NAMES = new Set(['ExecutionRevertedError', 'ContractFunctionRevertedError', 'ContractFunctionZeroDataError', 'RawContractError', 'AbiDecodingZeroDataError', 'CallExecutionError']);
function isRevert(error: unknown): boolean {
  const walk = (error as { walk?: (match: (cause: unknown) => boolean) => unknown }).walk;
  if (typeof walk === 'function' && walk.call(error, (cause) => REVERT_NAMES.has((cause as Error).name))) return true;
  return /revert|returned no data|execution reverted/i.test(shortError(error));
}

const UPGRADE_EVENTS = [
  parseAbiItem('event Upgraded(address indexed implementation)'),
  parseAbiItem('event AdminChanged(address previousAdmin, address newAdmin)'),
  parseAbiItem('event BeaconUpgraded(address indexed beacon)'),
] as const;

export type ProxyHistoryEntry = {
  kind: 'upgraded' | 'admin-changed' | 'beacon-upgraded';
  blockNumber: number;
  txHash: `0x${string}`;
  logIndex: number;
  /** Upgraded: the new implementation; AdminChanged: the new admin; BeaconUpgraded: the new beacon. */
  to: `0x${string}`;
  /** AdminChanged only: the admin before. */
  from: `0x${string}` | null;
};

/** One eth_getLogs refused as too large is halved, down to one block (as the indexer's reads are). */
const LOG_LIMIT = /block range|too many|limit|exceed|more than \d+ results|response size/i;

/**
 * A proxy's upgrade history from its own logs: every Upgraded, AdminChanged and BeaconUpgraded in [fromBlock, toBlock]
 * (the whole chain by default), in chain order.
 */
export async function proxyUpgradeHistory(
  client: PublicClient,
  address: `0x${string}`,
  { fromBlock = 0n, toBlock }: { fromBlock?: bigint; toBlock?: bigint } = {},
): Promise<ProxyHistoryEntry[]> {
  const last = toBlock ?? (await withRetry(() => client.getBlockNumber({ cacheTime: 0 }), { what: 'block number' }));
  const query = (from: bigint, to: bigint) => client.getLogs({ address, events: UPGRADE_EVENTS, fromBlock: from, toBlock: to, strict: true });
  const read = async (from: bigint, to: bigint): Promise<Awaited<ReturnType<typeof query>>> => {
    if (to > from) {
      try {
        return await query(from, to);
      } catch (error) {
        if (LOG_LIMIT.test(shortError(error))) {
          const middle = (from + to) / 2n;
          return [...(await read(from, middle)), ...(await read(middle + 1n, to))];
        }
        // Any other failure is retried below, as every read is.
      }
    }
    return withRetry(() => query(from, to), { what: `proxy logs of ${address} ${from}-${to}` });
  };
  const logs = await read(fromBlock, last);
  return logs
    .map((log): ProxyHistoryEntry => {
      const base = { blockNumber: Number(log.blockNumber), txHash: log.transactionHash!, logIndex: log.logIndex! };
      const lower = (value: string) => value.toLowerCase() as `0x${string}`;
      if (log.eventName === 'Upgraded') return { ...base, kind: 'upgraded', to: lower(log.args.implementation!), from: null };
      if (log.eventName === 'BeaconUpgraded') return { ...base, kind: 'beacon-upgraded', to: lower(log.args.beacon!), from: null };
      return { ...base, kind: 'admin-changed', to: lower(log.args.newAdmin!), from: lower(log.args.previousAdmin!) };
    })
    .sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
}
