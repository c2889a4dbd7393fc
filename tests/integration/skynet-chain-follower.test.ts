import { and, eq } from 'drizzle-orm';
import { encodeFunctionData, parseAbi, type Abi, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { getDb } from '@/server/db/client';
import { projects, securityAlerts } from '@/server/db/schema';
import { skynetMetricsText } from '@/server/skynet/metrics';
import { indexAllContracts } from '@/server/skynet/scheduler';
import { watchContracts } from '@/server/skynet/watch';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES } from '@/tests/support/chain-scenario';
import { chainTimePast } from '@/tests/support/detector-scenario';
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';
import timelockArtifact from '@/tests/fixtures/contracts/ShieldTimelock.json';
import transparentArtifact from '@/tests/fixtures/contracts/ShieldTransparentProxy.json';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/* The chain is RPC_URL (anvil, once it runs) with an explorer, so alerts link their transactions. */
const chainConfig = vi.hoisted(() => ({ rpcUrl: null as string | null, explorerUrl: 'https://explorer.example' }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...chainConfig }) };
});

/*
 * What users found with real, unmodified OpenZeppelin 5 contracts: a TransparentUpgradeableProxy watched with its
 * implementation's ABI (the token's, which has no Upgraded event), and a TimelockController owning a token.
 */
const TOKEN_ABI = tokenArtifact.abi as Abi;
const TIMELOCK_ABI = timelockArtifact.abi as Abi;
const PROXY_ADMIN_ABI = parseAbi(['function upgradeAndCall(address proxy, address implementation, bytes data) payable']);
const ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const DELAY = 3_600;
const ZERO_WORD = `0x${'00'.repeat(32)}` as Hex;

let anvil: Anvil;
let wallet: ReturnType<typeof chainClients>['wallet'];
let test: ReturnType<typeof chainClients>['test'];
let projectId = '';
const at = { proxy: '' as Address, proxyAdmin: '' as Address, nextLogic: '' as Address, timelock: '' as Address, token: '' as Address };

const send = async (from: Address, address: Address, abi: Abi, functionName: string, args: unknown[]) => {
  const hash = await wallet.writeContract({ account: from, address, abi, functionName, args, chain: foundry } as never);
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
};

const alertsOf = async (rule: string) => {
  const db = await getDb();
  const rows = await db.select().from(securityAlerts).where(and(eq(securityAlerts.projectId, projectId), eq(securityAlerts.origin, 'automatic')));
  return rows.filter((row) => row.evidence?.rule === rule);
};

