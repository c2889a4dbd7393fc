import { createPublicClient, decodeEventLog, encodeFunctionData, http, parseAbi, toEventSelector, type Abi, type Address, type Hex, type PublicClient } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminPowersSummary, adminRiskLevel } from '@/lib/skynet/admin-powers';
import { classifyHolder, followHolder } from '@/server/skynet/holders';
import { proxyUpgradeHistory, readProxy } from '@/server/skynet/proxy';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES } from '@/tests/support/chain-scenario';
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';
import timelockArtifact from '@/tests/fixtures/contracts/ShieldTimelock.json';
import transparentArtifact from '@/tests/fixtures/contracts/ShieldTransparentProxy.json';
import { deployDetectorContracts, vaultAbi } from '@/tests/support/detector-scenario';

/*
 * Real chain (anvil), OpenZeppelin 5.7.0 proxies compiled with solc: a TransparentUpgradeableProxy (with the
 * ProxyAdmin it deploys) and an ERC1967Proxy in front of a UUPS token, each upgraded once.
 */
const PROXY_ADMIN_ABI = parseAbi(['function upgradeAndCall(address proxy, address implementation, bytes data) payable', 'function owner() view returns (address)']);
const ADMIN_CHANGED = parseAbi(['event AdminChanged(address previousAdmin, address newAdmin)']);

/** OpenZeppelin 5.7's proxies refuse empty init data; a harmless view call through the proxy serves. */
const INIT_CALL = encodeFunctionData({ abi: parseAbi(['function name() view returns (string)']), functionName: 'name' });

let anvil: Anvil;
let client: PublicClient;
let chain: Awaited<ReturnType<typeof deployDetectorContracts>>;
let transparent: { proxy: Address; admin: Address; first: Address; second: Address; deployBlock: number; upgradeBlock: number; upgradeTx: Hex };
let uups: { upgradeBlock: number; upgradeTx: Hex };
let governed: { timelock: Address; token: Address };
const TWO_DAYS = 172_800;

beforeAll(async () => {
  anvil = await startAnvil();
  client = createPublicClient({ chain: foundry, transport: http(anvil.url) }) as PublicClient;
  chain = await deployDetectorContracts(anvil.url);
  const { wallet } = chainClients(anvil.url);
  const deploy = async (abi: Abi, bytecode: Hex, args: unknown[]) => {
    const hash = await wallet.deployContract({ account: ROLES.owner, abi, bytecode, args, chain: foundry } as never);
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    return { address: receipt.contractAddress!.toLowerCase() as Address, block: Number(receipt.blockNumber), receipt };
  };
  // Any contract serves as the transparent proxy's logic: the ShieldToken code, twice.
  const first = await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [ROLES.owner]);
  const second = await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [ROLES.owner]);
  const proxy = await deploy(transparentArtifact.abi as Abi, transparentArtifact.bytecode as Hex, [first.address, ROLES.owner, INIT_CALL]);
  const [adminLog] = proxy.receipt.logs.filter((log) => log.topics[0] === toEventSelector(ADMIN_CHANGED[0]));
  const { args } = decodeEventLog({ abi: ADMIN_CHANGED, data: adminLog.data, topics: adminLog.topics });
  const admin = args.newAdmin.toLowerCase() as Address;
  const upgrade = await chain.send(ROLES.owner, admin, PROXY_ADMIN_ABI as Abi, 'upgradeAndCall', [proxy.address, second.address, '0x']);
  transparent = { proxy: proxy.address, admin, first: first.address, second: second.address, deployBlock: proxy.block, upgradeBlock: Number(upgrade.receipt.blockNumber), upgradeTx: upgrade.hash };

  const upgraded = await chain.send(ROLES.owner, chain.vault, vaultAbi, 'upgradeToAndCall', [chain.nextImplementation, '0x']);
  uups = { upgradeBlock: Number(upgraded.receipt.blockNumber), upgradeTx: upgraded.hash };

  // A token owned by a TimelockController (2 days) whose one proposer is an EOA; the zero admin leaves it self-governed.
  const timelock = await deploy(timelockArtifact.abi as Abi, timelockArtifact.bytecode as Hex, [BigInt(TWO_DAYS), [ROLES.alice], [ROLES.alice], '0x0000000000000000000000000000000000000000']);
  const token = await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [timelock.address]);
  governed = { timelock: timelock.address, token: token.address };
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('readProxy', () => {
  it('reads a transparent proxy: implementation and admin from the ERC-1967 slots, before and after its upgrade', async () => {
    const now = await readProxy(client, transparent.proxy);
    expect(now).toMatchObject({ pattern: 'transparent', implementation: transparent.second, admin: transparent.admin, beacon: null });
    expect(now.evidence.map((item) => item.detail).join('\n')).toMatch(/admin slot holds/);
    // The ProxyAdmin is a contract owned by the deployer.
    expect((await client.readContract({ address: transparent.admin, abi: PROXY_ADMIN_ABI, functionName: 'owner' })).toLowerCase()).toBe(ROLES.owner);
    const before = await readProxy(client, transparent.proxy, BigInt(transparent.upgradeBlock - 1));
    expect(before).toMatchObject({ pattern: 'transparent', implementation: transparent.first, admin: transparent.admin });
    expect(before.evidence[0].detail).toContain(`block ${transparent.upgradeBlock - 1}`);
  });

  it('reads a UUPS proxy: implementation slot, no admin, and proxiableUUID() on the implementation', async () => {
    const now = await readProxy(client, chain.vault, 'latest');
    expect(now).toMatchObject({ pattern: 'uups', implementation: chain.nextImplementation, admin: null, beacon: null });
    expect(now.evidence.some((item) => /proxiableUUID/.test(item.detail))).toBe(true);
    expect((await readProxy(client, chain.vault, BigInt(uups.upgradeBlock - 1))).implementation).toBe(chain.implementation);
  });

  it('reads a plain contract, an implementation itself and an address without code as no proxy', async () => {
    expect(await readProxy(client, chain.roleToken)).toMatchObject({ pattern: 'none', implementation: null, admin: null, beacon: null });
    expect(await readProxy(client, chain.implementation)).toMatchObject({ pattern: 'none', implementation: null });
    expect(await readProxy(client, ROLES.alice)).toMatchObject({ pattern: 'none', implementation: null, admin: null });
  });
});

