import 'server-only';

import { and, asc, eq } from 'drizzle-orm';

import type { AdminPowersView } from '@/lib/skynet/admin-powers';

import { getDb } from '../db/client';
import { adminPowers, skynetContracts } from '../db/schema';

const viewColumns = {
  projectId: skynetContracts.projectId,
  chainId: skynetContracts.chainId,
  address: skynetContracts.address,
  pattern: adminPowers.pattern,
  implementation: adminPowers.implementation,
  proxyAdmin: adminPowers.proxyAdmin,
  holders: adminPowers.holders,
  powers: adminPowers.powers,
  upgrades: adminPowers.upgrades,
  summary: adminPowers.summary,
  riskLevel: adminPowers.riskLevel,
  riskRule: adminPowers.riskRule,
  blockNumber: adminPowers.blockNumber,
  evidence: adminPowers.evidence,
  readAt: adminPowers.readAt,
};

/** The current admin-powers readings of a project's watched contracts (none until Skynet has read them), by chain and address. */
export async function listAdminPowers(projectId: string): Promise<AdminPowersView[]> {
  const db = await getDb();
  return db
    .select(viewColumns)
    .from(adminPowers)
    .innerJoin(skynetContracts, eq(skynetContracts.id, adminPowers.contractId))
    .where(eq(skynetContracts.projectId, projectId))
    .orderBy(asc(skynetContracts.chainId), asc(skynetContracts.address));
}

/**
 * The readings of one contract address on one chain (lowercase 0x address), one per project watching it: the
 * same address can be watched by two projects, and each row says whose it is. Empty when no project watches it.
 */
export async function adminPowersAt(chainId: number, address: string): Promise<{ watched: boolean; readings: AdminPowersView[] }> {
  const db = await getDb();
  const where = and(eq(skynetContracts.chainId, chainId), eq(skynetContracts.address, address));
  const [readings, watched] = await Promise.all([
    db.select(viewColumns).from(adminPowers).innerJoin(skynetContracts, eq(skynetContracts.id, adminPowers.contractId)).where(where).orderBy(asc(skynetContracts.projectId)),
    db.select({ id: skynetContracts.id }).from(skynetContracts).where(where).limit(1),
  ]);
  return { watched: watched.length > 0, readings };
}