beforeAll(async () => {
  anvil = await startAnvil();
  chainConfig.rpcUrl = anvil.url;
  ({ wallet, test } = chainClients(anvil.url));
  const deploy = async (abi: Abi, bytecode: Hex, args: unknown[]) => {
    const hash = await wallet.deployContract({ account: ROLES.owner, abi, bytecode, args, chain: foundry } as never);
    return (await wallet.waitForTransactionReceipt({ hash })).contractAddress!.toLowerCase() as Address;
  };
  const logic = await deploy(TOKEN_ABI, tokenArtifact.bytecode as Hex, [ROLES.owner]);
  at.nextLogic = await deploy(TOKEN_ABI, tokenArtifact.bytecode as Hex, [ROLES.owner]);
  const init = encodeFunctionData({ abi: parseAbi(['function name() view returns (string)']), functionName: 'name' });
  at.proxy = await deploy(transparentArtifact.abi as Abi, transparentArtifact.bytecode as Hex, [logic, ROLES.owner, init]);
  at.proxyAdmin = `0x${(await wallet.getStorageAt({ address: at.proxy, slot: ADMIN_SLOT }))!.slice(-40)}` as Address;
  at.timelock = await deploy(TIMELOCK_ABI, timelockArtifact.bytecode as Hex, [BigInt(DELAY), [ROLES.alice], [ROLES.alice], '0x0000000000000000000000000000000000000000']);
  at.token = await deploy(TOKEN_ABI, tokenArtifact.bytecode as Hex, [at.timelock]);

  const db = await getDb();
  [{ id: projectId }] = await db.select({ id: projects.id }).from(projects).limit(1);
  const [proxyRow] = await watchContracts(db, { projectId, address: at.proxy, abiFile: 'tests/fixtures/contracts/ShieldToken.json' });
  await watchContracts(db, { projectId, address: at.token, abiFile: 'tests/fixtures/contracts/ShieldToken.json' });
  // The first pass reads history (no alerts) and the first admin-powers readings.
  await indexAllContracts();
  await chainTimePast(anvil.url, proxyRow.createdAt);
}, 180_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('the chain follower, with what users watch', () => {
  it("raises the upgrade alert of a proxy watched with its implementation's ABI: ERC-1967 events are always decoded", async () => {
    const receipt = await send(ROLES.owner, at.proxyAdmin, PROXY_ADMIN_ABI as Abi, 'upgradeAndCall', [at.proxy, at.nextLogic, '0x']);
    await indexAllContracts();
    const [upgrade] = await alertsOf('proxy-upgraded');
    expect(upgrade).toMatchObject({ type: 'contract-change', sourceUrls: [`https://explorer.example/tx/${receipt.transactionHash}`] });
    expect(upgrade.evidence).toMatchObject({ txHash: receipt.transactionHash, event: 'Upgraded', values: { implementation: at.nextLogic } });
  });

  it("reads admin powers again when a holder's own event changes them (the timelock's delay), naming that transaction", async () => {
    const call = encodeFunctionData({ abi: TIMELOCK_ABI, functionName: 'updateDelay', args: [BigInt(DELAY * 2)] });
    const salt = `0x${'02'.padStart(64, '0')}` as Hex;
    await send(ROLES.alice, at.timelock, TIMELOCK_ABI, 'schedule', [at.timelock, 0n, call, ZERO_WORD, salt, BigInt(DELAY)]);
    await indexAllContracts();
    // Scheduled against the timelock that owns the token: the token's watchers hear of it as it is scheduled.
    const scheduled = (await alertsOf('timelock-scheduled')).filter((alert) => alert.evidence?.values?.call === `updateDelay(${DELAY * 2})`);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].evidence).toMatchObject({ contract: at.token, values: { target: at.timelock, status: 'scheduled' } });

    await test.increaseTime({ seconds: DELAY + 1 });
    const executed = await send(ROLES.alice, at.timelock, TIMELOCK_ABI, 'execute', [at.timelock, 0n, call, ZERO_WORD, salt]);
    await indexAllContracts();
    const changes = (await alertsOf('admin-powers-changed')).filter((alert) => alert.evidence?.txHash === executed.transactionHash);
    expect(changes).toHaveLength(1);
    expect(changes[0].evidence?.values?.changes).toMatch(/delay/i);
    expect(changes[0].sourceUrls).toEqual([`https://explorer.example/tx/${executed.transactionHash}`]);
  });

  it('alerts on a timelock operation the block it is scheduled, with its ETA and decoded call, and updates it when it executes', async () => {
    const call = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transferOwnership', args: [ROLES.bob] });
    const salt = `0x${'01'.padStart(64, '0')}` as Hex;
    // The timelock's delay is now twice DELAY (the test before).
    const scheduled = await send(ROLES.alice, at.timelock, TIMELOCK_ABI, 'schedule', [at.token, 0n, call, ZERO_WORD, salt, BigInt(2 * DELAY)]);
    await indexAllContracts();
    const ofTransfer = async () => (await alertsOf('timelock-scheduled')).filter((alert) => alert.evidence?.values?.call === `transferOwnership(${ROLES.bob})`);
    const [early] = await ofTransfer();
    const block = await wallet.getBlock({ blockNumber: scheduled.blockNumber });
    const eta = new Date((Number(block.timestamp) + 2 * DELAY) * 1000).toISOString();
    expect(early.evidence).toMatchObject({
      txHash: scheduled.transactionHash,
      contract: at.token,
      event: 'CallScheduled',
      values: { timelock: at.timelock, target: at.token, call: `transferOwnership(${ROLES.bob})`, eta, status: 'scheduled', delaySeconds: String(2 * DELAY) },
    });
    expect(early.title).toContain('scheduled for');
    expect(early.sourceUrls).toEqual([`https://explorer.example/tx/${scheduled.transactionHash}`]);

    await test.increaseTime({ seconds: 2 * DELAY + 1 });
    const executed = await send(ROLES.alice, at.timelock, TIMELOCK_ABI, 'execute', [at.token, 0n, call, ZERO_WORD, salt]);
    await indexAllContracts();
    const [settled] = await ofTransfer();
    expect(settled.id).toBe(early.id);
    expect(settled.evidence?.values).toMatchObject({ status: 'executed', executedTx: executed.transactionHash });
    expect(settled.title).toContain('executed');
    expect(settled.sourceUrls).toContain(`https://explorer.example/tx/${executed.transactionHash}`);
  });

  it('marks a scheduled operation cancelled when the timelock cancels it', async () => {
    const call = encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transferOwnership', args: [ROLES.carol] });
    const salt = `0x${'03'.padStart(64, '0')}` as Hex;
    const args = [at.token, 0n, call, ZERO_WORD, salt] as const;
    await send(ROLES.alice, at.timelock, TIMELOCK_ABI, 'schedule', [...args, BigInt(2 * DELAY)]);
    const id = (await wallet.readContract({ address: at.timelock, abi: TIMELOCK_ABI, functionName: 'hashOperation', args: [...args] })) as Hex;
    await indexAllContracts();
    const cancelled = await send(ROLES.alice, at.timelock, TIMELOCK_ABI, 'cancel', [id]);
    await indexAllContracts();
    const [alert] = (await alertsOf('timelock-scheduled')).filter((entry) => entry.evidence?.values?.call === `transferOwnership(${ROLES.carol})`);
    expect(alert.evidence?.values).toMatchObject({ operation: id, status: 'cancelled', cancelledTx: cancelled.transactionHash });
    expect(alert.title).toContain('cancelled');
  });

  it('names the transaction that changed the admin powers, with its explorer link', async () => {
    // The execute above moved the token from the timelock to a single key: the follower read its powers again.
    const transfer = (await alertsOf('timelock-scheduled')).find((alert) => alert.evidence?.values?.call === `transferOwnership(${ROLES.bob})`)!;
    const executedTx = transfer.evidence!.values!.executedTx;
    const [changed] = (await alertsOf('admin-powers-changed')).filter((alert) => alert.evidence?.txHash === executedTx);
    expect(changed).toBeDefined();
    expect(changed.evidence).toMatchObject({ txHash: executedTx, values: { transactions: executedTx } });
    expect(changed.sourceUrls).toEqual([`https://explorer.example/tx/${executedTx}`]);
  });

  it('counts its JSON-RPC calls by method and times block to alert, for Prometheus', async () => {
    const { body } = await skynetMetricsText();
    const figure = (pattern: RegExp) => Number(pattern.exec(body)?.[1] ?? NaN);
    expect(figure(/skynet_rpc_calls_total\{chain="31337",method="eth_getBlockReceipts"\} (\d+)/)).toBeGreaterThan(0);
    expect(figure(/skynet_rpc_calls_total\{chain="31337",method="eth_getBlockByNumber"\} (\d+)/)).toBeGreaterThan(0);
    // The upgrade, the scheduled call, the ownership change: each timed from its block.
    expect(figure(/skynet_block_to_alert_seconds_count\{chain="31337"\} (\d+)/)).toBeGreaterThanOrEqual(4);
    expect(figure(/skynet_chain_indexed_block\{chain="31337"\} (\d+)/)).toBe(Number(await wallet.getBlockNumber({ cacheTime: 0 })));
  });
});
