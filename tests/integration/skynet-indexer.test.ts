import { asc, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { parseMetricName } from '@/lib/skynet/metric-name';
import { getDb } from '@/server/db/client';
import { projects, skynetChains, skynetContracts, skynetKnownContracts, skynetTransactions } from '@/server/db/schema';
import { indexAllContracts } from '@/server/skynet/scheduler';
import { PROBE_ADDRESS } from '@/server/skynet/privileges';
import { getPrivilegedAddresses, getPrivilegedFunctions, getPrivilegedTransactions } from '@/server/skynet/privileged-queries';
import { getMetricByTimestamps, getMetricLatest, getTopCallers, getTopEvents, getTopFunctionCalls } from '@/server/skynet/queries';
import { watchContracts } from '@/server/skynet/watch';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { MINTER_ROLE, PAUSER_ROLE, ROLES, runMoreActivity, runScenario, type ScenarioResult } from '@/tests/support/chain-scenario';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/* Skynet's chain registry: anvil as chain 31337, set once it runs (the rest of the configuration as it is). */
const chainConfig = vi.hoisted(() => ({ endpoints: [] as string[], batchBlocks: 7, extraChains: [] as { id: number; name: string; rpc: string[]; blockTimeSeconds: number; confirmations: number }[] }));
vi.mock('@/server/config', async (importOriginal) => {
  const { configWith, skynetWith } = await import('../support/config-stand-in');
  return configWith(await importOriginal(), (config) => {
    const chains = [{ id: 31337, name: 'anvil', rpc: chainConfig.endpoints, blockTimeSeconds: 1, confirmations: 64 }, ...chainConfig.extraChains];
    return skynetWith(config, { batchBlocks: chainConfig.batchBlocks, chains });
  });
});

/*
 * A real chain (anvil), real contracts (OpenZeppelin, compiled with solc), the real indexer: the figures below are
 * exactly what the scenario in tests/support/chain-scenario.ts did.
 */
let anvil: Anvil;
let scenario: ScenarioResult;
let tokenProject: string;
let roleProject: string;
const { owner, alice, bob, carol, dave, newOwner, minter, pauser } = ROLES;

const EXPECTED_CALLERS = [
  { address: alice, calls: 11 },
  { address: bob, calls: 8 },
  { address: owner, calls: 7 },
  { address: carol, calls: 6 },
  { address: dave, calls: 4 },
  { address: newOwner, calls: 1 },
];
const EXPECTED_FUNCTIONS = [
  { name: 'transfer', calls: 28, reverted: 0 },
  { name: 'mint', calls: 6, reverted: 1 },
  { name: 'pause', calls: 1, reverted: 0 },
  { name: 'transferOwnership', calls: 1, reverted: 0 },
  { name: 'unpause', calls: 1, reverted: 0 },
];
const EXPECTED_EVENTS = [
  { name: 'Transfer', count: 34 },
  { name: 'OwnershipTransferred', count: 2 },
  { name: 'Paused', count: 1 },
  { name: 'Unpaused', count: 1 },
];

beforeAll(async () => {
  anvil = await startAnvil();
  chainConfig.endpoints = [anvil.url];
  scenario = await runScenario(anvil.url);
  const db = await getDb();
  const leading = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(2);
  [tokenProject, roleProject] = leading.map((row) => row.id);
  await watchContracts(db, {
    projectId: tokenProject,
    address: scenario.token,
    abiFile: 'tests/fixtures/contracts/ShieldToken.json',
    sourceFile: 'tests/fixtures/contracts/ShieldToken.sol',
    fromBlock: Number(scenario.deployBlock),
  });
  await watchContracts(db, {
    projectId: roleProject,
    address: scenario.roleToken,
    abiFile: 'tests/fixtures/contracts/ShieldRoleToken.json',
    fromBlock: Number(scenario.deployBlock),
  });
  const report = await indexAllContracts();
  expect(report.history.every((entry) => !entry.skipped)).toBe(true);
  expect(report.chains.every((step) => !('skipped' in step))).toBe(true);
}, 180_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('the Skynet indexer on a local chain', () => {
  it('counts the exact top callers, events and function calls', async () => {
    expect(await getTopCallers(tokenProject, 10)).toEqual(EXPECTED_CALLERS);
    expect(await getTopFunctionCalls(tokenProject, 10)).toEqual(EXPECTED_FUNCTIONS);
    expect(await getTopEvents(tokenProject, 10)).toEqual(EXPECTED_EVENTS);
    expect(await getTopCallers(tokenProject, 2)).toEqual(EXPECTED_CALLERS.slice(0, 2));
  });

  it('finds the privileged functions, with source and probe evidence', async () => {
    const functions = await getPrivilegedFunctions(scenario.token);
    expect(functions.map((fn) => fn.signature)).toEqual(['mint(address,uint256)', 'pause()', 'renounceOwnership()', 'transferOwnership(address)', 'unpause()']);
    for (const fn of functions) {
      expect(fn.evidence.some((evidence) => evidence.method === 'probe' && evidence.detail.includes('OwnableUnauthorizedAccount'))).toBe(true);
      expect(fn.evidence.some((evidence) => evidence.method === 'source' && evidence.detail.includes('onlyOwner'))).toBe(true);
    }
    const mint = functions.find((fn) => fn.signature.startsWith('mint'))!;
    expect(mint.evidence.find((evidence) => evidence.method === 'source')!.detail).toContain('_checkOwner');
    expect(mint.evidence.find((evidence) => evidence.method === 'probe')!.detail).toContain(PROBE_ADDRESS);

    const roleFunctions = await getPrivilegedFunctions(scenario.roleToken);
    expect(roleFunctions.map((fn) => fn.signature)).toEqual(['grantRole(bytes32,address)', 'mint(address,uint256)', 'pause()', 'revokeRole(bytes32,address)', 'unpause()']);
    expect(roleFunctions.find((fn) => fn.signature === 'mint(address,uint256)')!.evidence[0].detail).toContain('AccessControlUnauthorizedAccount (needs role MINTER_ROLE)');
  });

  it('finds the old and new owner, and the role holders replayed from their events', async () => {
    const owners = await getPrivilegedAddresses(scenario.token);
    expect(owners.map(({ holder, label, active }) => ({ holder, label, active }))).toEqual([
      { holder: newOwner, label: 'Owner', active: true },
      { holder: owner, label: 'Owner', active: false },
    ]);
    expect(owners[0].evidence.map((evidence) => evidence.method)).toEqual(['event', 'owner']);

    const holders = await getPrivilegedAddresses(scenario.roleToken);
    const summary = holders.map(({ holder, label, active }) => `${label} ${holder} ${active ? 'active' : 'revoked'}`);
    expect(summary.sort()).toEqual(
      [`DEFAULT_ADMIN_ROLE ${owner} active`, `MINTER_ROLE ${owner} active`, `PAUSER_ROLE ${owner} active`, `PAUSER_ROLE ${pauser} active`, `MINTER_ROLE ${minter} revoked`].sort(),
    );
    expect(holders.every((row) => row.privilege === `role:${row.privilege.slice(5)}` && row.evidence.some((evidence) => evidence.method === 'erc165'))).toBe(true);
    expect(holders.find((row) => row.holder === pauser)!.privilege).toBe(`role:${PAUSER_ROLE}`);
    expect(holders.find((row) => row.holder === minter)!.privilege).toBe(`role:${MINTER_ROLE}`);
  });

  it('lists the privileged transactions, newest first, the reverted one included', async () => {
    const transactions = await getPrivilegedTransactions(scenario.token, 20);
    expect(transactions.map(({ functionName, from, succeeded }) => ({ functionName, from, succeeded }))).toEqual([
      { functionName: 'mint', from: newOwner, succeeded: true },
      { functionName: 'transferOwnership', from: owner, succeeded: true },
      { functionName: 'mint', from: alice, succeeded: false },
      { functionName: 'unpause', from: owner, succeeded: true },
      { functionName: 'pause', from: owner, succeeded: true },
      ...Array.from({ length: 4 }, () => ({ functionName: 'mint', from: owner, succeeded: true })),
    ]);
    expect(transactions.find((tx) => !tx.succeeded)!.txHash).toBe(scenario.revertedMint);
    expect(await getPrivilegedTransactions(scenario.token, 2)).toHaveLength(2);
  });

  it('keeps daily series of transactions and unique callers', async () => {
    const transactions = await getMetricLatest(parseMetricName(`transactions(projectId=${tokenProject})`));
    expect(transactions.latest).toMatchObject({ value: 37, isDemo: false });
    const callers = await getMetricLatest(parseMetricName(`unique-callers(projectId=${tokenProject})`));
    expect(callers.latest?.value).toBe(6);
    // The seed's demo series of this project gave way to the measured one.
    const demoDay = Date.UTC(2026, 9, 20) / 1000;
    const before = await getMetricByTimestamps(parseMetricName(`transactions(projectId=${tokenProject})`), [demoDay]);
    expect(before.points[0].point).toBeNull();
  });

  it('counts nothing twice when the head follower reads the new blocks after the history', async () => {
    const db = await getDb();
    const [before] = await db.select().from(skynetChains).where(eq(skynetChains.chainId, 31337));
    await runMoreActivity(anvil.url, scenario.token);
    await indexAllContracts();
    await indexAllContracts();

    const [after] = await db.select().from(skynetChains).where(eq(skynetChains.chainId, 31337));
    expect(after.indexedBlock).toBeGreaterThan(before.indexedBlock! + 15);
    expect(after.lastError).toBeNull();
    const [contract] = await db.select().from(skynetContracts).where(eq(skynetContracts.address, scenario.token));
    expect(await getTopCallers(tokenProject, 10)).toEqual(
      EXPECTED_CALLERS.map((row) => (row.address === alice || row.address === bob ? { ...row, calls: row.calls + 1 } : row)),
    );
    expect(await getTopFunctionCalls(tokenProject, 10)).toEqual(EXPECTED_FUNCTIONS.map((row) => (row.name === 'transfer' ? { ...row, calls: 30 } : row)));
    expect(await getTopEvents(tokenProject, 10)).toEqual(EXPECTED_EVENTS.map((row) => (row.name === 'Transfer' ? { ...row, count: 36 } : row)));
    expect(await getPrivilegedTransactions(scenario.token, 100)).toHaveLength(9);
    const rows = await db.select({ hash: skynetTransactions.txHash }).from(skynetTransactions).where(eq(skynetTransactions.contractId, contract.id));
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
  });

  it('keeps the chain cursor and records the error when every endpoint fails, then resumes', async () => {
    const db = await getDb();
    const [before] = await db.select().from(skynetChains).where(eq(skynetChains.chainId, 31337));
    chainConfig.endpoints = ['http://127.0.0.1:9'];
    await runMoreActivity(anvil.url, scenario.token);
    const failed = await indexAllContracts();
    expect(failed.chains).toEqual([{ chainId: 31337, skipped: expect.any(String) }]);
    const [kept] = await db.select().from(skynetChains).where(eq(skynetChains.chainId, 31337));
    expect(kept.indexedBlock).toBe(before.indexedBlock);
    expect(kept.lastError).toBeTruthy();

    // A dead endpoint first in the list: the next one answers (failover), and the chain goes on where it stopped.
    chainConfig.endpoints = ['http://127.0.0.1:9', anvil.url];
    await indexAllContracts();
    const [resumed] = await db.select().from(skynetChains).where(eq(skynetChains.chainId, 31337));
    expect(resumed.lastError).toBeNull();
    expect(resumed.indexedBlock).toBeGreaterThan(before.indexedBlock!);
    expect((await getTopFunctionCalls(tokenProject, 1))[0]).toEqual({ name: 'transfer', calls: 32, reverted: 0 });
    chainConfig.endpoints = [anvil.url];
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)('on PostgreSQL, leaves a chain alone while another worker leads it', async () => {
    const otherWorker = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await otherWorker`select pg_advisory_lock(hashtext(${'skynet-chain:31337'}))`;
      const report = await indexAllContracts();
      expect(report.chains).toEqual([{ chainId: 31337, skipped: 'another worker leads this chain' }]);
    } finally {
      await otherWorker.end();
    }
    const report = await indexAllContracts();
    expect(report.chains.every((step) => !('skipped' in step))).toBe(true);
  });

  it("watches a project's known token contracts from the token list when no address is given", async () => {
    const db = await getDb();
    const known = await db.select().from(skynetKnownContracts).where(eq(skynetKnownContracts.projectId, 'chainlink'));
    expect(known).toContainEqual({ projectId: 'chainlink', chainId: 1, address: '0x514910771af9ca656af840dff83e8264ecf986ca', symbol: 'LINK', source: '@uniswap/default-token-list' });
    // anvil is chain 31337, where the token list knows no LINK contract.
    await expect(watchContracts(db, { projectId: 'chainlink' })).rejects.toThrow('has no known contract on chain 31337');
    await expect(watchContracts(db, { projectId: 'chainlink', chainId: 1 })).rejects.toThrow("Chain 1 is not in Skynet's chain registry");
    // Chain 1 in the registry (anvil standing in for it): the token list's LINK contract is watched there.
    chainConfig.extraChains = [{ id: 1, name: 'mainnet stand-in', rpc: [anvil.url], blockTimeSeconds: 1, confirmations: 64 }];
    const watched = await watchContracts(db, { projectId: 'chainlink', chainId: 1 });
    chainConfig.extraChains = [];
    expect(watched.map((row) => row.address)).toContain('0x514910771af9ca656af840dff83e8264ecf986ca');
    await db.delete(skynetContracts).where(eq(skynetContracts.projectId, 'chainlink'));
  });
});
