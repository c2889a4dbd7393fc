import 'server-only';

import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { decodeFunctionData, parseAbi, type Abi, type PublicClient } from 'viem';

import { AUTOMATIC_ALERT_TEXTS, AUTOMATIC_ALERT_TITLES, evmChainName, type AlertEvidence } from '@/lib/alerts';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import { getConfig } from '../config';
import type { Database } from '../db/client';
import { securityAlerts, type SkynetContractRow } from '../db/schema';
import { logger } from '../logger';
import { notifyWatchersOfAlert } from '../notifications';
import { plainArgs } from './abi';
import { withRetry } from './chain';
import { EVENT_RULES, type DetectedEvent, type DetectorSettings, type RuleContext, type RuleFinding } from './detector-rules';
import { skynetMetrics } from './metrics';

const SUPPLY_ABI = parseAbi(['function totalSupply() view returns (uint256)']);

/** The rule that reads transactions rather than logs. */
export const PRIVILEGED_CALL_RULE = 'privileged-call';

/**
 * One fact, one key: the project, chain, contract, transaction and the event's place in it (never the block, so a
 * transaction re-mined in another block after a reorg is the same fact and finds its alert).
 */
export function detectorDedupeKey(contract: Pick<SkynetContractRow, 'projectId' | 'chainId' | 'address'>, txHash: string, rule: string, ordinal?: number): string {
  return ['skynet', contract.projectId, contract.chainId, contract.address, txHash.toLowerCase(), rule, ...(ordinal === undefined ? [] : [ordinal])].join(':');
}

export type Detection = { dedupeKey: string; finding: RuleFinding; evidence: Omit<AlertEvidence, 'blockHash'>; blockTime: Date };

/** Stores one detection: a new alert notifies the project's watchers; a known one is only brought up to date. */
export async function saveDetection(
  tx: Database,
  contract: Pick<SkynetContractRow, 'projectId' | 'chainId'>,
  detection: Detection,
  blockHash: string,
  explorerUrl: string | null,
): Promise<'new' | 'updated' | 'same'> {
  const evidence: AlertEvidence = { ...detection.evidence, blockHash };
  const sourceUrls = explorerUrl && evidence.txHash ? [`${explorerUrl}/tx/${evidence.txHash}`] : [];
  const now = new Date();
  const [inserted] = await tx
    .insert(securityAlerts)
    .values({
      projectId: contract.projectId,
      type: detection.finding.type,
      title: detection.finding.title.slice(0, 200),
      occurredAt: detection.blockTime,
      chain: evmChainName(contract.chainId),
      sourceUrls,
      confidence: 'confirmed',
      status: 'published',
      origin: 'automatic',
      evidence,
      dedupeKey: detection.dedupeKey,
      publishedAt: now,
    })
    .onConflictDoNothing({ target: securityAlerts.dedupeKey })
    .returning({ id: securityAlerts.id });
  if (inserted) {
    await notifyWatchersOfAlert(tx, inserted.id);
    return 'new';
  }
  // Seen before: a re-read of the same block changes nothing; after a reorg the fact may sit in another block (the
  // evidence follows it) or come back after it was retracted (the retraction is lifted). Watchers heard of it once.
  // The sources stay as they are: the transaction (so its link) is the same, and staff may have added sources since.
  const refreshed = await tx
    .update(securityAlerts)
    .set({ evidence, occurredAt: detection.blockTime, retractedAt: null, retractionReason: null, updatedAt: now })
    .where(
      and(
        eq(securityAlerts.dedupeKey, detection.dedupeKey),
        or(isNotNull(securityAlerts.retractedAt), sql`${securityAlerts.evidence}->>'blockHash' is distinct from ${blockHash}`),
      ),
    )
    .returning({ id: securityAlerts.id });
  return refreshed.length ? 'updated' : 'same';
}

/** A transaction sent to a watched contract, as the block carried it (its calldata is not stored). */
export type CallFact = {
  txHash: string;
  blockNumber: number;
  blockTime: Date;
  fromAddress: string;
  selector: string;
  functionName: string | null;
  input: `0x${string}`;
  succeeded: boolean;
};

