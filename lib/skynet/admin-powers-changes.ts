/**
 * Admin powers (#20): what changed between two readings of a contract, in plain lines, and whether the change is one
 * Skynet alerts on. The contract's own events (OwnershipTransferred, Upgraded, AdminChanged) already raise their
 * alerts; what only a reading sees is deeper in the chain of holders: a Safe's threshold, owners, modules or guard, a
 * timelock's delay, proposers or admins, who finally controls the powers, and the risk level that follows.
 */
import { ADMIN_RISK_LEVELS, formatDelay, multisigText, type AdminRiskLevel, type FinalController, type HolderLinkReading } from './admin-powers';

type ReadingLink = Pick<HolderLinkReading, 'address' | 'kind' | 'threshold' | 'owners' | 'modules' | 'guard' | 'minDelay' | 'proposers' | 'admins'>;

/** The parts of a stored reading (an admin_powers row) the comparison looks at. */
export type AdminPowersReading = {
  pattern: string;
  implementation: string | null;
  proxyAdmin: string | null;
  holders: { holder: string; privilege: string; links: ReadingLink[]; controller: FinalController; delaySeconds: number }[];
  summary: string;
  riskLevel: AdminRiskLevel;
};

export type AdminPowersChange = {
  /** One plain line per difference, most telling first. */
  lines: string[];
  /** True when a line is one the contract's own events cannot raise (see the module's comment). */
  alert: boolean;
};

const short = (address: string) => (/^0x[0-9a-fA-F]{40}$/.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

function controllerWords(controller: FinalController): string {
  if (controller.kind === 'eoa') return 'a single key (EOA)';
  if (controller.kind === 'safe') return multisigText(controller);
  if (controller.kind === 'unknown-contract') return 'an unidentified contract';
  return 'no one';
}

// A reading taken before Skynet read a Safe's modules has none recorded: it is not compared, so it raises nothing.
const sameModules = (a: number | null | undefined, b: number | null | undefined) => a === undefined || b === undefined || a === b;

const sameController = (a: FinalController, b: FinalController) =>
  a.kind === b.kind && (a.kind !== 'safe' || (b.kind === 'safe' && a.threshold === b.threshold && a.owners === b.owners && sameModules(a.modules, b.modules)));

/** "owner added 0xab…cd", "modules disabled 0x12…34, 0x56…78": one line each way, none when both lists are the same. */
function listChanges(who: string, noun: string, [added, removed]: [string, string], before: string[] | null | undefined, after: string[] | null | undefined, name = short): string[] {
  // Not read in one of the readings (older readings, a Safe that cannot list its modules): nothing to compare.
  if (!before || !after) return [];
  const lines: string[] = [];
  const gained = after.filter((entry) => !before.includes(entry));
  const lost = before.filter((entry) => !after.includes(entry));
  if (gained.length) lines.push(`${who}: ${noun}${gained.length > 1 ? 's' : ''} ${added} ${gained.map(name).join(', ')}`);
  if (lost.length) lines.push(`${who}: ${noun}${lost.length > 1 ? 's' : ''} ${removed} ${lost.map(name).join(', ')}`);
  return lines;
}

function guardChange(who: string, before: string | null | undefined, after: string | null | undefined): string[] {
  if (before === undefined || after === undefined || before === after) return [];
  if (!before) return [`${who}: guard set to ${short(after!)}`];
  if (!after) return [`${who}: guard removed (was ${short(before)})`];
  return [`${who}: guard changed from ${short(before)} to ${short(after)}`];
}

/** Differences in the links both readings pass through (the same Safe or timelock at the same address). */
function linkChanges(before: ReadingLink[], after: ReadingLink[]): string[] {
  const lines: string[] = [];
  const previous = new Map(before.map((link) => [link.address.toLowerCase(), link]));
  for (const link of after) {
    const old = previous.get(link.address.toLowerCase());
    if (!old) continue;
    if (link.kind === 'safe' && old.kind === 'safe') {
      const [was, now] = [`${old.threshold} of ${old.owners?.length}`, `${link.threshold} of ${link.owners?.length}`];
      if (was !== now) lines.push(`Safe ${short(link.address)}: ${(link.threshold ?? 0) < (old.threshold ?? 0) ? 'threshold lowered' : 'signers changed'} from ${was} to ${now}`);
      const safe = `Safe ${short(link.address)}`;
      lines.push(...listChanges(safe, 'owner', ['added', 'removed'], old.owners ?? [], link.owners ?? []));
      lines.push(...listChanges(safe, 'module', ['enabled', 'disabled'], old.modules, link.modules));
      lines.push(...guardChange(safe, old.guard, link.guard));
    }
    if (link.kind === 'timelock' && old.kind === 'timelock') {
      const timelock = `Timelock ${short(link.address)}`;
      if (link.minDelay !== old.minDelay) {
        const verb = (link.minDelay ?? 0) < (old.minDelay ?? 0) ? 'delay shortened' : 'delay lengthened';
        lines.push(`${timelock}: ${verb} from ${formatDelay(old.minDelay ?? 0)} to ${formatDelay(link.minDelay ?? 0)}`);
      }
      const itself = (address: string) => (address.toLowerCase() === link.address.toLowerCase() ? 'itself' : short(address));
      lines.push(...listChanges(timelock, 'proposer', ['added', 'removed'], old.proposers, link.proposers));
      lines.push(...listChanges(timelock, 'admin', ['added', 'removed'], old.admins, link.admins, itself));
    }
  }
  return lines;
}

/** What changed from one reading to the next; no lines when nothing did. */
export function adminPowersChanges(before: AdminPowersReading, after: AdminPowersReading): AdminPowersChange {
  const deep: string[] = [];
  const shallow: string[] = [];
  const [riskBefore, riskAfter] = [ADMIN_RISK_LEVELS.indexOf(before.riskLevel), ADMIN_RISK_LEVELS.indexOf(after.riskLevel)];
  if (riskAfter !== riskBefore) deep.push(`Risk level ${riskAfter > riskBefore ? 'raised' : 'lowered'} from ${before.riskLevel} to ${after.riskLevel}`);
  if (after.summary !== before.summary) deep.push(`Now: ${after.summary} (was: ${before.summary})`);
  for (const chain of after.holders) {
    const old = before.holders.find((entry) => entry.privilege === chain.privilege);
    if (!old) continue;
    if (old.holder !== chain.holder) shallow.push(`${chain.privilege === 'proxy-admin' ? 'Proxy admin' : 'Holder'} changed from ${short(old.holder)} to ${short(chain.holder)}`);
    deep.push(...linkChanges(old.links, chain.links));
    if (!sameController(old.controller, chain.controller)) deep.push(`Final control moved from ${controllerWords(old.controller)} to ${controllerWords(chain.controller)}`);
    else if (old.delaySeconds !== chain.delaySeconds && !deep.some((line) => line.startsWith('Timelock'))) {
      deep.push(`Delay before changes take effect went from ${formatDelay(old.delaySeconds)} to ${formatDelay(chain.delaySeconds)}`);
    }
  }
  if (after.pattern !== before.pattern) shallow.push(`Proxy pattern changed from ${before.pattern} to ${after.pattern}`);
  if (after.implementation !== before.implementation && after.implementation && before.implementation) {
    shallow.push(`Implementation changed from ${short(before.implementation)} to ${short(after.implementation)}`);
  }
  const lines = [...new Set([...deep, ...shallow])];
  return { lines, alert: deep.length > 0 };
}
