/**
 * Admin powers (#20) feed the governance pillar: two of its signals read from Skynet's admin-powers readings of a
 * project's watched contracts, the weakest contract deciding. The methodology page prints ADMIN_POWERS_SIGNAL_RULES,
 * and the staff score form offers the values (prefilled where the analyst has not assessed the signal yet).
 */
import type { SignalEntries } from '../score';
import { actsAlone, type FinalController } from './admin-powers';

/** One held power of one contract: who finally controls it and the delay before it takes effect. */
export type HeldPower = { controller: FinalController; delaySeconds: number };
export type ContractPowers = { address: string; summary: string; held: HeldPower[] };

export type SignalReading = { value: number; reason: string };
export type GovernanceSignalReadings = { privilegedRoles: SignalReading; upgradeTimelock: SignalReading };

const DAY = 86_400;

export const ADMIN_POWERS_SIGNAL_TEXT = {
  reading: "Skynet's admin powers reading:",
  methodologyTitle: 'Admin powers',
  methodologyIntro:
    'Skynet reads from the chain who can change each watched contract: its proxy pattern and implementation, who holds each power (a single key, a Safe multisig with its threshold, a timelock with its delay, followed to the end), and what the powers can do. Each contract gets a one-line summary and a risk level by this rule:',
  methodologySignals:
    'Two Governance Strength signals are read from the same data, the weakest contract of the project deciding. Where Skynet reads a project\'s contracts, analysts start from these values:',
} as const;

/** The rules as the methodology states them, value first. */
export const ADMIN_POWERS_SIGNAL_RULES = {
  privilegedRoles: [
    '100: no admin powers, or renounced',
    '80: every power held by a multisig needing at least 2 signatures, with no module enabled',
    '40: a power held by a contract Skynet cannot identify, or by a Safe whose modules Skynet cannot list',
    '0: a power held by a single key (an EOA, a 1-of-N multisig, or a Safe with a module enabled: a module acts without signatures)',
  ],
  upgradeTimelock: ['100: no admin powers, or every power behind at least 7 days', '80: at least 2 days', '50: at least 1 day', '20: some delay, under a day', '0: a power that takes effect at once'],
} as const;

function controllerValue(controller: FinalController): number {
  if (controller.kind === 'none') return 100;
  if (actsAlone(controller)) return 0;
  if (controller.kind === 'unknown-contract' || (controller.kind === 'safe' && controller.modules === null)) return 40;
  return 80;
}

function delayValue(seconds: number): number {
  if (seconds >= 7 * DAY) return 100;
  if (seconds >= 2 * DAY) return 80;
  if (seconds >= DAY) return 50;
  return seconds > 0 ? 20 : 0;
}

/** The two signals from the readings of a project's contracts; null when Skynet has read none of them. */
export function governanceSignalsFromAdminPowers(contracts: readonly ContractPowers[]): GovernanceSignalReadings | null {
  if (contracts.length === 0) return null;
  let roles: SignalReading = { value: 100, reason: 'no admin powers found on the contracts Skynet reads' };
  let timelock: SignalReading = { ...roles };
  for (const contract of contracts) {
    for (const power of contract.held) {
      const value = controllerValue(power.controller);
      if (value < roles.value) roles = { value, reason: contract.summary };
      const delay = power.controller.kind === 'none' ? 100 : delayValue(power.delaySeconds);
      if (delay < timelock.value) timelock = { value: delay, reason: contract.summary };
    }
  }
  return { privilegedRoles: roles, upgradeTimelock: timelock };
}

/** The form's starting values: a governance signal the analyst has not assessed starts from Skynet's reading. */
export function withSkynetReadings(entries: SignalEntries, readings: GovernanceSignalReadings | null): SignalEntries {
  if (!readings) return entries;
  const governance = { ...entries.governanceStrength };
  for (const key of ['privilegedRoles', 'upgradeTimelock'] as const) governance[key] ??= readings[key].value;
  return { ...entries, governanceStrength: governance };
}
