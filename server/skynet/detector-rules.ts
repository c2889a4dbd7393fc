import 'server-only';

import type { Abi, AbiEvent } from 'viem';

import { AUTOMATIC_ALERT_TITLES, type AutomaticAlertType } from '@/lib/alerts';

import { roleLabel } from './privileges';

// The detectors' rules on stored logs: pure functions of a log and its context. Running them over a block range,
// reading the token's supply and saving what they find is ./detectors.ts.

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

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
