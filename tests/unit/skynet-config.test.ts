import { describe, expect, it } from 'vitest';

import { ConfigError, parseConfig } from '@/server/config';

/** The message of the ConfigError parseConfig throws for env; fails the test when it does not throw one. */
function refusalOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('Skynet history and head-following settings', () => {
  it('scan transactions 50,000 blocks back and read the head every second by default', () => {
    expect(parseConfig({}).skynet).toMatchObject({ backfillBlocks: 50_000, pollSeconds: 1, intervalSeconds: 30 });
    expect(parseConfig({ SKYNET_BACKFILL_BLOCKS: '', SKYNET_POLL_SECONDS: ' ' }).skynet).toMatchObject({ backfillBlocks: 50_000, pollSeconds: 1 });
  });

  it('read the values given, a fraction of a second included', () => {
    expect(parseConfig({ SKYNET_BACKFILL_BLOCKS: '5', SKYNET_POLL_SECONDS: '0.5' }).skynet).toMatchObject({ backfillBlocks: 5, pollSeconds: 0.5 });
    expect(parseConfig({ SKYNET_BACKFILL_BLOCKS: '0' }).skynet.backfillBlocks).toBe(0);
  });

  it.each([
    [{ SKYNET_BACKFILL_BLOCKS: '-1' }, 'SKYNET_BACKFILL_BLOCKS'],
    [{ SKYNET_BACKFILL_BLOCKS: '1.5' }, 'SKYNET_BACKFILL_BLOCKS'],
    [{ SKYNET_BACKFILL_BLOCKS: 'many' }, 'SKYNET_BACKFILL_BLOCKS: must be a whole number'],
    [{ SKYNET_POLL_SECONDS: '0' }, 'SKYNET_POLL_SECONDS'],
    [{ SKYNET_POLL_SECONDS: 'soon' }, 'SKYNET_POLL_SECONDS: must be a number of seconds'],
  ])('refuse %j, naming the variable', (env, expected) => {
    expect(refusalOf(env)).toContain(expected);
  });
});
