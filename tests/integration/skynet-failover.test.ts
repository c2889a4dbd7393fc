import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { getDb } from '@/server/db/client';
import { projects, skynetChains, skynetTransactions } from '@/server/db/schema';
import { indexAllContracts } from '@/server/skynet/scheduler';
import { watchContracts } from '@/server/skynet/watch';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES, runScenario, tokenAbi, type ScenarioResult } from '@/tests/support/chain-scenario';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
const chainConfig = vi.hoisted(() => ({ rpcUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...chainConfig }) };
});

/*
 * Two real worker processes (`npm run skynet -- index`) share one chain on PostgreSQL: one leads it, the other
 * waits. The leader is killed with SIGKILL mid-stream; the other must take over within 10 s, and every block's
 * transfer must be stored exactly once: no block skipped, none counted twice.
 */
const LEADS = 'following the chain (this process leads it)';

type Worker = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startWorker(anvilUrl: string): Worker {
  let output = '';
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/skynet.ts', 'index'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      RPC_URL: '',
      SKYNET_CHAINS: JSON.stringify([{ id: 31337, name: 'anvil', rpc: [anvilUrl], blockTimeSeconds: 0.3, confirmations: 16 }]),
      LOG_LEVEL: 'info',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const until = async (condition: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
};

let anvil: Anvil;
let scenario: ScenarioResult;
const workers: Worker[] = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  anvil = await startAnvil();
  chainConfig.rpcUrl = anvil.url;
  scenario = await runScenario(anvil.url);
  const db = await getDb();
  const [{ id: projectId }] = await db.select({ id: projects.id }).from(projects).limit(1);
  await watchContracts(db, { projectId, address: scenario.token, abiFile: 'tests/fixtures/contracts/ShieldToken.json', fromBlock: Number(scenario.deployBlock) });
  await indexAllContracts();
}, 180_000);

afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await anvil?.stop();
});

describe.runIf(process.env.DATABASE_URL)('Skynet workers sharing a chain on PostgreSQL', () => {
  it('hands the chain to the other worker within 10 s of the leader being killed, skipping and doubling no block', async () => {
    const { wallet } = chainClients(anvil.url);
    workers.push(startWorker(anvil.url), startWorker(anvil.url));
    expect(await until(() => workers.some((worker) => worker.output().includes(LEADS)), 60_000)).toBe(true);
    // Both started: the second is waiting for the lease, not leading too.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(workers.filter((worker) => worker.output().includes(LEADS))).toHaveLength(1);

    const sent: Hex[] = [];
    const transfer = async () => {
      const hash = await wallet.writeContract({ account: ROLES.alice, address: scenario.token, abi: tokenAbi, functionName: 'transfer', args: [ROLES.bob, 1n], chain: foundry });
      await wallet.waitForTransactionReceipt({ hash });
      sent.push(hash);
    };
    for (let block = 0; block < 8; block++) {
      await transfer();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const leader = workers.find((worker) => worker.output().includes(LEADS))!;
    const follower = workers.find((worker) => worker !== leader)!;
    leader.child.kill('SIGKILL');
    const killedAt = Date.now();
    await leader.exited;
    for (let block = 0; block < 8; block++) {
      await transfer();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(await until(() => follower.output().includes(LEADS), 20_000)).toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(10_000);

    const db = await getDb();
    const head = Number(await wallet.getBlockNumber({ cacheTime: 0 }));
    expect(await until(async () => (await db.select().from(skynetChains).where(eq(skynetChains.chainId, 31337)))[0]?.indexedBlock === head, 20_000)).toBe(true);
    const stored = await db.select({ txHash: skynetTransactions.txHash }).from(skynetTransactions);
    const storedHashes = stored.map((row) => row.txHash.toLowerCase());
    for (const hash of sent) expect(storedHashes.filter((stored) => stored === hash.toLowerCase())).toHaveLength(1);

    follower.child.kill('SIGTERM');
    expect(await follower.exited).toBe(0);
  }, 180_000);
});
