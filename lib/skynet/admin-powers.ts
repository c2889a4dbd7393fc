/**
 * Admin powers (#20): the one rule that turns who controls a contract, and how fast, into a summary line and a risk
 * level. Pure, so the project page, API v1, the governance pillar's signals and the methodology page share it.
 */
import type { SkynetEvidence } from './types';

export const POWER_CATEGORIES = ['upgrade', 'pause', 'mint', 'fees-parameters', 'move-funds', 'blacklist'] as const;
export type PowerCategory = (typeof POWER_CATEGORIES)[number];

export const ADMIN_RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type AdminRiskLevel = (typeof ADMIN_RISK_LEVELS)[number];

/** Who ends a chain of holders (after following timelocks and contracts that are owned in turn). */
export type FinalController =
  | { kind: 'eoa' }
  | { kind: 'safe'; threshold: number; owners: number }
  | { kind: 'unknown-contract' }
  | { kind: 'none' }; // renounced: no holder left

export type AdminPowersInput = {
  /** The categories of privileged functions the contract has (upgrade included when it is a proxy someone can upgrade). */
  categories: readonly PowerCategory[];
  controller: FinalController;
  /** The timelock delay along the chain, in seconds (0 without one). */
  delaySeconds: number;
};

/** A delay long enough for users to see a change coming and leave: two days, as most reviews of timelocks ask. */
export const SAFE_DELAY_SECONDS = 2 * 24 * 3600;

/** The rule, as the methodology page states it (kept here so text and code cannot drift). */
export const ADMIN_RISK_RULE = [
  'Low: no admin powers, or a multisig needing at least 2 signatures behind a timelock of at least 2 days.',
  'Medium: a multisig needing at least 2 signatures without such a delay; a single key behind a timelock of at least 2 days; or a contract Skynet cannot read as a Safe or timelock.',
  'High: a single key (an EOA, or a 1-of-N multisig) with less than 2 days of delay.',
] as const;

export function adminRiskLevel({ categories, controller, delaySeconds }: AdminPowersInput): { level: AdminRiskLevel; rule: string } {
  if (categories.length === 0 || controller.kind === 'none') return { level: 'low', rule: ADMIN_RISK_RULE[0] };
  const delayed = delaySeconds >= SAFE_DELAY_SECONDS;
  if (controller.kind === 'unknown-contract') return { level: 'medium', rule: ADMIN_RISK_RULE[1] };
  const singleKey = controller.kind === 'eoa' || controller.threshold < 2;
  if (singleKey) return delayed ? { level: 'medium', rule: ADMIN_RISK_RULE[1] } : { level: 'high', rule: ADMIN_RISK_RULE[2] };
  return delayed ? { level: 'low', rule: ADMIN_RISK_RULE[0] } : { level: 'medium', rule: ADMIN_RISK_RULE[1] };
}

/** "2 days", "6 hours", "90 seconds": the largest whole unit. */
export function formatDelay(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const [size, name] = units.find(([size]) => seconds >= size && seconds % size === 0) ?? [1, 'second'];
  const count = seconds / size;
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

function controllerText(controller: FinalController): string {
  if (controller.kind === 'eoa') return 'a single key (EOA)';
  if (controller.kind === 'safe') return `a ${controller.threshold}-of-${controller.owners} multisig`;
  if (controller.kind === 'unknown-contract') return 'a contract Skynet cannot identify';
  return 'no one';
}

const VERB: Record<PowerCategory, string> = {
  upgrade: 'Upgradeable',
  pause: 'Pausable',
  mint: 'Mintable',
  'fees-parameters': 'Parameters changeable',
  'move-funds': 'Funds movable',
  blacklist: 'Addresses blockable',
};

/** One line per contract: "Upgradeable by a 2-of-3 multisig with no delay". The first category (in POWER_CATEGORIES order) leads. */
export function adminPowersSummary({ categories, controller, delaySeconds }: AdminPowersInput): string {
  if (categories.length === 0) return 'No admin powers found';
  if (controller.kind === 'none') return 'Admin powers renounced: no holder left';
  const lead = POWER_CATEGORIES.find((category) => categories.includes(category))!;
  const delay = delaySeconds > 0 ? `behind a timelock of ${formatDelay(delaySeconds)}` : 'with no delay';
  return `${VERB[lead]} by ${controllerText(controller)} ${delay}`;
}

/** Function names by power, checked in this order (the first match wins); a name matching none is left uncategorised. */
const CATEGORY_NAMES: [PowerCategory, RegExp][] = [
  ['upgrade', /^(upgradeTo(AndCall)?|upgradeAndCall|changeAdmin|changeProxyAdmin|setImplementation|upgradeBeacon)$/i],
  ['pause', /^(pause|unpause|setPaused|freeze|unfreeze)$/i],
  ['mint', /^(mint\w*|addMinter|setMinter)$/i],
  ['blacklist', /^(blacklist\w*|unBlacklist\w*|blocklist\w*|addToBlacklist|removeFromBlacklist|freezeAccount|denylist\w*)$/i],
  ['move-funds', /^(withdraw\w*|rescue\w*|sweep\w*|recover\w*|emergencyWithdraw|transferFunds|skim)$/i],
  ['fees-parameters', /^(set[A-Z]\w*|update[A-Z]\w*)$/],
];

/** The power a privileged function gives, from its signature ("mint(address,uint256)" → 'mint'); null for none of the six. */
export function powerCategoryOf(signature: string): PowerCategory | null {
  const name = signature.split('(')[0].trim();
  return CATEGORY_NAMES.find(([, pattern]) => pattern.test(name))?.[0] ?? null;
}

/** One watched contract's current admin-powers reading, as the project page, API v1 and its route show it. */
export type AdminPowersView = {
  projectId: string;
  chainId: number;
  address: string;
  pattern: 'transparent' | 'uups' | 'beacon' | 'none';
  implementation: string | null;
  proxyAdmin: string | null;
  holders: {
    holder: string;
    privilege: string;
    links: { address: string; kind: string; evidence: string; threshold?: number; owners?: string[]; minDelay?: number; proposers?: string[]; executors?: string[] }[];
    controller: FinalController;
    delaySeconds: number;
    truncated: boolean;
  }[];
  powers: { category: PowerCategory; functions: string[]; holder: string | null; delaySeconds: number }[];
  upgrades: { kind: 'upgraded' | 'admin-changed' | 'beacon-upgraded'; to: string; from: string | null; blockNumber: number; txHash: string; logIndex: number }[];
  summary: string;
  riskLevel: AdminRiskLevel;
  riskRule: string;
  blockNumber: number;
  evidence: SkynetEvidence[];
  readAt: Date;
};
