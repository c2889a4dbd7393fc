import 'server-only';

import { and, isNull, like, sql } from 'drizzle-orm';
import { decodeFunctionData, parseAbi, type Abi, type AbiFunction } from 'viem';

import { AUTOMATIC_ALERT_TITLES, type AlertEvidence } from '@/lib/alerts';

import type { Database } from '../db/client';
import { securityAlerts, type SkynetContractRow } from '../db/schema';
import { plainArgs } from './abi';
import { saveDetection, type RaisedAlert } from './detectors';

export const TIMELOCK_SCHEDULED_RULE = 'timelock-scheduled';

/** Calls a timelock commonly schedules against what it governs, decoded even when the target's ABI lacks them. */
const GOVERNANCE_CALLS = parseAbi([
  'function upgradeTo(address newImplementation)',
  'function upgradeToAndCall(address newImplementation, bytes data)',
  'function upgradeAndCall(address proxy, address implementation, bytes data)',
  'function changeProxyAdmin(address proxy, address newAdmin)',
  'function transferOwnership(address newOwner)',
  'function renounceOwnership()',
  'function grantRole(bytes32 role, address account)',
  'function revokeRole(bytes32 role, address account)',
  'function pause()',
  'function unpause()',
  'function updateDelay(uint256 newDelay)',
]);

/** A timelock log about an operation, read from any address: the timelock itself need not be watched. */
export type TimelockFact = {
  kind: 'scheduled' | 'executed' | 'cancelled';
  timelock: string;
  operationId: string;
  index: string | null;
  target: string | null;
  value: string | null;
  data: `0x${string}` | null;
  delaySeconds: number | null;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockTime: Date;
};

/** The scheduled call as people read it: `upgradeToAndCall(0xabc…, 0x)`, or its selector when no ABI knows it. */
export function describeCall(abi: Abi, data: `0x${string}`): string {
  for (const candidate of [abi, GOVERNANCE_CALLS as Abi]) {
    try {
      const decoded = decodeFunctionData({ abi: candidate, data });
      const fn = candidate.find((item): item is AbiFunction => item.type === 'function' && item.name === decoded.functionName)!;
      const args = plainArgs(decoded.args ?? [], fn.inputs);
      return `${fn.name}(${Object.values(args).join(', ')})`;
    } catch {
      // not this ABI's call
    }
  }
  return data.length >= 10 ? `call ${data.slice(0, 10)}` : 'plain transfer';
}

const keyPrefix = (chainId: number, timelock: string, operationId: string) => `skynet-timelock:${chainId}:${timelock}:${operationId.toLowerCase()}:`;

/**
 * A timelock operation against a watched contract (or the ProxyAdmin that upgrades one) raises an alert the block it
 * is scheduled, with its ETA and decoded call: the delay is the users' time to leave. The alert is brought up to date
 * when the operation executes or is cancelled. Runs inside the block's transaction.
 */
export async function saveTimelockFacts(
  tx: Database,
  chainId: number,
  facts: TimelockFact[],
  targetsOf: (address: string) => SkynetContractRow[],
  blockHashes: Map<number, string>,
  explorerUrl: string | null,
): Promise<{ changed: number; raised: RaisedAlert[] }> {
  let changed = 0;
  const raised: RaisedAlert[] = [];
  for (const fact of facts) {
    if (fact.kind === 'scheduled') {
      for (const contract of targetsOf(fact.target!)) {
        if (fact.blockTime <= contract.createdAt) continue;
        const call = describeCall(contract.abi as Abi, fact.data!);
        const eta = new Date(fact.blockTime.getTime() + fact.delaySeconds! * 1000);
        const values = {
          timelock: fact.timelock,
          operation: fact.operationId,
          index: fact.index!,
          target: fact.target!,
          call,
          value: fact.value!,
          delaySeconds: String(fact.delaySeconds),
          eta: eta.toISOString(),
          status: 'scheduled',
        };
        const evidence: Omit<AlertEvidence, 'blockHash'> = {
          rule: TIMELOCK_SCHEDULED_RULE,
          chainId: contract.chainId,
          contract: contract.address,
          blockNumber: fact.blockNumber,
          txHash: fact.txHash,
          logIndex: fact.logIndex,
          event: 'CallScheduled',
          values,
        };
        const outcome = await saveDetection(
          tx,
          contract,
          {
            dedupeKey: `${keyPrefix(contract.chainId, fact.timelock, fact.operationId)}${fact.index}:${contract.projectId}:${contract.address}`,
            finding: { type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.timelockScheduled(fact.target!, call, `${eta.toISOString().slice(0, 16).replace('T', ' ')} UTC`), values },
            evidence,
            blockTime: fact.blockTime,
          },
          blockHashes.get(fact.blockNumber) ?? '',
          explorerUrl,
        );
        if (outcome !== 'same') changed++;
        if (outcome === 'new') raised.push({ chainId: contract.chainId, blockTime: fact.blockTime });
      }
      continue;
    }
    changed += await settleOperation(tx, chainId, fact, explorerUrl);
  }
  return { changed, raised };
}

/** An executed or cancelled operation: its scheduled alerts say so (status, the transaction, a new title). */
async function settleOperation(tx: Database, chainId: number, fact: TimelockFact, explorerUrl: string | null): Promise<number> {
  const rows = await tx
    .select({ id: securityAlerts.id, dedupeKey: securityAlerts.dedupeKey, evidence: securityAlerts.evidence, sourceUrls: securityAlerts.sourceUrls })
    .from(securityAlerts)
    .where(
      and(
        isNull(securityAlerts.retractedAt),
        // Keys are hex and digits: nothing in them is a LIKE wildcard.
        like(securityAlerts.dedupeKey, `${keyPrefix(chainId, fact.timelock, fact.operationId)}${fact.kind === 'executed' ? `${fact.index}:` : ''}%`),
      ),
    );
  let changed = 0;
  for (const row of rows) {
    const values = row.evidence?.values ?? {};
    if (values.status === (fact.kind === 'executed' ? 'executed' : 'cancelled')) continue;
    const settled = { ...values, status: fact.kind, [`${fact.kind}Tx`]: fact.txHash, [`${fact.kind}Block`]: String(fact.blockNumber) };
    const title = fact.kind === 'executed' ? AUTOMATIC_ALERT_TITLES.timelockExecuted(values.target ?? '', values.call ?? '') : AUTOMATIC_ALERT_TITLES.timelockCancelled(values.target ?? '', values.call ?? '');
    const link = explorerUrl ? `${explorerUrl}/tx/${fact.txHash}` : null;
    await tx
      .update(securityAlerts)
      .set({
        evidence: { ...row.evidence!, values: settled },
        title: title.slice(0, 200),
        sourceUrls: link && !row.sourceUrls.includes(link) ? [...row.sourceUrls, link] : row.sourceUrls,
        updatedAt: new Date(),
      })
      .where(sql`${securityAlerts.id} = ${row.id}`);
    changed++;
  }
  return changed;
}
