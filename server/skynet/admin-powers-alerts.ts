import 'server-only';

import { AUTOMATIC_ALERT_TITLES, evmChainName, type AlertEvidence } from '@/lib/alerts';
import { adminPowersChanges, type AdminPowersReading } from '@/lib/skynet/admin-powers-changes';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import type { Database } from '../db/client';
import { securityAlerts } from '../db/schema';
import { notifyWatchersOfAlert } from '../notifications';

export const ADMIN_POWERS_CHANGED_RULE = 'admin-powers-changed';

type Contract = { id: string; projectId: string; chainId: number; address: string };

/**
 * After a new reading: an automatic alert (watchers notified) when a change is one the contract's own events cannot
 * raise (a Safe's threshold or owners, a timelock's delay, the final controller, the risk level), once per contract
 * and block; the public pages are refreshed whenever the reading says something new. The first reading alerts nobody.
 */
export async function alertOnAdminPowersChange(
  db: Database,
  contract: Contract,
  previous: AdminPowersReading | null,
  current: AdminPowersReading & { blockNumber: number },
  { causes, explorerUrl }: { causes: { txHash: string; blockNumber: number }[]; explorerUrl: string | null },
): Promise<string | null> {
  if (!previous) {
    revalidatePublicData(CACHE_TAGS.projects);
    return null;
  }
  const change = adminPowersChanges(previous, current);
  if (change.lines.length === 0) return null;
  revalidatePublicData(CACHE_TAGS.projects, CACHE_TAGS.alerts);
  if (!change.alert) return null;
  // The change is pinned to its transactions (the latest first is the evidence's), each linked to the explorer.
  const ordered = [...causes].sort((a, b) => b.blockNumber - a.blockNumber);
  const evidence: AlertEvidence = {
    rule: ADMIN_POWERS_CHANGED_RULE,
    chainId: contract.chainId,
    contract: contract.address,
    blockNumber: ordered[0]?.blockNumber ?? current.blockNumber,
    ...(ordered[0] ? { txHash: ordered[0].txHash } : {}),
    values: {
      changes: change.lines.join('\n'),
      before: previous.summary,
      after: current.summary,
      riskBefore: previous.riskLevel,
      riskAfter: current.riskLevel,
      ...(ordered.length ? { transactions: ordered.map((cause) => cause.txHash).join('\n') } : {}),
      readAtBlock: String(current.blockNumber),
    },
  };
  const now = new Date();
  const [inserted] = await db
    .insert(securityAlerts)
    .values({
      projectId: contract.projectId,
      type: 'contract-change',
      title: AUTOMATIC_ALERT_TITLES.adminPowersChanged(contract.address, current.summary),
      occurredAt: now,
      chain: evmChainName(contract.chainId),
      sourceUrls: explorerUrl ? ordered.map((cause) => `${explorerUrl}/tx/${cause.txHash}`) : [],
      confidence: 'confirmed',
      status: 'published',
      origin: 'automatic',
      evidence,
      dedupeKey: [ADMIN_POWERS_CHANGED_RULE, contract.chainId, contract.address, current.blockNumber].join(':'),
      publishedAt: now,
    })
    .onConflictDoNothing({ target: securityAlerts.dedupeKey })
    .returning({ id: securityAlerts.id });
  if (!inserted) return null;
  await notifyWatchersOfAlert(db, inserted.id);
  return inserted.id;
}
