import 'server-only';

import { eq } from 'drizzle-orm';

import { governanceSignalsFromAdminPowers, type GovernanceSignalReadings } from '@/lib/skynet/admin-powers-signals';

import { getDb } from '../db/client';
import { adminPowers, skynetContracts } from '../db/schema';

/** The governance signals Skynet's admin-powers readings give a project (null when none of its contracts is read). */
export async function readGovernanceSignals(projectId: string): Promise<GovernanceSignalReadings | null> {
  const db = await getDb();
  const rows = await db
    .select({ address: skynetContracts.address, summary: adminPowers.summary, holders: adminPowers.holders, powers: adminPowers.powers })
    .from(adminPowers)
    .innerJoin(skynetContracts, eq(skynetContracts.id, adminPowers.contractId))
    .where(eq(skynetContracts.projectId, projectId));
  return governanceSignalsFromAdminPowers(
    rows.map((row) => ({
      address: row.address,
      summary: row.summary,
      held: row.powers.flatMap((power) => {
        const chain = row.holders.find((entry) => entry.holder === power.holder);
        return chain ? [{ controller: chain.controller, delaySeconds: chain.delaySeconds }] : [];
      }),
    })),
  );
}
