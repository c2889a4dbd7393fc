import { asc, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SkynetView } from '@/components/skynet/skynet-view';
import { SKYNET_MESSAGES } from '@/lib/messages/skynet';
import { getDb } from '@/server/db/client';
import { projects, skynetContracts, skynetEvents, type SkynetContractRow } from '@/server/db/schema';
import { findCreationBlock } from '@/server/skynet/chain';
import { chainClient } from '@/server/skynet/chains';
import { runSkynetCli } from '@/server/skynet/cli';
import type { FollowStep } from '@/server/skynet/follower';
import type { HistoryReport } from '@/server/skynet/history';
import { getPrivilegedAddresses } from '@/server/skynet/privileged-queries';
import { getProjectSkynetView, getTopCallers, getTopEvents, getTopFunctionCalls } from '@/server/skynet/queries';
import { indexAllContracts, startSkynetRunner } from '@/server/skynet/scheduler';
import { watchContracts } from '@/server/skynet/watch';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { ROLES, chainClients, runMoreActivity, runScenario, tokenAbi, type ScenarioResult } from '@/tests/support/chain-scenario';
import { startRpcCounter, type RpcCounter } from '@/tests/support/rpc-counter';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/* SKYNET_BACKFILL_BLOCKS, the batch and the chain's endpoint (anvil, or the counting proxy in front of it) as each test sets them. */
const settings = vi.hoisted(() => ({ backfillBlocks: 50_000, batchBlocks: 200, endpoint: '' }));
vi.mock('@/server/config', async (importOriginal) => {
  const { configWith, skynetWith } = await import('../support/config-stand-in');
  return configWith(await importOriginal(), (config) => {
    const chains = [{ id: 31337, name: 'anvil', rpc: [settings.endpoint], blockTimeSeconds: 0.4, confirmations: 64 }];
    return skynetWith(config, { backfillBlocks: settings.backfillBlocks, batchBlocks: settings.batchBlocks, chains });
  });
});

/*
 * A real chain (anvil) where the contracts did everything before anyone watched them: watching must index that
 * history (tests/support/chain-scenario.ts says what happened).
 */
let anvil: Anvil;
let counter: RpcCounter;
let scenario: ScenarioResult;
let historyProject: string;
let fromBlockProject: string;
let recentProject: string;
let cappedProject: string;
const { owner, alice, bob, carol, dave, newOwner, pauser } = ROLES;
const TOKEN_ABI = 'tests/fixtures/contracts/ShieldToken.json';
const ROLE_ABI = 'tests/fixtures/contracts/ShieldRoleToken.json';

beforeAll(async () => {
  anvil = await startAnvil();
  settings.endpoint = anvil.url;
  counter = await startRpcCounter(anvil.url);
  scenario = await runScenario(anvil.url);
  const db = await getDb();
  const leading = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(4);
  [historyProject, fromBlockProject, recentProject, cappedProject] = leading.map((row) => row.id);
}, 180_000);

afterAll(async () => {
  await counter?.stop();
  await anvil?.stop();
});

async function contractOf(projectId: string): Promise<SkynetContractRow> {
  const [row] = await (await getDb()).select().from(skynetContracts).where(eq(skynetContracts.projectId, projectId));
  return row;
}

const pageText = async (projectId: string) => renderToStaticMarkup(createElement(SkynetView, { view: await getProjectSkynetView(projectId), explorerUrl: null }));