describe('proxyUpgradeHistory', () => {
  it("lists a transparent proxy's first implementation, its admin and its one upgrade, in chain order", async () => {
    const history = await proxyUpgradeHistory(client, transparent.proxy);
    expect(history.map(({ kind, to, from, blockNumber }) => ({ kind, to, from, blockNumber }))).toEqual([
      { kind: 'upgraded', to: transparent.first, from: null, blockNumber: transparent.deployBlock },
      { kind: 'admin-changed', to: transparent.admin, from: '0x0000000000000000000000000000000000000000', blockNumber: transparent.deployBlock },
      { kind: 'upgraded', to: transparent.second, from: null, blockNumber: transparent.upgradeBlock },
    ]);
    expect(history[2].txHash).toBe(transparent.upgradeTx);
    // A window reads only its blocks.
    expect(await proxyUpgradeHistory(client, transparent.proxy, { fromBlock: BigInt(transparent.upgradeBlock) })).toHaveLength(1);
  });

  it("lists a UUPS proxy's deployment and its upgrade", async () => {
    const history = await proxyUpgradeHistory(client, chain.vault);
    expect(history.map(({ kind, to }) => ({ kind, to }))).toEqual([
      { kind: 'upgraded', to: chain.implementation },
      { kind: 'upgraded', to: chain.nextImplementation },
    ]);
    expect(history[1]).toMatchObject({ blockNumber: uups.upgradeBlock, txHash: uups.upgradeTx });
  });
});

describe('holders', () => {
  it('classifies an EOA, an owned contract (the ProxyAdmin), a timelock (its proposers, executors, cancellers and admins) and an unidentified contract', async () => {
    expect((await classifyHolder(client, ROLES.alice)).holder).toEqual({ kind: 'eoa' });
    expect((await classifyHolder(client, transparent.admin)).holder).toEqual({ kind: 'owned-contract', owner: ROLES.owner });
    expect((await classifyHolder(client, governed.timelock)).holder).toEqual({
      kind: 'timelock',
      minDelay: TWO_DAYS,
      proposers: [ROLES.alice],
      executors: [ROLES.alice],
      cancellers: [ROLES.alice],
      admins: [governed.timelock],
      selfAdministered: true,
    });
    expect((await classifyHolder(client, chain.roleToken)).holder).toEqual({ kind: 'unknown-contract' });
  });

  it('follows a ProxyAdmin to its owning key: upgradeable by a single key with no delay, high', async () => {
    const followed = await followHolder(client, transparent.admin);
    expect(followed).toMatchObject({ controller: { kind: 'eoa' }, delaySeconds: 0, truncated: false });
    expect(followed.links.map((link) => link.address)).toEqual([transparent.admin, ROLES.owner]);
    const input = { categories: ['upgrade'] as const, controller: followed.controller, delaySeconds: followed.delaySeconds };
    expect(adminPowersSummary(input)).toBe('Upgradeable by a single key (EOA) with no delay');
    expect(adminRiskLevel(input).level).toBe('high');
  });

  it("follows a timelock to its proposer, adding its delay: a single key behind 2 days, medium", async () => {
    const owner = (await client.readContract({ address: governed.token, abi: parseAbi(['function owner() view returns (address)']), functionName: 'owner' })).toLowerCase() as Address;
    const followed = await followHolder(client, owner);
    expect(followed).toMatchObject({ controller: { kind: 'eoa' }, delaySeconds: TWO_DAYS, truncated: false });
    expect(followed.links.map((link) => link.holder.kind)).toEqual(['timelock', 'eoa']);
    const input = { categories: ['pause', 'mint'] as const, controller: followed.controller, delaySeconds: followed.delaySeconds };
    expect(adminPowersSummary(input)).toBe('Pausable by a single key (EOA) behind a timelock of 2 days');
    expect(adminRiskLevel(input).level).toBe('medium');
  });
});
