import { describe, expect, it } from 'vitest';

import { adminPowersChanges, type AdminPowersReading } from '@/lib/skynet/admin-powers-changes';

const SAFE = '0x5afe000000000000000000000000000000000001';
const TIMELOCK = '0x7100000000000000000000000000000000000002';
const [A, B, C, D] = ['0xa', '0xb', '0xc', '0xd'].map((prefix) => prefix.padEnd(42, '0'));

/** A token owned by a timelock whose proposer is a Safe. */
function reading({ threshold = 2, owners = [A, B, C], delay = 172_800, risk = 'low' as AdminPowersReading['riskLevel'], summary = 'Pausable by a 2-of-3 multisig behind a timelock of 2 days', implementation = null as string | null, holder = TIMELOCK } = {}): AdminPowersReading {
  return {
    pattern: implementation ? 'transparent' : 'none',
    implementation,
    proxyAdmin: null,
    holders: [
      {
        holder,
        privilege: 'owner',
        links: [
          { address: TIMELOCK, kind: 'timelock', minDelay: delay },
          { address: SAFE, kind: 'safe', threshold, owners },
        ],
        controller: { kind: 'safe', threshold, owners: owners.length },
        delaySeconds: delay,
      },
    ],
    summary,
    riskLevel: risk,
  };
}

describe('adminPowersChanges', () => {
  it('finds nothing between equal readings', () => {
    expect(adminPowersChanges(reading(), reading())).toEqual({ lines: [], alert: false });
  });

  it('alerts on a Safe threshold lowered, naming the risk change, the new summary and the Safe', () => {
    const after = reading({ threshold: 1, risk: 'medium', summary: 'Pausable by a 1-of-3 multisig behind a timelock of 2 days' });
    const change = adminPowersChanges(reading(), after);
    expect(change.alert).toBe(true);
    expect(change.lines).toEqual([
      'Risk level raised from low to medium',
      'Now: Pausable by a 1-of-3 multisig behind a timelock of 2 days (was: Pausable by a 2-of-3 multisig behind a timelock of 2 days)',
      'Safe 0x5afe…0001: threshold lowered from 2 of 3 to 1 of 3',
      'Final control moved from a 2-of-3 multisig to a 1-of-3 multisig',
    ]);
  });

  it('alerts on a timelock delay shortened and on Safe owners swapped', () => {
    const shorter = adminPowersChanges(reading(), reading({ delay: 3600, risk: 'medium', summary: 'Pausable by a 2-of-3 multisig behind a timelock of 1 hour' }));
    expect(shorter.alert).toBe(true);
    expect(shorter.lines).toContain('Timelock 0x7100…0002: delay shortened from 2 days to 1 hour');
    expect(shorter.lines.some((line) => line.startsWith('Delay before'))).toBe(false);
    const swapped = adminPowersChanges(reading(), reading({ owners: [A, B, D] }));
    expect(swapped).toEqual({ alert: true, lines: ['Safe 0x5afe…0001: owner added 0xd000…0000', 'Safe 0x5afe…0001: owner removed 0xc000…0000'] });
  });

  it("lists but does not alert on what the contract's own events already alert on: a new implementation", () => {
    const before = reading({ implementation: '0x1111111111111111111111111111111111111111' });
    const after = reading({ implementation: '0x2222222222222222222222222222222222222222' });
    expect(adminPowersChanges(before, after)).toEqual({ alert: false, lines: ['Implementation changed from 0x1111…1111 to 0x2222…2222'] });
  });
});
