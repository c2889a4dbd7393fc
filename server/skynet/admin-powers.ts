import 'server-only';

import { and, asc, eq } from 'drizzle-orm';

import { adminPowersSummary, adminRiskLevel, ADMIN_RISK_LEVELS, POWER_CATEGORIES, powerCategoryOf, type PowerCategory } from '@/lib/skynet/admin-powers';
import type { SkynetEvidence } from '@/lib/skynet/types';

import { getConfig } from '../config';
import type { Database } from '../db/client';
import { adminPowers, skynetContracts, skynetPrivilegedAddresses, skynetPrivilegedFunctions } from '../db/schema';
import { logger } from '../logger';
import { getChainClient, resolveRpcUrl, shortError, withRetry } from './chain';
import { alertOnAdminPowersChange } from './admin-powers-alerts';
import { followHolder, type HolderChain } from './holders';
import { proxyUpgradeHistory, readProxy } from './proxy';

export type AdminPowersRow = typeof adminPowers.$inferSelect;
type StoredChain = AdminPowersRow['holders'][number];

function storedChain(holder: string, privilege: string, chain: HolderChain): StoredChain {
  return {
    holder,
    privilege,
    links: chain.links.map(({ address, holder: kind, evidence }) => ({
      address,
      kind: kind.kind,
      evidence,
      ...(kind.kind === 'safe' ? { threshold: kind.threshold, owners: kind.owners } : {}),
      ...(kind.kind === 'timelock' ? { minDelay: kind.minDelay, proposers: kind.proposers, executors: kind.executors } : {}),
    })),
    controller: chain.controller,
    delaySeconds: chain.delaySeconds,
    truncated: chain.truncated,
  };
}

/**
 * Reads a watched contract's admin powers from the chain at one block and replaces its stored reading: the proxy
 * pattern, the holders (its active owner and the proxy admin) followed to their final controller, the privileged
 * functions Skynet found grouped by power, and the risk rule's answer; a change deeper than the contract's own events
 * raises an alert. Returns the previous reading, the new one and the alert raised, if any.
 */