describe('watching a contract that already has a history', () => {
  it('finds the creation block by binary search on eth_getCode: the deploy receipt’s block; none for an account without code', async () => {
    const client = chainClient({ id: 31337, rpc: [anvil.url] });
    expect(await findCreationBlock(client, scenario.token, scenario.headBlock)).toBe(scenario.deployBlock);
    expect(await findCreationBlock(client, alice, scenario.headBlock)).toBeNull();
  });

  it('indexes from the creation block: the early callers and events, and the first owner, are there', async () => {
    const db = await getDb();
    const [watched] = await watchContracts(db, { projectId: historyProject, address: scenario.token, abiFile: TOKEN_ABI });
    const deployBlock = Number(scenario.deployBlock);
    expect(watched).toMatchObject({ creationBlock: deployBlock, fromBlock: deployBlock, transactionsFromBlock: deployBlock, cursorBlock: null });

    settings.batchBlocks = 7;
    const { history } = await indexAllContracts();
    settings.batchBlocks = 200;
    expect(history.every((report) => !report.skipped)).toBe(true);
    expect(await getTopCallers(historyProject, 10)).toEqual([
      { address: alice, calls: 11 },
      { address: bob, calls: 8 },
      { address: owner, calls: 7 },
      { address: carol, calls: 6 },
      { address: dave, calls: 4 },
      { address: newOwner, calls: 1 },
    ]);
    expect(await getTopEvents(historyProject, 10)).toEqual([
      { name: 'Transfer', count: 34 },
      { name: 'OwnershipTransferred', count: 2 },
      { name: 'Paused', count: 1 },
      { name: 'Unpaused', count: 1 },
    ]);
    expect((await getTopFunctionCalls(historyProject, 1))[0]).toEqual({ name: 'transfer', calls: 28, reverted: 0 });

    const owners = await getPrivilegedAddresses(scenario.token);
    const firstOwner = owners.find((row) => row.holder === owner && row.privilege === 'owner');
    expect(firstOwner).toMatchObject({ active: false, sinceBlock: deployBlock });
    expect(firstOwner!.evidence[0].detail).toContain(`in block ${deployBlock}`);
    expect(owners.find((row) => row.holder === newOwner)).toMatchObject({ active: true });

    expect(await pageText(historyProject)).toContain(`Figures count from block ${deployBlock}.`);
  });

  it('starts where --from-block says, without a search, and counts nothing before it', async () => {
    const db = await getDb();
    const from = Number(await chainClient({ id: 31337, rpc: [anvil.url] }).getBlockNumber({ cacheTime: 0 }));
    counter.reset();
    settings.endpoint = counter.url;
    const [watched] = await watchContracts(db, { projectId: fromBlockProject, address: scenario.roleToken, abiFile: ROLE_ABI, fromBlock: from });
    settings.endpoint = anvil.url;
    expect(watched).toMatchObject({ fromBlock: from, transactionsFromBlock: from, creationBlock: null });
    expect(counter.calls.filter((call) => call.method === 'eth_getCode')).toEqual([]);

    await indexAllContracts();
    // Only the last call of the scenario (the pauser's pause) is in or after that block.
    expect(await getTopCallers(fromBlockProject, 10)).toEqual([{ address: pauser, calls: 1 }]);
    expect(await getTopEvents(fromBlockProject, 10)).toEqual([{ name: 'Paused', count: 1 }]);
    expect(await pageText(fromBlockProject)).toContain(SKYNET_MESSAGES.figuresFrom(from, from));
  });

  it('past SKYNET_BACKFILL_BLOCKS, scans transactions only that far back but reads the logs from creation, fetching only the blocks that hold them', async () => {
    settings.backfillBlocks = 5;
    await runMoreActivity(anvil.url, scenario.token); // 15 empty blocks, two transfers, 3 empty blocks
    // The head follower is at the head first: the new contract's history is then everything up to it.
    await indexAllContracts();
    const db = await getDb();
    const head = Number(await chainClients(anvil.url).wallet.getBlockNumber());
    settings.endpoint = counter.url;
    const [watched] = await watchContracts(db, { projectId: recentProject, address: scenario.token, abiFile: TOKEN_ABI });
    const deployBlock = Number(scenario.deployBlock);
    expect(watched).toMatchObject({ creationBlock: deployBlock, fromBlock: deployBlock, transactionsFromBlock: head - 5 });

    counter.reset();
    settings.batchBlocks = 4;
    const { history } = await indexAllContracts();
    settings.batchBlocks = 200;
    settings.endpoint = anvil.url;
    const report = history.find((row) => row.contractId === watched.id)!;
    expect(report.skipped).toBeUndefined();
    expect(report).toMatchObject({ fromBlock: deployBlock, toBlock: head } satisfies Partial<HistoryReport>);

    // Logs from creation: the whole history of events, the two new transfers included.
    expect(await getTopEvents(recentProject, 10)).toEqual([
      { name: 'Transfer', count: 36 },
      { name: 'OwnershipTransferred', count: 2 },
      { name: 'Paused', count: 1 },
      { name: 'Unpaused', count: 1 },
    ]);
    // Transactions from head - 5: only the two transfers after the empty blocks (equal counts: by address).
    expect(await getTopCallers(recentProject, 10)).toEqual([
      { address: bob, calls: 1 },
      { address: alice, calls: 1 },
    ]);

    const blockReads = counter.calls.filter((call) => call.method === 'eth_getBlockByNumber');
    const readWithTransactions = blockReads.filter((call) => call.params[1] === true).map((call) => Number(call.params[0]));
    const readForTimes = blockReads.filter((call) => call.params[1] !== true).map((call) => Number(call.params[0]));
    expect(readWithTransactions.sort((a, b) => a - b)).toEqual(Array.from({ length: 6 }, (_, i) => head - 5 + i));
    const historyLogBlocks = (await db.selectDistinct({ block: skynetEvents.blockNumber }).from(skynetEvents).where(eq(skynetEvents.contractId, watched.id)))
      .map((row) => row.block)
      .filter((block) => block < head - 5);
    expect(historyLogBlocks.length).toBeGreaterThan(30);
    expect(readForTimes.sort((a, b) => a - b)).toEqual(historyLogBlocks.sort((a, b) => a - b));

    const stored = await contractOf(recentProject);
    expect(stored.transactionsFromBlock).toBe(head - 5);
    expect(await pageText(recentProject)).toContain(`Events count from block ${deployBlock}; transactions from block ${stored.transactionsFromBlock}.`);
  });

  it('keeps where the figures start when the contract is watched again without --from-block', async () => {
    const before = await contractOf(recentProject);
    counter.reset();
    settings.endpoint = counter.url;
    await watchContracts(await getDb(), { projectId: recentProject, address: scenario.token, abiFile: TOKEN_ABI });
    settings.endpoint = anvil.url;
    expect(counter.calls.filter((call) => call.method === 'eth_getCode')).toEqual([]);
    const after = await contractOf(recentProject);
    expect(after).toMatchObject({ fromBlock: before.fromBlock, creationBlock: before.creationBlock, transactionsFromBlock: before.transactionsFromBlock, cursorBlock: before.cursorBlock });
  });
});

