import 'server-only';

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

import type { PrivilegedAddress, PrivilegedFunction, PrivilegedTransaction } from '@/lib/skynet/types';

import { getDb } from '../db/client';
import { skynetContracts, skynetPrivilegedAddresses, skynetPrivilegedFunctions, skynetTransactions } from '../db/schema';
import { memo } from './memo';
import { contractOfShownProject } from './visibility';

// Skynet's reads by contract address: who holds privileges, which functions are privileged, and the calls to them.

/** The watched contracts at an address (one per project and chain). */
async function contractsAt(address: string) {
  const db = await getDb();
  return db
    .select({ id: skynetContracts.id, chainId: skynetContracts.chainId, projectId: skynetContracts.projectId })
    .from(skynetContracts)
    .where(and(eq(skynetContracts.address, address), contractOfShownProject));
}

/** Who holds (or held) privileges on the contract at an address, current holders first. */
export function getPrivilegedAddresses(address: string): Promise<PrivilegedAddress[]> {
  return memo(`paddr:${address}`, async () => {
    const db = await getDb();
    return db
      .select({
        chainId: skynetContracts.chainId,
        holder: skynetPrivilegedAddresses.holder,
        privilege: skynetPrivilegedAddresses.privilege,
        label: skynetPrivilegedAddresses.label,
        active: skynetPrivilegedAddresses.active,
        sinceBlock: skynetPrivilegedAddresses.sinceBlock,
        sinceTx: skynetPrivilegedAddresses.sinceTx,
        evidence: skynetPrivilegedAddresses.evidence,
      })
      .from(skynetPrivilegedAddresses)
      .innerJoin(skynetContracts, eq(skynetContracts.id, skynetPrivilegedAddresses.contractId))
      .where(and(eq(skynetContracts.address, address), contractOfShownProject))
      .orderBy(desc(skynetPrivilegedAddresses.active), asc(skynetPrivilegedAddresses.label), asc(skynetPrivilegedAddresses.holder));
  });
}

/** The privileged functions of the contract at an address, with the evidence for each. */
export function getPrivilegedFunctions(address: string): Promise<PrivilegedFunction[]> {
  return memo(`pfn:${address}`, async () => {
    const db = await getDb();
    return db
      .select({ chainId: skynetContracts.chainId, selector: skynetPrivilegedFunctions.selector, signature: skynetPrivilegedFunctions.signature, evidence: skynetPrivilegedFunctions.evidence })
      .from(skynetPrivilegedFunctions)
      .innerJoin(skynetContracts, eq(skynetContracts.id, skynetPrivilegedFunctions.contractId))
      .where(and(eq(skynetContracts.address, address), contractOfShownProject))
      .orderBy(asc(skynetPrivilegedFunctions.signature));
  });
}

/** The newest calls to privileged functions of the contract at an address, reverted ones included. */
export function getPrivilegedTransactions(address: string, limit: number): Promise<PrivilegedTransaction[]> {
  return memo(`ptx:${address}:${limit}`, async () => {
    const contracts = await contractsAt(address);
    if (!contracts.length) return [];
    const db = await getDb();
    const rows = await db
      .select({
        chainId: skynetContracts.chainId,
        txHash: skynetTransactions.txHash,
        blockNumber: skynetTransactions.blockNumber,
        blockTime: skynetTransactions.blockTime,
        from: skynetTransactions.fromAddress,
        functionName: sql<string>`coalesce(${skynetTransactions.functionName}, ${skynetTransactions.selector})`,
        succeeded: skynetTransactions.succeeded,
      })
      .from(skynetTransactions)
      .innerJoin(skynetPrivilegedFunctions, and(eq(skynetPrivilegedFunctions.contractId, skynetTransactions.contractId), eq(skynetPrivilegedFunctions.selector, skynetTransactions.selector)))
      .innerJoin(skynetContracts, eq(skynetContracts.id, skynetTransactions.contractId))
      .where(inArray(skynetTransactions.contractId, contracts.map((contract) => contract.id)))
      .orderBy(desc(skynetTransactions.blockNumber), desc(skynetTransactions.txHash))
      .limit(limit);
    return rows.map(({ blockTime, ...row }) => ({ ...row, timestamp: Math.floor(blockTime.getTime() / 1000) }));
  });
}