/** What one contract saw in a stretch of blocks, for the detectors: its logs (decoded) and the calls sent to it. */
export type ContractFacts = {
  contract: SkynetContractRow;
  events: Omit<DetectedEvent, 'ordinal'>[];
  calls: CallFact[];
  /** Its privileged functions, by selector (their signatures). */
  privileged: Map<string, string>;
  blockHashes: Map<number, string>;
};

/** The supply reads of one batch: each (contract, block) asked once. */
function supplyReader(client: PublicClient, contract: string): RuleContext['totalSupplyAt'] {
  const supplies = new Map<number, Promise<bigint | null>>();
  return (blockNumber) => {
    if (!supplies.has(blockNumber)) {
      supplies.set(
        blockNumber,
        withRetry(() => client.readContract({ address: contract as `0x${string}`, abi: SUPPLY_ABI, functionName: 'totalSupply', blockNumber: BigInt(blockNumber) }), {
          what: `totalSupply at ${blockNumber}`,
          attempts: 2,
        }).catch((error: unknown) => {
          logger.warn({ contract, blockNumber, err: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'skynet: no totalSupply; supply rules skipped');
          return null;
        }),
      );
    }
    return supplies.get(blockNumber)!;
  };
}

/** The facts as detections: the event rules in table order, then privileged calls no event rule covered. */
async function detect(facts: ContractFacts, client: PublicClient, settings: DetectorSettings): Promise<Detection[]> {
  const { contract } = facts;
  const abi = contract.abi as Abi;
  const ordinals = new Map<string, number>();
  const events: DetectedEvent[] = [...facts.events]
    .sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex)
    .map((event) => {
      const ordinal = ordinals.get(event.txHash) ?? 0;
      ordinals.set(event.txHash, ordinal + 1);
      return { ...event, ordinal };
    });
  const context: RuleContext = { contract: contract.address, abi, settings, totalSupplyAt: supplyReader(client, contract.address) };

  const detections: Detection[] = [];
  const base = { chainId: contract.chainId, contract: contract.address };
  for (const event of events) {
    // History read when the contract was first watched raises no alerts: watchers hear of what happens from then on.
    if (event.blockTime <= contract.createdAt) continue;
    for (const rule of EVENT_RULES) {
      if (rule.event !== event.name) continue;
      const finding = await rule.detect(event, context);
      if (!finding) continue;
      detections.push({
        dedupeKey: detectorDedupeKey(contract, event.txHash, rule.rule, event.ordinal),
        finding,
        evidence: { ...base, rule: rule.rule, blockNumber: event.blockNumber, txHash: event.txHash, logIndex: event.logIndex, event: event.name, values: finding.values },
        blockTime: event.blockTime,
      });
    }
  }

  // A privileged call whose transaction already raised an event alert (a pause, an ownership transfer, a large mint)
  // adds nothing: one alert says it. Only the others, e.g. a small mint or a setter, get their own.
  const covered = new Set(detections.map((detection) => detection.evidence.txHash));
  for (const call of facts.calls) {
    const signature = facts.privileged.get(call.selector);
    if (signature === undefined || !call.succeeded || call.blockTime <= contract.createdAt || covered.has(call.txHash)) continue;
    const fn = signature || call.functionName || 'unknown';
    const args = decodedArguments(abi, call.input, call.txHash);
    const values = { caller: call.fromAddress, function: fn, ...args };
    detections.push({
      dedupeKey: detectorDedupeKey(contract, call.txHash, PRIVILEGED_CALL_RULE),
      finding: { type: 'privileged-call', title: AUTOMATIC_ALERT_TITLES.privilegedCall(contract.address, fn, call.fromAddress), values },
      evidence: { ...base, rule: PRIVILEGED_CALL_RULE, blockNumber: call.blockNumber, txHash: call.txHash, functionName: call.functionName ?? fn, values },
      blockTime: call.blockTime,
    });
  }
  return detections;
}

