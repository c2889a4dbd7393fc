// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createFlags, mergeFlags, parseFlagOverrides, type FlagsClient } from '@/server/flags';

/** A stand-in for the PostHog service: answers per user from a table, counting the questions it gets. */
class FakeFlagService implements FlagsClient {
  calls: string[] = [];
  constructor(
    private readonly answers: Record<string, Record<string, boolean | string>>,
    private readonly behaviour: 'answer' | 'hang' | 'fail' = 'answer',
  ) {}
  async getAllFlags(distinctId: string) {
    this.calls.push(distinctId);
    if (this.behaviour === 'hang') return new Promise<never>(() => {});
    if (this.behaviour === 'fail') throw new Error('flag service unavailable');
    return this.answers[distinctId] ?? {};
  }
}

const overrides = (entries: string) => parseFlagOverrides(entries.split(','));

describe('FEATURE_FLAGS overrides', () => {
  it('reads plain names as forced on and !names as forced off', () => {
    expect(parseFlagOverrides(['extendedUserSetting', '!portfolio'])).toEqual({ on: ['extendedUserSetting'], off: ['portfolio'] });
  });
});

describe('merging remote flags with FEATURE_FLAGS', () => {
  it('without a remote answer, FEATURE_FLAGS alone', () => {
    expect(mergeFlags(overrides('extendedUserSetting'), null)).toEqual(['extendedUserSetting']);
  });

  it('adds the flags the remote service turns on, variants included, and ignores those it turns off', () => {
    expect(mergeFlags(overrides('extendedUserSetting'), { portfolio: true, beta: 'variant-b', old: false })).toEqual(['beta', 'extendedUserSetting', 'portfolio']);
  });

  it('keeps a forced-on flag even when the remote service says no', () => {
    expect(mergeFlags(overrides('portfolio'), { portfolio: false })).toEqual(['portfolio']);
  });

  it('drops a forced-off flag even when the remote service says yes', () => {
    expect(mergeFlags(overrides('extendedUserSetting,!portfolio'), { portfolio: true })).toEqual(['extendedUserSetting']);
  });
});

describe('flag evaluation per user', () => {
  it('without a remote client, everyone gets FEATURE_FLAGS', async () => {
    const flagsFor = createFlags({ overrides: overrides('extendedUserSetting'), client: null });
    expect(await flagsFor('user-1')).toEqual(['extendedUserSetting']);
    expect(await flagsFor(null)).toEqual(['extendedUserSetting']);
  });

  it('asks the remote service per user, so two users can differ', async () => {
    const service = new FakeFlagService({ alice: { portfolio: true }, bob: { portfolio: false } });
    const flagsFor = createFlags({ overrides: overrides('extendedUserSetting'), client: service });
    expect(await flagsFor('alice')).toEqual(['extendedUserSetting', 'portfolio']);
    expect(await flagsFor('bob')).toEqual(['extendedUserSetting']);
  });

  it('does not ask about visitors who are not signed in', async () => {
    const service = new FakeFlagService({});
    const flagsFor = createFlags({ overrides: overrides('extendedUserSetting'), client: service });
    expect(await flagsFor(null)).toEqual(['extendedUserSetting']);
    expect(service.calls).toEqual([]);
  });

  it('falls back to FEATURE_FLAGS when the service is too slow', async () => {
    const flagsFor = createFlags({ overrides: overrides('extendedUserSetting'), client: new FakeFlagService({}, 'hang'), timeoutMs: 20 });
    const started = Date.now();
    expect(await flagsFor('alice')).toEqual(['extendedUserSetting']);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('falls back to FEATURE_FLAGS when the service fails', async () => {
    const flagsFor = createFlags({ overrides: overrides('extendedUserSetting'), client: new FakeFlagService({}, 'fail') });
    expect(await flagsFor('alice')).toEqual(['extendedUserSetting']);
  });

  it('reuses an answer for a short while, then asks again', async () => {
    let now = 0;
    const service = new FakeFlagService({ alice: { portfolio: true } });
    const flagsFor = createFlags({ overrides: overrides('extendedUserSetting'), client: service, cacheMs: 1000, now: () => now });
    await flagsFor('alice');
    await flagsFor('alice');
    expect(service.calls).toEqual(['alice']);
    now = 1001;
    await flagsFor('alice');
    expect(service.calls).toEqual(['alice', 'alice']);
  });
});
