import { describe, expect, it } from 'vitest';

import { ADMIN_RISK_RULE, adminPowersSummary, adminRiskLevel, formatDelay, powerCategoryOf, SAFE_DELAY_SECONDS, weakerPath, type AdminPowersInput } from '@/lib/skynet/admin-powers';

const safe = (threshold: number, owners: number, modules: number | null = 0) => ({ kind: 'safe' as const, threshold, owners, modules });
const input = (over: Partial<AdminPowersInput>): AdminPowersInput => ({ categories: ['upgrade'], controller: { kind: 'eoa' }, delaySeconds: 0, ...over });

describe('the admin risk rule', () => {
  it('rates a single key without delay high, and behind a 2-day timelock medium', () => {
    expect(adminRiskLevel(input({}))).toEqual({ level: 'high', rule: ADMIN_RISK_RULE[2] });
    expect(adminRiskLevel(input({ controller: safe(1, 3) })).level).toBe('high');
    expect(adminRiskLevel(input({ delaySeconds: SAFE_DELAY_SECONDS - 1 })).level).toBe('high');
    expect(adminRiskLevel(input({ delaySeconds: SAFE_DELAY_SECONDS })).level).toBe('medium');
  });

  it('rates a multisig medium without delay and low behind a 2-day timelock', () => {
    expect(adminRiskLevel(input({ controller: safe(2, 3) }))).toEqual({ level: 'medium', rule: ADMIN_RISK_RULE[1] });
    expect(adminRiskLevel(input({ controller: safe(2, 3), delaySeconds: 3600 })).level).toBe('medium');
    expect(adminRiskLevel(input({ controller: safe(2, 3), delaySeconds: SAFE_DELAY_SECONDS }))).toEqual({ level: 'low', rule: ADMIN_RISK_RULE[0] });
  });

  it('rates a Safe with a module as a single key, whatever its threshold: a module executes without any signature', () => {
    expect(adminRiskLevel(input({ controller: safe(2, 3, 1) }))).toEqual({ level: 'high', rule: ADMIN_RISK_RULE[2] });
    expect(adminRiskLevel(input({ controller: safe(3, 5, 2), delaySeconds: SAFE_DELAY_SECONDS }))).toEqual(adminRiskLevel(input({ delaySeconds: SAFE_DELAY_SECONDS })));
    expect(ADMIN_RISK_RULE[2]).toMatch(/a Safe with a module enabled: a module executes transactions without any signature/);
  });

  it('never rates a Safe whose modules cannot be listed low, and reads a Safe from before modules were read as having none', () => {
    expect(adminRiskLevel(input({ controller: safe(2, 3, null), delaySeconds: SAFE_DELAY_SECONDS }))).toEqual({ level: 'medium', rule: ADMIN_RISK_RULE[1] });
    expect(adminRiskLevel(input({ controller: safe(1, 3, null) })).level).toBe('high');
    expect(adminRiskLevel(input({ controller: { kind: 'safe', threshold: 2, owners: 3 }, delaySeconds: SAFE_DELAY_SECONDS })).level).toBe('low');
  });

  it('rates an unidentified controlling contract medium, and no powers or a renounced owner low', () => {
    expect(adminRiskLevel(input({ controller: { kind: 'unknown-contract' }, delaySeconds: SAFE_DELAY_SECONDS })).level).toBe('medium');
    expect(adminRiskLevel(input({ categories: [] })).level).toBe('low');
    expect(adminRiskLevel(input({ controller: { kind: 'none' } })).level).toBe('low');
  });
});

describe('the weaker of two ways to the powers', () => {
  const path = (controller: AdminPowersInput['controller'], delaySeconds: number) => ({ controller, delaySeconds });

  it('is the one the rule rates riskier, then the one needing fewer signatures, then the one with the shorter delay', () => {
    const twoOfThreeDelayed = path(safe(2, 3), SAFE_DELAY_SECONDS);
    const threeOfFiveAtOnce = path(safe(3, 5), 0);
    expect(weakerPath(twoOfThreeDelayed, threeOfFiveAtOnce)).toBe(threeOfFiveAtOnce);
    expect(weakerPath(path(safe(3, 5), 0), path(safe(2, 3), 0)).controller).toEqual(safe(2, 3));
    expect(weakerPath(path({ kind: 'eoa' }, 3600), path({ kind: 'eoa' }, 60)).delaySeconds).toBe(60);
    expect(weakerPath(path(safe(2, 3), 0), path(safe(2, 3, 1), 0)).controller).toEqual(safe(2, 3, 1));
  });
});

describe('the summary line', () => {
  it('says a Safe with modules acts without signatures, and that unlisted modules are unknown', () => {
    expect(adminPowersSummary(input({ controller: safe(2, 3, 1) }))).toBe('Upgradeable by a 2-of-3 Safe with 1 module (a module acts without signatures) with no delay');
    expect(adminPowersSummary(input({ controller: safe(2, 3, 2), delaySeconds: 172_800 }))).toBe('Upgradeable by a 2-of-3 Safe with 2 modules (a module acts without signatures) behind a timelock of 2 days');
    expect(adminPowersSummary(input({ controller: safe(2, 3, null) }))).toBe('Upgradeable by a 2-of-3 multisig (its modules cannot be listed) with no delay');
  });

  it('names the leading power, the controller and the delay', () => {
    expect(adminPowersSummary(input({ controller: safe(2, 3) }))).toBe('Upgradeable by a 2-of-3 multisig with no delay');
    expect(adminPowersSummary(input({ categories: ['mint', 'pause'], delaySeconds: 172_800 }))).toBe('Pausable by a single key (EOA) behind a timelock of 2 days');
    expect(adminPowersSummary(input({ categories: [] }))).toBe('No admin powers found');
    expect(adminPowersSummary(input({ controller: { kind: 'none' } }))).toBe('Admin powers renounced: no holder left');
  });

  it('formats delays in their largest whole unit', () => {
    expect([formatDelay(86_400), formatDelay(7_200), formatDelay(90), formatDelay(60)]).toEqual(['1 day', '2 hours', '90 seconds', '1 minute']);
  });
});

describe('power categories', () => {
  it('maps privileged function signatures to the six categories, and others to none', () => {
    const cases: [string, string | null][] = [
      ['upgradeToAndCall(address,bytes)', 'upgrade'],
      ['upgradeAndCall(address,address,bytes)', 'upgrade'],
      ['pause()', 'pause'],
      ['mint(address,uint256)', 'mint'],
      ['blacklist(address)', 'blacklist'],
      ['withdrawTreasury(address,uint256)', 'move-funds'],
      ['setFee(uint256)', 'fees-parameters'],
      ['transferOwnership(address)', null],
      ['settle()', null],
    ];
    expect(cases.map(([signature]) => [signature, powerCategoryOf(signature)])).toEqual(cases);
  });
});
