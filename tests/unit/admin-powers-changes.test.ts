import { describe, expect, it } from 'vitest';

import { adminPowersChanges, type AdminPowersReading } from '@/lib/skynet/admin-powers-changes';

const SAFE = '0x5afe000000000000000000000000000000000001';
const TIMELOCK = '0x7100000000000000000000000000000000000002';
const [A, B, C, D] = ['0xa', '0xb', '0xc', '0xd'].map((prefix) => prefix.padEnd(42, '0'));

type Fields = { modules?: string[] | null; guard?: string | null; admins?: string[]; proposers?: string[] };

/** A token owned by a timelock whose proposer is a Safe. */
function reading({
  threshold = 2,
  owners = [A, B, C],
  delay = 172_800,
  risk = 'low' as AdminPowersReading['riskLevel'],
  summary = 'Pausable by a 2-of-3 multisig behind a timelock of 2 days',
  implementation = null as string | null,
  holder = TIMELOCK,
  safe = {} as Pick<Fields, 'modules' | 'guard'>,
  timelock = {} as Pick<Fields, 'admins' | 'proposers'>,
} = {}): AdminPowersReading {
  const modules = safe.modules === undefined ? {} : { modules: safe.modules === null ? null : safe.modules.length };
  return {
    pattern: implementation ? 'transparent' : 'none',
    implementation,
    proxyAdmin: null,
    holders: [
      {
        holder,
        privilege: 'owner',
        links: [
          { address: TIMELOCK, kind: 'timelock', minDelay: delay, ...timelock },
          { address: SAFE, kind: 'safe', threshold, owners, ...safe },
        ],
        controller: { kind: 'safe', threshold, owners: owners.length, ...modules },
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

  it('alerts on a module enabled, naming it, the single-key risk and the new summary; and on the module disabled again', () => {
    const none = reading({ safe: { modules: [], guard: null } });
    const withModule = reading({ safe: { modules: [D], guard: null }, risk: 'medium', summary: 'Pausable by a 2-of-3 Safe with 1 module (a module acts without signatures) behind a timelock of 2 days' });
    const enabled = adminPowersChanges(none, withModule);
    expect(enabled).toEqual({
      alert: true,
      lines: [
        'Risk level raised from low to medium',
        'Now: Pausable by a 2-of-3 Safe with 1 module (a module acts without signatures) behind a timelock of 2 days (was: Pausable by a 2-of-3 multisig behind a timelock of 2 days)',
        'Safe 0x5afe…0001: module enabled 0xd000…0000',
        'Final control moved from a 2-of-3 multisig to a 2-of-3 Safe with 1 module (a module acts without signatures)',
      ],
    });
    const disabled = adminPowersChanges(withModule, none);
    expect(disabled.alert).toBe(true);
    expect(disabled.lines).toContain('Safe 0x5afe…0001: module disabled 0xd000…0000');
    expect(adminPowersChanges(reading({ safe: { modules: [A] } }), reading({ safe: { modules: [B, C] } })).lines).toEqual(
      expect.arrayContaining(['Safe 0x5afe…0001: modules enabled 0xb000…0000, 0xc000…0000', 'Safe 0x5afe…0001: module disabled 0xa000…0000']),
    );
  });

  it('alerts on a guard set, changed or removed, though a guard does not change the risk', () => {
    const guarded = (guard: string | null) => reading({ safe: { modules: [], guard } });
    expect(adminPowersChanges(guarded(null), guarded(A))).toEqual({ alert: true, lines: ['Safe 0x5afe…0001: guard set to 0xa000…0000'] });
    expect(adminPowersChanges(guarded(A), guarded(B))).toEqual({ alert: true, lines: ['Safe 0x5afe…0001: guard changed from 0xa000…0000 to 0xb000…0000'] });
    expect(adminPowersChanges(guarded(B), guarded(null))).toEqual({ alert: true, lines: ['Safe 0x5afe…0001: guard removed (was 0xb000…0000)'] });
  });

  it("alerts on a timelock's admins changed, naming the timelock itself as itself, and on its proposers changed", () => {
    const admins = (list: string[]) => reading({ timelock: { admins: list, proposers: [SAFE] } });
    expect(adminPowersChanges(admins([TIMELOCK, A]), admins([TIMELOCK]))).toEqual({ alert: true, lines: ['Timelock 0x7100…0002: admin removed 0xa000…0000'] });
    expect(adminPowersChanges(admins([TIMELOCK]), admins([B]))).toEqual({ alert: true, lines: ['Timelock 0x7100…0002: admin added 0xb000…0000', 'Timelock 0x7100…0002: admin removed itself'] });
    const proposers = adminPowersChanges(reading({ timelock: { proposers: [SAFE] } }), reading({ timelock: { proposers: [SAFE, A] } }));
    expect(proposers).toEqual({ alert: true, lines: ['Timelock 0x7100…0002: proposer added 0xa000…0000'] });
  });

  it('raises nothing against a reading taken before modules, guards and admins were read, nor for modules that cannot be listed', () => {
    expect(adminPowersChanges(reading(), reading({ safe: { modules: [], guard: null }, timelock: { admins: [TIMELOCK] } }))).toEqual({ lines: [], alert: false });
    expect(adminPowersChanges(reading({ safe: { modules: [A] } }), reading({ safe: { modules: [A] } }))).toEqual({ lines: [], alert: false });
    expect(adminPowersChanges(reading({ safe: { modules: null } }), reading({ safe: { modules: null } }))).toEqual({ lines: [], alert: false });
  });

  it("lists but does not alert on what the contract's own events already alert on: a new implementation", () => {
    const before = reading({ implementation: '0x1111111111111111111111111111111111111111' });
    const after = reading({ implementation: '0x2222222222222222222222222222222222222222' });
    expect(adminPowersChanges(before, after)).toEqual({ alert: false, lines: ['Implementation changed from 0x1111…1111 to 0x2222…2222'] });
  });
});