export async function refreshAdminPowers(db: Database, contractId: string): Promise<{ previous: AdminPowersRow | null; current: AdminPowersRow; alertId: string | null }> {
  const [contract] = await db.select().from(skynetContracts).where(eq(skynetContracts.id, contractId));
  if (!contract) throw new Error(`No watched contract ${contractId}.`);
  const client = getChainClient(resolveRpcUrl(contract.rpcUrl));
  const address = contract.address as `0x${string}`;
  const block = await withRetry(() => client.getBlockNumber({ cacheTime: 0 }), { what: 'block number' });
  const [reading, functions, holders, [previous]] = await Promise.all([
    readProxy(client, address, block),
    db.select().from(skynetPrivilegedFunctions).where(eq(skynetPrivilegedFunctions.contractId, contractId)).orderBy(asc(skynetPrivilegedFunctions.signature)),
    db
      .select()
      .from(skynetPrivilegedAddresses)
      .where(and(eq(skynetPrivilegedAddresses.contractId, contractId), eq(skynetPrivilegedAddresses.active, true)))
      .orderBy(asc(skynetPrivilegedAddresses.privilege), asc(skynetPrivilegedAddresses.holder)),
    db.select().from(adminPowers).where(eq(adminPowers.contractId, contractId)),
  ]);

  // Who holds the functions: the active owner first, else the first active holder Skynet knows; the proxy admin upgrades.
  const owner = holders.find((entry) => entry.privilege === 'owner') ?? holders[0] ?? null;
  const followed = new Map<string, StoredChain>();
  const follow = async (holder: string, privilege: string) => {
    if (!followed.has(holder)) followed.set(holder, storedChain(holder, privilege, await followHolder(client, holder as `0x${string}`, block)));
    return followed.get(holder)!;
  };
  if (owner) await follow(owner.holder.toLowerCase(), owner.privilege);
  if (reading.admin) await follow(reading.admin, 'proxy-admin');

  const byCategory = new Map<PowerCategory, string[]>();
  for (const { signature } of functions) {
    const category = powerCategoryOf(signature);
    if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), signature]);
  }
  const upgradeHolder = reading.pattern === 'transparent' ? reading.admin : reading.pattern === 'uups' ? (owner?.holder.toLowerCase() ?? null) : null;
  if (upgradeHolder && !byCategory.has('upgrade')) byCategory.set('upgrade', [reading.pattern === 'transparent' ? 'upgradeAndCall(address,address,bytes)' : 'upgradeToAndCall(address,bytes)']);

  const powers = POWER_CATEGORIES.filter((category) => byCategory.has(category)).map((category) => {
    const holder = category === 'upgrade' && upgradeHolder ? upgradeHolder : (owner?.holder.toLowerCase() ?? null);
    return { category, functions: byCategory.get(category)!, holder, delaySeconds: holder ? followed.get(holder)!.delaySeconds : 0 };
  });

  // The weakest holder decides: the reading's risk is the worst risk among the powers' holders.
  const held = powers.filter((power) => power.holder);
  const judged = held.map((power) => {
    const chain = followed.get(power.holder!)!;
    const input = { categories: powers.filter((other) => other.holder === power.holder).map((other) => other.category), controller: chain.controller, delaySeconds: chain.delaySeconds };
    return { input, risk: adminRiskLevel(input) };
  });
  const worst = judged.reduce<(typeof judged)[number] | null>((a, b) => (!a || ADMIN_RISK_LEVELS.indexOf(b.risk.level) > ADMIN_RISK_LEVELS.indexOf(a.risk.level) ? b : a), null);
  const categories = powers.map((power) => power.category);
  const input = worst ? { ...worst.input, categories } : { categories: held.length ? categories : [], controller: { kind: 'none' as const }, delaySeconds: 0 };
  const risk = worst?.risk ?? adminRiskLevel(input);
  const evidence: SkynetEvidence[] = [...reading.evidence, ...functions.flatMap((entry) => entry.evidence), ...(owner?.evidence ?? [])];
  // The upgrade history grows from the last reading's block: only new blocks' logs are read at each refresh.
  const upgradesFrom = previous ? BigInt(previous.blockNumber) + 1n : BigInt(contract.fromBlock);
  const newUpgrades = upgradesFrom <= block ? await proxyUpgradeHistory(client, address, { fromBlock: upgradesFrom, toBlock: block }) : [];
  const upgrades = [...(previous?.upgrades ?? []), ...newUpgrades];

  const values = {
    contractId,
    pattern: reading.pattern,
    implementation: reading.implementation,
    proxyAdmin: reading.admin,
    holders: [...followed.values()],
    powers,
    upgrades,
    summary: adminPowersSummary(input),
    riskLevel: risk.level,
    riskRule: risk.rule,
    blockNumber: Number(block),
    evidence,
    readAt: new Date(),
  };
  const [current] = await db.insert(adminPowers).values(values).onConflictDoUpdate({ target: adminPowers.contractId, set: values }).returning();
  const alertId = await alertOnAdminPowersChange(db, contract, previous ?? null, current);
  return { previous: previous ?? null, current, alertId };
}

let lastPass = 0;

/** The indexer's pass reads every watched contract again, at most once per SKYNET_INTERVAL_SECONDS. */
export async function refreshAdminPowersIfDue(db: Database): Promise<void> {
  const now = Date.now();
  if (now - lastPass < getConfig().skynet.intervalSeconds * 1000) return;
  lastPass = now;
  const contracts = await db.select({ id: skynetContracts.id, address: skynetContracts.address }).from(skynetContracts).orderBy(asc(skynetContracts.createdAt));
  for (const contract of contracts) {
    try {
      await refreshAdminPowers(db, contract.id);
    } catch (error) {
      logger.error({ contract: contract.address, err: shortError(error) }, 'admin powers: the reading failed');
    }
  }
}