const waitFor = async (condition: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe('reading history through an endpoint that caps log queries', () => {
  it('halves a refused eth_getLogs range until the endpoint answers, and misses no event', async () => {
    counter.limitLogBlocks(3);
    try {
      settings.endpoint = counter.url;
      const [watched] = await watchContracts(await getDb(), { projectId: cappedProject, address: scenario.token, abiFile: TOKEN_ABI });
      counter.reset();
      const report = (await indexAllContracts()).history.find((row) => row.contractId === watched.id)!;
      expect(report.skipped).toBeUndefined();
      const logQueries = counter.calls.filter((call) => call.method === 'eth_getLogs').map((call) => call.params[0] as { fromBlock: string; toBlock: string });
      expect(logQueries.some((query) => Number(query.toBlock) - Number(query.fromBlock) + 1 > 3)).toBe(true);
      expect(await getTopEvents(cappedProject, 10)).toEqual(await getTopEvents(recentProject, 10));
      expect((await contractOf(cappedProject)).lastError).toBeNull();
    } finally {
      counter.limitLogBlocks(null);
      settings.endpoint = anvil.url;
    }
  });
});

describe('following the head', () => {
  it('reads each new block once for every watched contract: one block read, one receipts read, no log query', async () => {
    const db = await getDb();
    const watched = await db.select({ id: skynetContracts.id }).from(skynetContracts).where(eq(skynetContracts.chainId, 31337));
    expect(watched.length).toBeGreaterThanOrEqual(4);
    const { wallet } = chainClients(anvil.url);
    await indexAllContracts();
    settings.endpoint = counter.url;
    const steps: FollowStep[] = [];
    const runner = startSkynetRunner({ onStep: (step) => steps.push(step), pollMs: () => 50 });
    try {
      // The runner's first step finds the head already read; then three blocks, one at a time.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      counter.reset();
      for (let block = 0; block < 3; block++) {
        const before = steps.length;
        // Automining: one transfer, one block.
        const hash = await wallet.writeContract({ account: alice, address: scenario.token, abi: tokenAbi, functionName: 'transfer', args: [bob, 1n], chain: foundry });
        await wallet.waitForTransactionReceipt({ hash });
        expect(await waitFor(() => steps.length > before && steps.at(-1)!.toBlock === steps.at(-1)!.head, 30_000)).toBe(true);
      }
    } finally {
      await runner.stop();
      settings.endpoint = anvil.url;
    }
    const readBlocks = counter.calls.filter((call) => call.method === 'eth_getBlockByNumber' && call.params[1] === true).map((call) => Number(call.params[0]));
    const receiptReads = counter.calls.filter((call) => call.method === 'eth_getBlockReceipts').map((call) => Number(call.params[0]));
    expect(new Set(readBlocks).size).toBe(readBlocks.length);
    expect(readBlocks.sort()).toEqual(receiptReads.sort());
    expect(counter.calls.filter((call) => call.method === 'eth_getLogs' || call.method === 'eth_getTransactionReceipt')).toEqual([]);
    const transfers = steps.reduce((sum, step) => sum + step.transactions, 0);
    expect(transfers).toBeGreaterThan(0);
  }, 90_000);

  it('reads the history of a contract watched while it follows, beside the head, up to where the head took it on', async () => {
    const db = await getDb();
    const runner = startSkynetRunner({ pollMs: () => 50 });
    try {
      const [watched] = await watchContracts(db, { projectId: 'uniswap', address: scenario.roleToken, abiFile: ROLE_ABI });
      const caughtUp = async () => {
        const row = await contractOf('uniswap');
        return row.liveFromBlock !== null && row.cursorBlock === row.liveFromBlock - 1;
      };
      await expect.poll(caughtUp, { timeout: 30_000, interval: 100 }).toBe(true);
      expect(watched.fromBlock).toBeLessThan((await contractOf('uniswap')).liveFromBlock!);
      expect((await getTopEvents('uniswap', 10)).length).toBeGreaterThan(0);
    } finally {
      await runner.stop();
    }
  }, 90_000);
});

// Last: the command closes the database when it ends (the file's clean-up copes).
describe('npm run skynet -- index (without --once)', () => {
  it('watch says where the figures start: the creation block it found', async () => {
    const lines: string[] = [];
    expect(await runSkynetCli(['watch', cappedProject, scenario.roleToken, '--chain', '31337', '--abi', ROLE_ABI], { log: (line) => lines.push(line) })).toBe(0);
    const watched = (await (await getDb()).select().from(skynetContracts).where(eq(skynetContracts.projectId, cappedProject))).find((contract) => contract.address === scenario.roleToken)!;
    expect(watched.creationBlock).toBeGreaterThan(Number(scenario.deployBlock));
    expect(lines).toEqual([`watching ${scenario.roleToken} on chain 31337 for ${cappedProject} from block ${watched.creationBlock} (created in block ${watched.creationBlock}), transactions from block ${watched.transactionsFromBlock}`]);
  });

  it('follows the chains until stopped: a step for each block that comes, none while the head stays', async () => {
    const { test } = chainClients(anvil.url);
    const lines: string[] = [];
    const controller = new AbortController();
    const running = runSkynetCli(['index'], { log: (line) => lines.push(line) }, controller.signal);
    const steps = () => lines.filter((line) => line.startsWith('chain 31337: blocks')).length;
    try {
      await test.mine({ blocks: 1 });
      expect(await waitFor(() => steps() === 1, 30_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(steps()).toBe(1);
      await test.mine({ blocks: 1 });
      expect(await waitFor(() => steps() === 2, 30_000)).toBe(true);
    } finally {
      controller.abort();
    }
    expect(await running).toBe(0);
  }, 90_000);
});
