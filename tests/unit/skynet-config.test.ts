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

describe('the chain registry (SKYNET_CHAINS)', () => {
  const chain = { id: 1, name: 'Ethereum', rpc: ['https://rpc.one.example', 'wss://rpc.two.example'], blockTimeSeconds: 12, confirmations: 64, explorerUrl: 'https://etherscan.io/' };

  it('reads the chains with their endpoints in failover order, defaults filled in', () => {
    const { skynet } = parseConfig({ SKYNET_CHAINS: JSON.stringify([chain, { id: 8453, name: 'Base', rpc: ['https://base.example'] }]) });
    expect(skynet.chains).toEqual([
      { ...chain, explorerUrl: 'https://etherscan.io' },
      { id: 8453, name: 'Base', rpc: ['https://base.example'], blockTimeSeconds: 12, confirmations: 64 },
    ]);
    expect(parseConfig({}).skynet.chains).toEqual([]);
  });

  it.each([
    ['{not json', 'SKYNET_CHAINS: must be JSON'],
    ['[]', 'SKYNET_CHAINS: must list at least one chain'],
    [JSON.stringify([{ ...chain, rpc: [] }]), 'SKYNET_CHAINS.0.rpc: needs at least one endpoint'],
    [JSON.stringify([{ ...chain, rpc: ['ftp://rpc.example'] }]), 'SKYNET_CHAINS.0.rpc.0: must be an http(s) or ws(s) URL'],
    [JSON.stringify([chain, { ...chain, name: 'again' }]), 'SKYNET_CHAINS.1.id: chain 1 is listed twice'],
    [JSON.stringify([{ ...chain, id: 'one' }]), 'SKYNET_CHAINS.0.id: must be the chain id, a whole number'],
    [JSON.stringify([{ ...chain, endpoint: 'https://x.example' }]), 'SKYNET_CHAINS.0'],
    [JSON.stringify([{ ...chain, blockTimeSeconds: 0 }]), 'SKYNET_CHAINS.0.blockTimeSeconds'],
  ])('refuses %s, naming the chain and the field', (value, expected) => {
    expect(refusalOf({ SKYNET_CHAINS: value })).toContain(expected);
  });

  it('refuses RPC_URL beside SKYNET_CHAINS: one registry', () => {
    expect(refusalOf({ SKYNET_CHAINS: JSON.stringify([chain]), RPC_URL: 'https://rpc.example' })).toContain('RPC_URL: must be unset when SKYNET_CHAINS is set');
  });
});
