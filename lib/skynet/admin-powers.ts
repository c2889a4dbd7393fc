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
  /** modules: how many the Safe has enabled, null when it cannot list them; absent in readings taken before Skynet read them. */
  | { kind: 'safe'; threshold: number; owners: number; modules?: number | null }
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

/**
 * The rule, as the methodology page states it (kept here so text and code cannot drift): one line per level, low
 * first, then who counts as the controller.
 */
export const ADMIN_RISK_RULE = [
  'Low: no admin powers, or a multisig needing at least 2 signatures, with no module enabled, behind a timelock of at least 2 days.',
  'Medium: a multisig needing at least 2 signatures without such a delay; a single key behind a timelock of at least 2 days; a contract Skynet cannot read as a Safe or timelock; or a Safe whose modules Skynet cannot list.',
  'High: a single key (an EOA, a 1-of-N multisig, or a Safe with a module enabled: a module executes transactions without any signature) with less than 2 days of delay.',
  "Who counts: each holder is followed to the end. Behind a timelock, its proposers and any admin of its roles other than the timelock itself count (an admin can grant itself the proposer role at once; its calls still wait the timelock's delay); the one that acts most easily decides.",
] as const;

/** One key's say is enough: an EOA, a 1-of-N multisig, or a Safe with a module (a module executes without any signature). */
export function actsAlone(controller: FinalController): boolean {
  return controller.kind === 'eoa' || (controller.kind === 'safe' && (controller.threshold < 2 || (controller.modules ?? 0) > 0));
}

export function adminRiskLevel({ categories, controller, delaySeconds }: AdminPowersInput): { level: AdminRiskLevel; rule: string } {
  if (categories.length === 0 || controller.kind === 'none') return { level: 'low', rule: ADMIN_RISK_RULE[0] };
  const delayed = delaySeconds >= SAFE_DELAY_SECONDS;
  if (controller.kind === 'unknown-contract') return { level: 'medium', rule: ADMIN_RISK_RULE[1] };
  if (actsAlone(controller)) return delayed ? { level: 'medium', rule: ADMIN_RISK_RULE[1] } : { level: 'high', rule: ADMIN_RISK_RULE[2] };
  // Modules Skynet cannot list may include one that acts alone: never better than medium.
  if (controller.kind === 'safe' && controller.modules === null) return { level: 'medium', rule: ADMIN_RISK_RULE[1] };
  return delayed ? { level: 'low', rule: ADMIN_RISK_RULE[0] } : { level: 'medium', rule: ADMIN_RISK_RULE[1] };
}

/** A way to the powers: who finally acts and the delay on the way. */
type ControlPath = { controller: FinalController; delaySeconds: number };

/** How few signatures a controller needs, as a rank: acting alone highest, then by threshold; renounced lowest. */
const ease = (controller: FinalController) =>
  actsAlone(controller) ? 1000 : controller.kind === 'safe' ? 1000 - controller.threshold : controller.kind === 'unknown-contract' ? 500 : 0;

/**
 * Of two ways to the same powers (a timelock's proposers, its admins), the one that decides: the higher risk by the
 * rule, then the fewer signatures, then the shorter delay.
 */
export function weakerPath<T extends ControlPath>(a: T, b: T): T {
  const risk = (path: ControlPath) => ADMIN_RISK_LEVELS.indexOf(adminRiskLevel({ categories: ['upgrade'], ...path }).level);
  if (risk(a) !== risk(b)) return risk(b) > risk(a) ? b : a;
  if (ease(a.controller) !== ease(b.controller)) return ease(b.controller) > ease(a.controller) ? b : a;
  return b.delaySeconds < a.delaySeconds ? b : a;
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

/** "a 2-of-3 multisig"; a Safe with modules says they act without signatures, one that cannot list them says so. */
export function multisigText({ threshold, owners, modules }: Extract<FinalController, { kind: 'safe' }>): string {
  if (modules === null) return `a ${threshold}-of-${owners} multisig (its modules cannot be listed)`;
  if (!modules) return `a ${threshold}-of-${owners} multisig`;
  return `a ${threshold}-of-${owners} Safe with ${modules} module${modules === 1 ? '' : 's'} (a module acts without signatures)`;
}

function controllerText(controller: FinalController): string {
  if (controller.kind === 'eoa') return 'a single key (EOA)';
  if (controller.kind === 'safe') return multisigText(controller);
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

/**
 * One link of a stored chain of holders and what it said. Fields a reading did not take yet (modules, guard,
 * cancellers, admins before Skynet read them) are absent, not empty.
 */
export type HolderLinkReading = {
  address: string;
  kind: string;
  evidence: string;
  threshold?: number;
  owners?: string[];
  /** A Safe's enabled modules, each able to execute without any signature; null when the Safe cannot list them. */
  modules?: string[] | null;
  /** A Safe's transaction guard (it checks transactions, it cannot make them); null for none. */
  guard?: string | null;
  minDelay?: number;
  proposers?: string[];
  executors?: string[];
  cancellers?: string[];
  /** A timelock's role admins (DEFAULT_ADMIN_ROLE, or TIMELOCK_ADMIN_ROLE before OpenZeppelin 5), itself included. */
  admins?: string[];
  /** The timelock is its own only admin: its roles change only through its own delay. */
  selfAdministered?: boolean;
};

/** One holder followed to its final controller, as stored in admin_powers.holders. */
export type HolderChainReading = { holder: string; privilege: string; links: HolderLinkReading[]; controller: FinalController; delaySeconds: number; truncated: boolean };

/** One watched contract's current admin-powers reading, as the project page, API v1 and its route show it. */
export type AdminPowersView = {
  projectId: string;
  chainId: number;
  address: string;
  pattern: 'transparent' | 'uups' | 'beacon' | 'none';
  implementation: string | null;
  proxyAdmin: string | null;
  holders: HolderChainReading[];
  powers: { category: PowerCategory; functions: string[]; holder: string | null; delaySeconds: number }[];
  upgrades: { kind: 'upgraded' | 'admin-changed' | 'beacon-upgraded'; to: string; from: string | null; blockNumber: number; txHash: string; logIndex: number }[];
  summary: string;
  riskLevel: AdminRiskLevel;
  riskRule: string;
  blockNumber: number;
  evidence: SkynetEvidence[];
  readAt: Date;
};
