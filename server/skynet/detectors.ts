import 'server-only';

import { and, asc, eq, gte, inArray, isNotNull, isNull, like, lte, or, sql } from 'drizzle-orm';
import { decodeFunctionData, parseAbi, type Abi, type PublicClient } from 'viem';

import { AUTOMATIC_ALERT_TEXTS, AUTOMATIC_ALERT_TITLES, evmChainName, type AlertEvidence } from '@/lib/alerts';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import { getConfig } from '../config';
import type { Database } from '../db/client';
import { securityAlerts, skynetEvents, skynetPrivilegedFunctions, skynetTransactions, type SkynetContractRow } from '../db/schema';
import { logger } from '../logger';
import { notifyWatchersOfAlert } from '../notifications';
import { plainArgs } from './abi';
import { withRetry } from './chain';
import { EVENT_RULES, type DetectedEvent, type DetectorSettings, type RuleContext, type RuleFinding } from './detector-rules';

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

const dedupePrefix = (contract: Pick<SkynetContractRow, 'projectId' | 'chainId' | 'address'>) => `skynet:${contract.projectId}:${contract.chainId}:${contract.address}:`;

type Detection = { dedupeKey: string; finding: RuleFinding; evidence: Omit<AlertEvidence, 'blockHash'>; blockTime: Date };

