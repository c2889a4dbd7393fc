import { describe, expect, it } from 'vitest';

import { PILLARS, type SignalEntries } from '@/lib/score';
import { governanceSignalsFromAdminPowers, withSkynetReadings } from '@/lib/skynet/admin-powers-signals';

const DAY = 86_400;
const safe = (threshold: number) => ({ kind: 'safe' as const, threshold, owners: 3 });

describe('governanceSignalsFromAdminPowers', () => {
  it('is null until Skynet has read a contract of the project', () => {
    expect(governanceSignalsFromAdminPowers([])).toBeNull();
  });

  it('gives full marks to contracts without held powers', () => {
    expect(governanceSignalsFromAdminPowers([{ address: '0x1', summary: 'No admin powers found', held: [] }])).toEqual({
      privilegedRoles: { value: 100, reason: 'no admin powers found on the contracts Skynet reads' },
      upgradeTimelock: { value: 100, reason: 'no admin powers found on the contracts Skynet reads' },
    });
  });

  it('lets the weakest contract decide each signal, with its summary as the reason', () => {
    const signals = governanceSignalsFromAdminPowers([
      { address: '0x1', summary: 'Pausable by a 2-of-3 multisig behind a timelock of 7 days', held: [{ controller: safe(2), delaySeconds: 7 * DAY }] },
      { address: '0x2', summary: 'Mintable by a 2-of-3 multisig behind a timelock of 1 day', held: [{ controller: safe(2), delaySeconds: DAY }] },
      { address: '0x3', summary: 'Upgradeable by a single key (EOA) behind a timelock of 2 days', held: [{ controller: { kind: 'eoa' }, delaySeconds: 2 * DAY }] },
    ]);
    expect(signals).toEqual({
      privilegedRoles: { value: 0, reason: 'Upgradeable by a single key (EOA) behind a timelock of 2 days' },
      upgradeTimelock: { value: 50, reason: 'Mintable by a 2-of-3 multisig behind a timelock of 1 day' },
    });
  });

  it('scores a Safe with a module as a single key, and one whose modules cannot be listed as an unidentified holder', () => {
    const privileged = (controller: { kind: 'safe'; threshold: number; owners: number; modules: number | null }) =>
      governanceSignalsFromAdminPowers([{ address: '0x1', summary: 's', held: [{ controller, delaySeconds: 0 }] }])?.privilegedRoles.value;
    expect([privileged({ ...safe(2), modules: 1 }), privileged({ ...safe(2), modules: null }), privileged({ ...safe(2), modules: 0 })]).toEqual([0, 40, 80]);
  });

  it('scores an unidentified holder 40, a 1-of-N Safe as a single key, and a delay under a day 20', () => {
    const signals = governanceSignalsFromAdminPowers([{ address: '0x1', summary: 's', held: [{ controller: { kind: 'unknown-contract' }, delaySeconds: 3600 }] }]);
    expect([signals?.privilegedRoles.value, signals?.upgradeTimelock.value]).toEqual([40, 20]);
    expect(governanceSignalsFromAdminPowers([{ address: '0x1', summary: 's', held: [{ controller: safe(1), delaySeconds: 0 }] }])?.privilegedRoles.value).toBe(0);
  });
});

describe('withSkynetReadings', () => {
  const empty = Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, null]))])) as SignalEntries;
  const readings = { privilegedRoles: { value: 80, reason: 'r' }, upgradeTimelock: { value: 0, reason: 'r' } };

  it('starts the unassessed governance signals from the reading and keeps what the analyst entered', () => {
    const entered = { ...empty, governanceStrength: { ...empty.governanceStrength, upgradeTimelock: 60 } };
    expect(withSkynetReadings(entered, readings).governanceStrength).toEqual({ privilegedRoles: 80, upgradeTimelock: 60, onChainGovernance: null });
    expect(withSkynetReadings(entered, null)).toBe(entered);
  });
});
