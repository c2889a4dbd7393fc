import 'server-only';

import { and, asc, eq, sql } from 'drizzle-orm';
import type { PublicClient } from 'viem';

import { adminPowersSummary, adminRiskLevel, ADMIN_RISK_LEVELS, POWER_CATEGORIES, powerCategoryOf, type PowerCategory } from '@/lib/skynet/admin-powers';
import type { SkynetEvidence } from '@/lib/skynet/types';

import { getConfig } from '../config';
import type { Database } from '../db/client';
import { adminPowers, skynetContracts, skynetPrivilegedAddresses, skynetPrivilegedFunctions } from '../db/schema';
import { logger } from '../logger';
import { shortError, withRetry } from './chain';
import { clientOfChain, findSkynetChain } from './chains';
import { ADMIN_CHANGE_TOPICS } from './standard-events';
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
      ...(kind.kind === 'safe' ? { threshold: kind.threshold, owners: kind.owners, modules: kind.modules, guard: kind.guard } : {}),
      ...(kind.kind === 'timelock'
        ? { minDelay: kind.minDelay, proposers: kind.proposers, executors: kind.executors, cancellers: kind.cancellers, admins: kind.admins, selfAdministered: kind.selfAdministered }
        : {}),
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
export type PowersCause = { txHash: string; blockNumber: number };

/**
 * The transactions that can have changed who controls a contract between two readings: the admin events of the
 * contract and of every holder either reading names (one eth_getLogs), so a change found by the slow re-read is
 * still pinned to the transaction that made it.
 */
async function changeTransactions(client: PublicClient, addresses: string[], fromBlock: bigint, toBlock: bigint): Promise<PowersCause[]> {
  if (fromBlock > toBlock || addresses.length === 0) return [];
  const logs = await withRetry(
    () => client.getLogs({ address: addresses as `0x${string}`[], fromBlock, toBlock, topics: [ADMIN_CHANGE_TOPICS as `0x${string}`[]] } as never),
    { what: `admin events ${fromBlock}-${toBlock}` },
  );
  const seen = new Map<string, PowersCause>();
  for (const log of logs as { transactionHash: string; blockNumber: bigint }[]) seen.set(log.transactionHash, { txHash: log.transactionHash, blockNumber: Number(log.blockNumber) });
  return [...seen.values()];
}

const readingAddresses = (reading: Pick<AdminPowersRow, 'holders' | 'proxyAdmin'> | null) =>
  reading ? [...(reading.proxyAdmin ? [reading.proxyAdmin] : []), ...reading.holders.flatMap((chain) => chain.links.map((link) => link.address))] : [];

export async function refreshAdminPowers(
  db: Database,
  contractId: string,
  options: { causes?: PowersCause[] } = {},
): Promise<{ previous: AdminPowersRow | null; current: AdminPowersRow; alertId: string | null }> {
  const [contract] = await db.select().from(skynetContracts).where(eq(skynetContracts.id, contractId));
  if (!contract) throw new Error(`No watched contract ${contractId}.`);
  const client = await clientOfChain(contract.chainId);
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
  // The change's transactions: those the follower saw, else the admin events since the last reading.
  const needsCauses = previous && !options.causes?.length;
  const addresses = [...new Set([contract.address, ...readingAddresses(previous ?? null), ...readingAddresses(current)].map((entry) => entry.toLowerCase()))];
  const causes = needsCauses ? await changeTransactions(client, addresses, BigInt(previous.blockNumber) + 1n, block).catch(() => []) : (options.causes ?? []);
  const chain = await findSkynetChain(contract.chainId);
  const alertId = await alertOnAdminPowersChange(db, contract, previous ?? null, current, { causes, explorerUrl: chain?.explorerUrl ?? null });
  return { previous: previous ?? null, current, alertId };
}

/**
 * How many contracts the slow safety re-read takes per interval, those read longest ago: events trigger the readings
 * that matter, so this only bounds how stale a change no event showed can be, at a few calls per block.
 */
const SAFETY_SLICE = 5;
const lastPass = new Map<string, number>();

/**
 * The slow safety re-read beside the event-driven one: at most once per SKYNET_INTERVAL_SECONDS, the contracts never
 * read first, then those read longest ago, a slice at a time (a change no event showed is found within a few cycles).
 */
export async function refreshAdminPowersIfDue(db: Database, chainId?: number): Promise<void> {
  const key = String(chainId ?? 'all');
  const now = Date.now();
  if (now - (lastPass.get(key) ?? 0) < getConfig().skynet.intervalSeconds * 1000) return;
  lastPass.set(key, now);
  const contracts = await db
    .select({ id: skynetContracts.id, address: skynetContracts.address })
    .from(skynetContracts)
    .leftJoin(adminPowers, eq(adminPowers.contractId, skynetContracts.id))
    .where(chainId === undefined ? undefined : eq(skynetContracts.chainId, chainId))
    .orderBy(sql`${adminPowers.readAt} asc nulls first`, asc(skynetContracts.createdAt))
    .limit(SAFETY_SLICE);
  for (const contract of contracts) {
    try {
      await refreshAdminPowers(db, contract.id);
    } catch (error) {
      logger.error({ contract: contract.address, err: shortError(error) }, 'admin powers: the reading failed');
    }
  }
}