/** Stores one detection: a new alert notifies the project's watchers; a known one is only brought up to date. */
async function saveDetection(tx: Database, contract: SkynetContractRow, detection: Detection, blockHash: string, explorerUrl: string | null): Promise<'new' | 'updated' | 'same'> {
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

/**
 * Retracts the automatic alerts of this contract whose block lies in [from, to] and whose fact is no longer stored
 * (a reorg removed it): never deleted, marked with the time and why. Answers how many were retracted.
 */
async function retractVanishedFacts(tx: Database, contract: SkynetContractRow, range: { from: number; to: number }): Promise<number> {
  const blockOf = sql`(${securityAlerts.evidence}->>'blockNumber')::bigint`;
  const candidates = await tx
    .select({ id: securityAlerts.id, evidence: securityAlerts.evidence })
    .from(securityAlerts)
    .where(
      and(
        // The project narrows by index; the key's prefix picks this contract's alerts among the project's.
        eq(securityAlerts.projectId, contract.projectId),
        eq(securityAlerts.origin, 'automatic'),
        isNull(securityAlerts.retractedAt),
        like(securityAlerts.dedupeKey, `${dedupePrefix(contract).replace(/[\\%_]/g, '\\$&')}%`),
        sql`${blockOf} between ${range.from} and ${range.to}`,
      ),
    );
  if (candidates.length === 0) return 0;
  const hashes = [...new Set(candidates.map((candidate) => candidate.evidence?.txHash).filter((hash): hash is string => Boolean(hash)))];
  const [events, calls] = hashes.length
    ? await Promise.all([
        tx.select({ txHash: skynetEvents.txHash, name: skynetEvents.name }).from(skynetEvents).where(and(eq(skynetEvents.contractId, contract.id), inArray(skynetEvents.txHash, hashes))),
        tx
          .select({ txHash: skynetTransactions.txHash })
          .from(skynetTransactions)
          .where(and(eq(skynetTransactions.contractId, contract.id), inArray(skynetTransactions.txHash, hashes), eq(skynetTransactions.succeeded, true))),
      ])
    : [[], []];
  const storedEvents = new Set(events.map((event) => `${event.txHash}:${event.name}`));
  const storedCalls = new Set(calls.map((call) => call.txHash));
  const vanished = candidates
    .filter(({ evidence }) => {
      if (!evidence?.txHash) return false;
      return evidence.rule === PRIVILEGED_CALL_RULE ? !storedCalls.has(evidence.txHash) : !storedEvents.has(`${evidence.txHash}:${evidence.event}`);
    })
    .map((candidate) => candidate.id);
  if (vanished.length === 0) return 0;
  const now = new Date();
  await tx
    .update(securityAlerts)
    .set({ retractedAt: now, retractionReason: AUTOMATIC_ALERT_TEXTS.reorgRetraction, updatedAt: now })
    .where(inArray(securityAlerts.id, vanished));
  return vanished.length;
}

/** Successful calls in [from, to] of functions Skynet found privileged, with their decoded arguments. */
async function privilegedCalls(tx: Database, client: PublicClient, contract: SkynetContractRow, range: { from: number; to: number }) {
  const rows = await tx
    .select({
      txHash: skynetTransactions.txHash,
      blockNumber: skynetTransactions.blockNumber,
      blockTime: skynetTransactions.blockTime,
      fromAddress: skynetTransactions.fromAddress,
      functionName: skynetTransactions.functionName,
      signature: skynetPrivilegedFunctions.signature,
    })
    .from(skynetTransactions)
    .innerJoin(skynetPrivilegedFunctions, and(eq(skynetPrivilegedFunctions.contractId, skynetTransactions.contractId), eq(skynetPrivilegedFunctions.selector, skynetTransactions.selector)))
    .where(
      and(
        eq(skynetTransactions.contractId, contract.id),
        eq(skynetTransactions.succeeded, true),
        gte(skynetTransactions.blockNumber, range.from),
        lte(skynetTransactions.blockNumber, range.to),
      ),
    )
    .orderBy(asc(skynetTransactions.blockNumber));
  return Promise.all(
    rows.map(async (row) => {
      let args: Record<string, string> = {};
      try {
        const sent = await withRetry(() => client.getTransaction({ hash: row.txHash as `0x${string}` }), { what: `transaction ${row.txHash}` });
        const decoded = decodeFunctionData({ abi: contract.abi as Abi, data: sent.input });
        const fn = (contract.abi as Abi).find((item) => item.type === 'function' && item.name === decoded.functionName);
        args = fn && fn.type === 'function' ? plainArgs(decoded.args ?? [], fn.inputs) : {};
      } catch (error) {
        // The alert stands on the stored call; only its arguments are missing.
        logger.warn({ tx: row.txHash, err: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'skynet: could not decode a privileged call');
      }
      return { ...row, args };
    }),
  );
}

/** The facts of one batch as detections: the event rules in table order, then privileged calls no event rule covered. */
async function detect(tx: Database, contract: SkynetContractRow, range: { from: number; to: number }, client: PublicClient, settings: DetectorSettings): Promise<Detection[]> {
  const stored = await tx
    .select({ txHash: skynetEvents.txHash, logIndex: skynetEvents.logIndex, blockNumber: skynetEvents.blockNumber, blockTime: skynetEvents.blockTime, name: skynetEvents.name, args: skynetEvents.args })
    .from(skynetEvents)
    .where(and(eq(skynetEvents.contractId, contract.id), gte(skynetEvents.blockNumber, range.from), lte(skynetEvents.blockNumber, range.to)))
    .orderBy(asc(skynetEvents.blockNumber), asc(skynetEvents.logIndex));
  const ordinals = new Map<string, number>();
  const events: DetectedEvent[] = stored.map((event) => {
    const ordinal = ordinals.get(event.txHash) ?? 0;
    ordinals.set(event.txHash, ordinal + 1);
    return { ...event, ordinal, name: event.name ?? '' };
  });

  const supplies = new Map<number, Promise<bigint | null>>();
  const context: RuleContext = {
    contract: contract.address,
    abi: contract.abi as Abi,
    settings,
    totalSupplyAt: (blockNumber) => {
      if (!supplies.has(blockNumber)) {
        supplies.set(
          blockNumber,
          withRetry(() => client.readContract({ address: contract.address as `0x${string}`, abi: SUPPLY_ABI, functionName: 'totalSupply', blockNumber: BigInt(blockNumber) }), {
            what: `totalSupply at ${blockNumber}`,
            attempts: 2,
          }).catch((error: unknown) => {
            logger.warn({ contract: contract.address, blockNumber, err: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 'skynet: no totalSupply; supply rules skipped');
            return null;
          }),
        );
      }
      return supplies.get(blockNumber)!;
    },
  };

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
  for (const call of await privilegedCalls(tx, client, contract, range)) {
    if (call.blockTime <= contract.createdAt || covered.has(call.txHash)) continue;
    const fn = call.signature || call.functionName || 'unknown';
    detections.push({
      dedupeKey: detectorDedupeKey(contract, call.txHash, PRIVILEGED_CALL_RULE),
      finding: { type: 'privileged-call', title: AUTOMATIC_ALERT_TITLES.privilegedCall(contract.address, fn, call.fromAddress), values: { caller: call.fromAddress, function: fn, ...call.args } },
      evidence: { ...base, rule: PRIVILEGED_CALL_RULE, blockNumber: call.blockNumber, txHash: call.txHash, functionName: call.functionName ?? fn, values: { caller: call.fromAddress, function: fn, ...call.args } },
      blockTime: call.blockTime,
    });
  }
  return detections;
}

/**
 * Turns the facts a batch just stored for blocks [from, to] into automatic alerts (each published at once with its
 * evidence, and its project's watchers notified in the same transaction), and retracts the automatic alerts whose
 * facts in that range are gone (a reorg). Runs inside the batch's transaction; a re-read makes no second alert.
 */
export async function runDetectors(tx: Database, contract: SkynetContractRow, range: { from: number; to: number }, client: PublicClient): Promise<void> {
  const config = getConfig();
  const detections = await detect(tx, contract, range, client, config.detectors);
  const blockHashes = new Map<number, Promise<string>>();
  const blockHashOf = (blockNumber: number) => {
    if (!blockHashes.has(blockNumber)) {
      blockHashes.set(
        blockNumber,
        withRetry(() => client.getBlock({ blockNumber: BigInt(blockNumber) }), { what: `block ${blockNumber}` }).then((block) => block.hash!),
      );
    }
    return blockHashes.get(blockNumber)!;
  };
  let changed = 0;
  for (const detection of detections) {
    const outcome = await saveDetection(tx, contract, detection, await blockHashOf(detection.evidence.blockNumber!), config.explorerUrl);
    if (outcome !== 'same') changed++;
  }
  // After the detections: a fact re-mined elsewhere in this range has already moved its alert out of the way.
  changed += await retractVanishedFacts(tx, contract, range);
  if (changed === 0) return;
  try {
    revalidatePublicData(CACHE_TAGS.alerts);
  } catch (error) {
    // A cache that cannot be expired from here must not undo the batch: cached lists catch up within their revalidate time.
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'skynet: could not expire the cached alert lists');
  }
}