/** A call's arguments decoded with the contract's ABI; none when it does not decode (the alert stands on the call). */
function decodedArguments(abi: Abi, input: `0x${string}`, txHash: string): Record<string, string> {
  try {
    const decoded = decodeFunctionData({ abi, data: input });
    const fn = abi.find((item) => item.type === 'function' && item.name === decoded.functionName);
    return fn && fn.type === 'function' ? plainArgs(decoded.args ?? [], fn.inputs) : {};
  } catch (error) {
    logger.warn({ tx: txHash, err: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'skynet: could not decode a privileged call');
    return {};
  }
}

/** An alert a batch raised for the first time, for the block-to-alert figure. */
export type RaisedAlert = { chainId: number; blockTime: Date };

/**
 * Turns what contracts saw in a batch into automatic alerts (each published at once with its evidence, its
 * project's watchers notified in the same transaction). Runs inside the batch's transaction; a re-read makes no
 * second alert. Answers how many alerts changed and which were new.
 */
export async function runDetectors(tx: Database, batch: ContractFacts[], client: PublicClient, explorerUrl: string | null): Promise<{ changed: number; raised: RaisedAlert[] }> {
  const config = getConfig();
  let changed = 0;
  const raised: RaisedAlert[] = [];
  for (const facts of batch) {
    if (facts.contract.createdAt >= latestBlockTime(facts)) continue;
    for (const detection of await detect(facts, client, config.detectors)) {
      const blockHash = facts.blockHashes.get(detection.evidence.blockNumber!) ?? '';
      const outcome = await saveDetection(tx, facts.contract, detection, blockHash, explorerUrl);
      if (outcome !== 'same') changed++;
      if (outcome === 'new') raised.push({ chainId: facts.contract.chainId, blockTime: detection.blockTime });
    }
  }
  return { changed, raised };
}

const latestBlockTime = (facts: ContractFacts) =>
  new Date(Math.max(0, ...facts.events.map((event) => event.blockTime.getTime()), ...facts.calls.map((call) => call.blockTime.getTime())));

/** After a batch committed: the alert lists are expired and the block-to-alert figure records the new ones. */
export function afterAlertsChanged(changed: number, raised: RaisedAlert[]): void {
  const now = Date.now();
  for (const alert of raised) skynetMetrics().blockToAlert.observe({ chain: String(alert.chainId) }, Math.max(0, (now - alert.blockTime.getTime()) / 1000));
  if (changed === 0) return;
  try {
    revalidatePublicData(CACHE_TAGS.alerts);
  } catch (error) {
    // A cache that cannot be expired from here must not undo the batch: cached lists catch up within their revalidate time.
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'skynet: could not expire the cached alert lists');
  }
}

/**
 * After a reorg rolled a chain back to `forkBlock`: the automatic alerts resting on a later block of that chain are
 * retracted (never deleted), with the time and why. Re-reading the new blocks lifts the retraction of a fact that
 * came back (saveDetection). Answers how many were retracted.
 */
export async function retractAlertsAfter(tx: Database, chainId: number, forkBlock: number): Promise<number> {
  const now = new Date();
  const retracted = await tx
    .update(securityAlerts)
    .set({ retractedAt: now, retractionReason: AUTOMATIC_ALERT_TEXTS.reorgRetraction, updatedAt: now })
    .where(
      and(
        eq(securityAlerts.origin, 'automatic'),
        isNull(securityAlerts.retractedAt),
        or(sql`${securityAlerts.dedupeKey} like 'skynet:%'`, sql`${securityAlerts.dedupeKey} like 'skynet-timelock:%'`),
        sql`(${securityAlerts.evidence}->>'chainId')::int = ${chainId}`,
        sql`(${securityAlerts.evidence}->>'blockNumber')::bigint > ${forkBlock}`,
      ),
    )
    .returning({ id: securityAlerts.id });
  return retracted.length;
}
