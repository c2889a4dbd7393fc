import 'server-only';

import { and, asc, eq, gte, inArray, isNotNull, isNull, like, lte, or, sql } from 'drizzle-orm';
import { decodeFunctionData, parseAbi, type Abi, type AbiEvent, type PublicClient } from 'viem';

import { AUTOMATIC_ALERT_TEXTS, AUTOMATIC_ALERT_TITLES, evmChainName, type AlertEvidence, type AutomaticAlertType } from '@/lib/alerts';

import { CACHE_TAGS, revalidatePublicData } from '../cache-tags';
import { getConfig } from '../config';
import type { Database } from '../db/client';
import { securityAlerts, skynetEvents, skynetPrivilegedFunctions, skynetTransactions, type SkynetContractRow } from '../db/schema';
import { logger } from '../logger';
import { notifyWatchersOfAlert } from '../notifications';
import { plainArgs } from './abi';
import { withRetry } from './chain';
import { roleLabel } from './privileges';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const SUPPLY_ABI = parseAbi(['function totalSupply() view returns (uint256)']);

/** A stored log as the rules read it, with its place among the contract's logs of the same transaction. */
export type DetectedEvent = {
  txHash: string;
  logIndex: number;
  /** The log's position among this contract's logs in its transaction: the same when the transaction is re-mined. */
  ordinal: number;
  blockNumber: number;
  blockTime: Date;
  name: string;
  args: Record<string, string>;
};

export type DetectorSettings = { mintAlertShare: number; outflowAlertShare: number };

/** What the rules may ask beyond the stored log: the contract, its ABI, the token's supply at a block. */
export type RuleContext = { contract: string; abi: Abi; settings: DetectorSettings; totalSupplyAt: (blockNumber: number) => Promise<bigint | null> };

/** What a rule saw: the alert's type, title and decoded values (the evidence's `values`). */
export type RuleFinding = { type: AutomaticAlertType; title: string; values: Record<string, string> };

/** One detector on one event name: `detect` answers a finding, or null when the log is harmless. */
export type EventRule = { rule: string; event: string; detect: (event: DetectedEvent, context: RuleContext) => RuleFinding | null | Promise<RuleFinding | null> };

/** The first argument present among several names: tokens name Transfer's fields differently (from/src, value/wad). */
const arg = (args: Record<string, string>, ...names: string[]) => names.map((name) => args[name]).find((value) => value !== undefined) ?? '';

/** A share of the supply as people read it ("2.5%"). */
export function percentOf(value: bigint, supply: bigint): string {
  if (supply <= 0n) return 'an unknown share';
  const basisPoints = Number((value * 1_000_000n) / supply) / 10_000;
  return `${basisPoints.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
}

/** Whether `value` is above `share` of `supply`, in whole numbers (no float rounding on 18-decimal amounts). */
export function isAboveShare(value: bigint, supply: bigint, share: number): boolean {
  if (supply <= 0n) return false;
  const parts = 1_000_000_000n;
  return value * parts > BigInt(Math.round(share * Number(parts))) * supply;
}

/** ERC-20's Transfer carries the amount as data; ERC-721's (tokenId indexed) is not an amount and is skipped. */
function transferCarriesAmount(abi: Abi): boolean {
  const transfer = abi.find((item): item is AbiEvent => item.type === 'event' && item.name === 'Transfer');
  return Boolean(transfer && transfer.inputs.length === 3 && !transfer.inputs[2].indexed);
}

/** A token movement above a share of the supply: the mint and outflow rules differ only in which Transfer they read. */
function largeTransferRule(rule: 'large-mint' | 'large-outflow', pick: (from: string, context: RuleContext) => boolean): EventRule {
  return {
    rule,
    event: 'Transfer',
    async detect(event, context) {
      const from = arg(event.args, 'from', 'src', '0').toLowerCase();
      const to = arg(event.args, 'to', 'dst', '1').toLowerCase();
      const raw = arg(event.args, 'value', 'wad', 'amount', '2');
      if (!pick(from, context) || !/^\d+$/.test(raw) || !transferCarriesAmount(context.abi)) return null;
      const value = BigInt(raw);
      const supply = await context.totalSupplyAt(event.blockNumber);
      const share = rule === 'large-mint' ? context.settings.mintAlertShare : context.settings.outflowAlertShare;
      if (supply === null || !isAboveShare(value, supply, share)) return null;
      const percent = percentOf(value, supply);
      return {
        type: rule,
        title: rule === 'large-mint' ? AUTOMATIC_ALERT_TITLES.largeMint(context.contract, percent, to) : AUTOMATIC_ALERT_TITLES.largeOutflow(context.contract, percent, to),
        values: { ...event.args, totalSupply: supply.toString(), shareOfSupply: percent, threshold: `${share * 100}%` },
      };
    },
  };
}

/**
 * The detectors on logs, one row each: the rule's name (the evidence's `rule`, part of the dedupe key), the event it
 * reads, and what it makes of it. Privileged calls are read from transactions (privilegedCallFindings).
 */
export const EVENT_RULES: EventRule[] = [
  {
    rule: 'ownership-transferred',
    event: 'OwnershipTransferred',
    detect: (event, { contract }) => {
      const newOwner = arg(event.args, 'newOwner', '1').toLowerCase();
      return newOwner === ZERO_ADDRESS ? null : { type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.ownershipTransferred(contract, newOwner), values: event.args };
    },
  },
  {
    rule: 'ownership-renounced',
    event: 'OwnershipTransferred',
    detect: (event, { contract }) =>
      arg(event.args, 'newOwner', '1').toLowerCase() === ZERO_ADDRESS ? { type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.ownershipRenounced(contract), values: event.args } : null,
  },
  {
    rule: 'role-granted',
    event: 'RoleGranted',
    detect: (event, { contract }) => {
      const role = roleLabel(arg(event.args, 'role', '0'));
      return { type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.roleGranted(contract, role, arg(event.args, 'account', '1')), values: { ...event.args, roleName: role } };
    },
  },
  {
    rule: 'role-revoked',
    event: 'RoleRevoked',
    detect: (event, { contract }) => {
      const role = roleLabel(arg(event.args, 'role', '0'));
      return { type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.roleRevoked(contract, role, arg(event.args, 'account', '1')), values: { ...event.args, roleName: role } };
    },
  },
  {
    rule: 'proxy-upgraded',
    event: 'Upgraded',
    detect: (event, { contract }) => ({ type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.proxyUpgraded(contract, arg(event.args, 'implementation', '0')), values: event.args }),
  },
  {
    rule: 'proxy-admin-changed',
    event: 'AdminChanged',
    detect: (event, { contract }) => ({ type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.proxyAdminChanged(contract, arg(event.args, 'newAdmin', '1')), values: event.args }),
  },
  {
    rule: 'proxy-beacon-upgraded',
    event: 'BeaconUpgraded',
    detect: (event, { contract }) => ({ type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.proxyBeaconUpgraded(contract, arg(event.args, 'beacon', '0')), values: event.args }),
  },
  { rule: 'paused', event: 'Paused', detect: (event, { contract }) => ({ type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.paused(contract), values: event.args }) },
  { rule: 'unpaused', event: 'Unpaused', detect: (event, { contract }) => ({ type: 'contract-change', title: AUTOMATIC_ALERT_TITLES.unpaused(contract), values: event.args }) },
  largeTransferRule('large-mint', (from) => from === ZERO_ADDRESS),
  largeTransferRule('large-outflow', (from, { contract }) => from === contract),
];

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
