import 'server-only';

import { and, eq, isNull, sql } from 'drizzle-orm';
import { toFunctionSelector, type Abi, type AbiFunction } from 'viem';

import type { Database } from '../db/client';
import { adminPowers, skynetContracts, skynetPrivilegedFunctions, type SkynetContractRow } from '../db/schema';

/** A contract the head follower hands facts to, with what it needs to decode them, held in memory. */
export type WatchedContract = {
  row: SkynetContractRow;
  abi: Abi;
  functionsBySelector: Map<string, AbiFunction>;
  /** Its privileged functions: selector → signature. */
  privileged: Map<string, string>;
};

/**
 * Everything watched on one chain, by address (an address may be watched by several projects), and the holders
 * of their admin powers (a Safe, a timelock, a ProxyAdmin), whose own events can change who controls them.
 */
export type WatchedIndex = {
  version: string;
  byAddress: Map<string, WatchedContract[]>;
  /** holder address → ids of the contracts it holds powers over. */
  holders: Map<string, Set<string>>;
  /** Watched addresses, lower case. */
  size: number;
};

/** What changes the index: one cheap query per step tells whether it must be read again. */
export async function watchedVersion(db: Database, chainId: number): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      updated: sql<string | null>`max(${skynetContracts.updatedAt})::text`,
      read: sql<string | null>`(select max(p.read_at)::text from ${adminPowers} p join ${skynetContracts} c on c.id = p.contract_id where c.chain_id = ${chainId})`,
    })
    .from(skynetContracts)
    .where(eq(skynetContracts.chainId, chainId));
  return `${row.count}|${row.updated}|${row.read}`;
}

/**
 * Reads the chain's watched contracts into memory, after letting the ones not yet live join at `nextBlock` (the
 * next block the follower reads): their history lane reads up to the block before it.
 */
export async function loadWatchedIndex(db: Database, chainId: number, nextBlock: number): Promise<WatchedIndex> {
  await db
    .update(skynetContracts)
    .set({ liveFromBlock: sql`greatest(${nextBlock}, ${skynetContracts.fromBlock})` })
    .where(and(eq(skynetContracts.chainId, chainId), isNull(skynetContracts.liveFromBlock)));
  const version = await watchedVersion(db, chainId);
  const [rows, privileged, powers] = await Promise.all([
    db.select().from(skynetContracts).where(eq(skynetContracts.chainId, chainId)),
    db
      .select({ contractId: skynetPrivilegedFunctions.contractId, selector: skynetPrivilegedFunctions.selector, signature: skynetPrivilegedFunctions.signature })
      .from(skynetPrivilegedFunctions)
      .innerJoin(skynetContracts, eq(skynetContracts.id, skynetPrivilegedFunctions.contractId))
      .where(eq(skynetContracts.chainId, chainId)),
    db
      .select({ contractId: adminPowers.contractId, holders: adminPowers.holders, proxyAdmin: adminPowers.proxyAdmin })
      .from(adminPowers)
      .innerJoin(skynetContracts, eq(skynetContracts.id, adminPowers.contractId))
      .where(eq(skynetContracts.chainId, chainId)),
  ]);
  const privilegedOf = new Map<string, Map<string, string>>();
  for (const entry of privileged) {
    if (!privilegedOf.has(entry.contractId)) privilegedOf.set(entry.contractId, new Map());
    privilegedOf.get(entry.contractId)!.set(entry.selector, entry.signature);
  }
  // ABIs are shared by many contracts (every ERC-20 watched with the default one): their selector maps are built once.
  const selectorMaps = new Map<string, Map<string, AbiFunction>>();
  const byAddress = new Map<string, WatchedContract[]>();
  for (const row of rows) {
    const abi = row.abi as Abi;
    const abiKey = JSON.stringify(abi);
    let functionsBySelector = selectorMaps.get(abiKey);
    if (!functionsBySelector) {
      functionsBySelector = new Map(abi.filter((item): item is AbiFunction => item.type === 'function').map((fn) => [toFunctionSelector(fn), fn]));
      selectorMaps.set(abiKey, functionsBySelector);
    }
    const watched: WatchedContract = { row, abi, functionsBySelector, privileged: privilegedOf.get(row.id) ?? new Map() };
    byAddress.set(row.address, [...(byAddress.get(row.address) ?? []), watched]);
  }
  const holders = new Map<string, Set<string>>();
  const hold = (address: string | null, contractId: string) => {
    if (!address) return;
    const key = address.toLowerCase();
    if (!holders.has(key)) holders.set(key, new Set());
    holders.get(key)!.add(contractId);
  };
  for (const reading of powers) {
    hold(reading.proxyAdmin, reading.contractId);
    for (const chain of reading.holders) for (const link of chain.links) hold(link.address, reading.contractId);
  }
  return { version, byAddress, holders, size: byAddress.size };
}
