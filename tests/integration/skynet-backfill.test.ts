import { asc, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { SkynetView } from '@/components/skynet/skynet-view';
import { SKYNET_MESSAGES } from '@/lib/messages/skynet';
import { getDb } from '@/server/db/client';
import { projects, skynetContracts, skynetEvents, type SkynetContractRow } from '@/server/db/schema';
import { findCreationBlock, getChainClient } from '@/server/skynet/chain';
import { runSkynetCli } from '@/server/skynet/cli';
import { indexAllContracts, type IndexReport } from '@/server/skynet/indexer';
import { getPrivilegedAddresses } from '@/server/skynet/privileged-queries';
import { getProjectSkynetView, getTopCallers, getTopEvents, getTopFunctionCalls } from '@/server/skynet/queries';
import { startSkynetFollower } from '@/server/skynet/scheduler';
import { watchContracts } from '@/server/skynet/watch';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { ROLES, chainClients, runMoreActivity, runScenario, type ScenarioResult } from '@/tests/support/chain-scenario';
import { startRpcCounter, type RpcCounter } from '@/tests/support/rpc-counter';

/* SKYNET_BACKFILL_BLOCKS as each test sets it; the rest of the configuration as it is. */
const settings = vi.hoisted(() => ({ backfillBlocks: 50_000 }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), skynet: { ...actual.getConfig().skynet, backfillBlocks: settings.backfillBlocks } }) };
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
    const client = getChainClient(anvil.url);
    expect(await findCreationBlock(client, scenario.token, scenario.headBlock)).toBe(scenario.deployBlock);
    expect(await findCreationBlock(client, alice, scenario.headBlock)).toBeNull();
  });

  it('indexes from the creation block: the early callers and events, and the first owner, are there', async () => {
    const db = await getDb();
    const [watched] = await watchContracts(db, { projectId: historyProject, address: scenario.token, rpcUrl: anvil.url, abiFile: TOKEN_ABI });
    const deployBlock = Number(scenario.deployBlock);
    expect(watched).toMatchObject({ creationBlock: deployBlock, fromBlock: deployBlock, transactionsFromBlock: deployBlock, cursorBlock: null });

    const reports = await indexAllContracts({ batchBlocks: 7 });
    expect(reports.every((report) => !report.skipped)).toBe(true);
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
    const from = Number(await getChainClient(anvil.url).getBlockNumber({ cacheTime: 0 }));
    counter.reset();
    const [watched] = await watchContracts(db, { projectId: fromBlockProject, address: scenario.roleToken, rpcUrl: counter.url, abiFile: ROLE_ABI, fromBlock: from });
    expect(watched).toMatchObject({ fromBlock: from, transactionsFromBlock: from, creationBlock: null });
    expect(counter.calls.filter((call) => call.method === 'eth_getCode')).toEqual([]);
    // Straight to the node from here: the counter counts only the next test's contract.
    await db.update(skynetContracts).set({ rpcUrl: anvil.url }).where(eq(skynetContracts.id, watched.id));

    await indexAllContracts();
    // Only the last call of the scenario (the pauser's pause) is in or after that block.
    expect(await getTopCallers(fromBlockProject, 10)).toEqual([{ address: pauser, calls: 1 }]);
    expect(await getTopEvents(fromBlockProject, 10)).toEqual([{ name: 'Paused', count: 1 }]);
    expect(await pageText(fromBlockProject)).toContain(SKYNET_MESSAGES.figuresFrom(from, from));
  });

  it('past SKYNET_BACKFILL_BLOCKS, scans transactions only that far back but reads the logs from creation, fetching only the blocks that hold them', async () => {
    settings.backfillBlocks = 5;
    await runMoreActivity(anvil.url, scenario.token); // 15 empty blocks, two transfers, 3 empty blocks
    const db = await getDb();
    const head = Number(await chainClients(anvil.url).wallet.getBlockNumber());
    const [watched] = await watchContracts(db, { projectId: recentProject, address: scenario.token, rpcUrl: counter.url, abiFile: TOKEN_ABI });
    const deployBlock = Number(scenario.deployBlock);
    expect(watched).toMatchObject({ creationBlock: deployBlock, fromBlock: deployBlock, transactionsFromBlock: head - 5 });

    counter.reset();
    const reports = await indexAllContracts({ batchBlocks: 4 });
    const report = reports.find((row) => row.contractId === watched.id)!;
    expect(report.skipped).toBeUndefined();
    expect(report).toMatchObject({ fromBlock: deployBlock, toBlock: head } satisfies Partial<IndexReport>);

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
    await watchContracts(await getDb(), { projectId: recentProject, address: scenario.token, rpcUrl: counter.url, abiFile: TOKEN_ABI });
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
      const [watched] = await watchContracts(await getDb(), { projectId: cappedProject, address: scenario.token, rpcUrl: counter.url, abiFile: TOKEN_ABI });
      counter.reset();
      const report = (await indexAllContracts({ batchBlocks: 4 })).find((row) => row.contractId === watched.id)!;
      expect(report.skipped).toBeUndefined();
      const logQueries = counter.calls.filter((call) => call.method === 'eth_getLogs').map((call) => call.params[0] as { fromBlock: string; toBlock: string });
      expect(logQueries.some((query) => Number(query.toBlock) - Number(query.fromBlock) + 1 > 3)).toBe(true);
      expect(await getTopEvents(cappedProject, 10)).toEqual(await getTopEvents(recentProject, 10));
      expect((await contractOf(cappedProject)).lastError).toBeNull();
    } finally {
      counter.limitLogBlocks(null);
    }
  });
});

describe('following the head', () => {
  let contractOfHistory: SkynetContractRow;
  beforeAll(async () => {
    contractOfHistory = await contractOf(historyProject);
  });


  it('runs a pass when the head moves, and none while it stays', async () => {
    const { test } = chainClients(anvil.url);
    let passes = 0;
    // No time budget: a pass the budget stopped short of the head is followed by another at once (the next test),
    // which on a busy machine made this one count three passes where the head moved once.
    const follower = startSkynetFollower({ pollMs: 100, safetyMs: 600_000, pass: () => indexAllContracts(), onPass: () => passes++ });
    try {
      expect(await waitFor(() => passes === 1, 30_000)).toBe(true); // the first poll always passes
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(passes).toBe(1);
      await test.mine({ blocks: 1 });
      expect(await waitFor(() => passes >= 2, 30_000)).toBe(true);
      // The watched contracts read this chain through two endpoints (anvil and the counting proxy), whose heads are
      // read side by side: a block mined between the two reads is seen in two steps, so one more pass may follow.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const settled = passes;
      expect(settled).toBeLessThanOrEqual(3);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(passes).toBe(settled);
    } finally {
      await follower.stop();
    }
    const head = Number(await chainClients(anvil.url).wallet.getBlockNumber());
    expect((await contractOf(historyProject)).cursorBlock).toBe(head);
  }, 90_000);

  it('goes on at once with a contract its time budget stopped short of the head, until it is there, then rests', async () => {
    const { test, wallet } = chainClients(anvil.url);
    await test.mine({ blocks: 20 });
    const head = Number(await wallet.getBlockNumber({ cacheTime: 0 }));
    const reports: IndexReport[][] = [];
    // A budget of 0: one batch of 2 blocks per contract and pass.
    const follower = startSkynetFollower({ pollMs: 50, safetyMs: 600_000, pass: () => indexAllContracts({ budgetMs: 0, batchBlocks: 2 }), onPass: (pass) => reports.push(pass) });
    try {
      expect(await waitFor(() => reports.some((pass) => pass.every((report) => !report.behind)), 60_000)).toBe(true);
      const passes = reports.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(reports.length).toBe(passes);
    } finally {
      await follower.stop();
    }
    // Twenty new blocks two at a time: ten passes or more, with no new block to start them. Each pass re-reads the
    // last SKYNET_REORG_DEPTH (12) blocks first, and stops only past the cursor.
    expect(reports.length).toBeGreaterThanOrEqual(10);
    expect(reports[0].find((report) => report.contractId === contractOfHistory.id)).toMatchObject({ behind: true, blocks: 12 + 2 });
    expect((await contractOf(historyProject)).cursorBlock).toBe(head);
  }, 120_000);

  it('never overlaps passes while blocks keep coming, and passes at the safety interval without new blocks', async () => {
    const { test } = chainClients(anvil.url);
    let running = 0;
    let mostAtOnce = 0;
    let passes = 0;
    const slowPass = async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return await indexAllContracts();
      } finally {
        running--;
        passes++;
      }
    };
    const follower = startSkynetFollower({ pollMs: 50, safetyMs: 600_000, pass: slowPass });
    try {
      for (let block = 0; block < 6; block++) {
        await test.mine({ blocks: 1 });
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
      expect(await waitFor(() => passes >= 2 && running === 0, 30_000)).toBe(true);
    } finally {
      await follower.stop();
    }
    expect(mostAtOnce).toBe(1);

    let safetyPasses = 0;
    const idleFollower = startSkynetFollower({ pollMs: 50, safetyMs: 400, onPass: () => safetyPasses++ });
    try {
      expect(await waitFor(() => safetyPasses >= 3, 30_000)).toBe(true);
    } finally {
      await idleFollower.stop();
    }
  }, 90_000);
});

// Last: the command closes the database when it ends (the file's clean-up copes).
describe('npm run skynet -- index (without --once)', () => {
  it('watch says where the figures start: the creation block it found', async () => {
    const lines: string[] = [];
    expect(await runSkynetCli(['watch', cappedProject, scenario.roleToken, '--rpc', anvil.url, '--abi', ROLE_ABI], { log: (line) => lines.push(line) })).toBe(0);
    const watched = (await (await getDb()).select().from(skynetContracts).where(eq(skynetContracts.projectId, cappedProject))).find((contract) => contract.address === scenario.roleToken)!;
    expect(watched.creationBlock).toBeGreaterThan(Number(scenario.deployBlock));
    expect(lines).toEqual([`watching ${scenario.roleToken} on chain 31337 for ${cappedProject} from block ${watched.creationBlock} (created in block ${watched.creationBlock}), transactions from block ${watched.transactionsFromBlock}`]);
  });

  it('follows the head until stopped: a pass at the start and another when a block comes', async () => {
    const { test } = chainClients(anvil.url);
    const lines: string[] = [];
    const controller = new AbortController();
    const running = runSkynetCli(['index'], { log: (line) => lines.push(line) }, controller.signal);
    const passes = () => lines.filter((line) => line.startsWith('pass done in')).length;
    try {
      expect(await waitFor(() => passes() === 1, 30_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(passes()).toBe(1);
      await test.mine({ blocks: 1 });
      expect(await waitFor(() => passes() === 2, 30_000)).toBe(true);
    } finally {
      controller.abort();
    }
    expect(await running).toBe(0);
  }, 90_000);
});
