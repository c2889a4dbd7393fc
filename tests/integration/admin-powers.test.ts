import { asc, eq, sql } from 'drizzle-orm';
import { concat, decodeEventLog, encodeFunctionData, pad, parseAbi, toEventSelector, type Abi, type Address, type Hex } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { renderToStaticMarkup } from 'react-dom/server';

import { AdminPowersPanel } from '@/components/skynet/admin-powers';
import { ADMIN_RISK_RULE } from '@/lib/skynet/admin-powers';
import { ADMIN_POWERS_TEXTS } from '@/lib/skynet/admin-powers-texts';
import { getDb } from '@/server/db/client';
import { adminPowers, projects, securityAlerts, skynetContracts, skynetPrivilegedAddresses, skynetPrivilegedFunctions } from '@/server/db/schema';
import { refreshAdminPowers } from '@/server/skynet/admin-powers';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { chainClients, ROLES } from '@/tests/support/chain-scenario';
import { deployDetectorContracts, vaultAbi } from '@/tests/support/detector-scenario';
import tokenArtifact from '@/tests/fixtures/contracts/ShieldToken.json';
import timelockArtifact from '@/tests/fixtures/contracts/ShieldTimelock.json';
import transparentArtifact from '@/tests/fixtures/contracts/ShieldTransparentProxy.json';
import safeArtifact from '@safe-global/safe-contracts/build/artifacts/contracts/Safe.sol/Safe.json';
import safeFactoryArtifact from '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json';
import guardArtifact from '@safe-global/safe-contracts/build/artifacts/contracts/examples/guards/DebugTransactionGuard.sol/DebugTransactionGuard.json';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/* The chain Skynet reads is RPC_URL, set to this file's anvil once it runs. */
const chainConfig = vi.hoisted(() => ({ rpcUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...chainConfig }) };
});

/*
 * Real anvil, OpenZeppelin 5.7 contracts: a transparent proxy whose ProxyAdmin a single key owns (high risk); a
 * token owned by a 2-day TimelockController whose one proposer is a key (medium); and a token owned by a 2-day
 * timelock whose proposer is a 2-of-3 Safe deployed from @safe-global/safe-contracts 1.4.1's artifacts (low, until
 * the Safe lowers its threshold: an alert). Two more tokens behind 2-day timelocks and 2-of-3 Safes: one whose Safe
 * gets a guard and then a module (low, then as weak as a single key), one whose timelock has a key as an extra admin
 * (medium: the key can make itself a proposer at once). Readings stored in admin_powers.
 */
const ADMIN_CHANGED = parseAbi(['event AdminChanged(address previousAdmin, address newAdmin)']);
const INIT_CALL = encodeFunctionData({ abi: parseAbi(['function name() view returns (string)']), functionName: 'name' });
const TWO_DAYS = 172_800;
const ZERO = '0x0000000000000000000000000000000000000000';
const PROXY_CREATION = parseAbi(['event ProxyCreation(address indexed proxy, address singleton)']);
const SAFE_ABI = safeArtifact.abi as Abi;

let anvil: Anvil;
let projectId = '';
const ids = { proxy: '', governed: '', multisig: '', uups: '', guarded: '', adminGoverned: '' };
let detector: Awaited<ReturnType<typeof deployDetectorContracts>>;
const at = { proxy: '' as Address, admin: '' as Address, implementation: '' as Address, timelock: '' as Address, token: '' as Address, safe: '' as Address, safeTimelock: '' as Address, safeToken: '' as Address };
/** The Safe that gets a guard and a module, and the timelock with an extra admin key, each with the token it owns. */
const more = { guardedSafe: '' as Address, guardedTimelock: '' as Address, guardedToken: '' as Address, adminSafe: '' as Address, adminTimelock: '' as Address, adminToken: '' as Address, guard: '' as Address };
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
const DEFAULT_ADMIN_ROLE = pad('0x0');
const TIMELOCK_ABI = timelockArtifact.abi as Abi;
let wallet: ReturnType<typeof chainClients>['wallet'];
const PROXY_ADMIN_ABI = parseAbi(['function upgradeAndCall(address proxy, address implementation, bytes data) payable']);

/** The Safe runs a call on itself with two owners' approval: alice approves the hash on-chain, bob executes. */
async function execBySafe(safe: Address, data: Hex) {
  const nonce = (await wallet.readContract({ address: safe, abi: SAFE_ABI, functionName: 'nonce' })) as bigint;
  const txArgs = [safe, 0n, data, 0, 0n, 0n, 0n, ZERO, ZERO] as const;
  const hash = (await wallet.readContract({ address: safe, abi: SAFE_ABI, functionName: 'getTransactionHash', args: [...txArgs, nonce] })) as Hex;
  await wallet.waitForTransactionReceipt({ hash: await wallet.writeContract({ account: ROLES.alice, chain: foundry, address: safe, abi: SAFE_ABI, functionName: 'approveHash', args: [hash] } as never) });
  // Pre-validated signatures (v = 1): r is the owner, sorted by address; the sender's own needs no approval.
  const signatures = concat([ROLES.alice, ROLES.bob].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).map((owner) => concat([pad(owner), pad('0x0'), '0x01'])));
  const receipt = await wallet.waitForTransactionReceipt({
    hash: await wallet.writeContract({ account: ROLES.bob, chain: foundry, address: safe, abi: SAFE_ABI, functionName: 'execTransaction', args: [...txArgs, signatures] } as never),
  });
  expect(receipt.status).toBe('success');
}

beforeAll(async () => {
  anvil = await startAnvil();
  chainConfig.rpcUrl = anvil.url;
  ({ wallet } = chainClients(anvil.url));
  detector = await deployDetectorContracts(anvil.url);
  const deploy = async (abi: Abi, bytecode: Hex, args: unknown[]) => {
    const hash = await wallet.deployContract({ account: ROLES.owner, abi, bytecode, args, chain: foundry } as never);
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    return { address: receipt.contractAddress!.toLowerCase() as Address, receipt };
  };
  const logic = await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [ROLES.owner]);
  const proxy = await deploy(transparentArtifact.abi as Abi, transparentArtifact.bytecode as Hex, [logic.address, ROLES.owner, INIT_CALL]);
  const [adminLog] = proxy.receipt.logs.filter((log) => log.topics[0] === toEventSelector(ADMIN_CHANGED[0]));
  const { args } = decodeEventLog({ abi: ADMIN_CHANGED, data: adminLog.data, topics: adminLog.topics });
  const timelock = await deploy(timelockArtifact.abi as Abi, timelockArtifact.bytecode as Hex, [BigInt(TWO_DAYS), [ROLES.alice], [ROLES.alice], '0x0000000000000000000000000000000000000000']);
  const token = await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [timelock.address]);
  Object.assign(at, { proxy: proxy.address, admin: args.newAdmin.toLowerCase(), implementation: logic.address, timelock: timelock.address, token: token.address });

  // 2-of-3 Safes (alice, bob, carol) through the Safe's own factory, each proposing to a 2-day timelock that owns a token.
  const singleton = await deploy(SAFE_ABI, safeArtifact.bytecode as Hex, []);
  const factory = await deploy(safeFactoryArtifact.abi as Abi, safeFactoryArtifact.bytecode as Hex, []);
  const setup = encodeFunctionData({ abi: SAFE_ABI, functionName: 'setup', args: [[ROLES.alice, ROLES.bob, ROLES.carol], 2n, ZERO, '0x', ZERO, ZERO, 0n, ZERO] });
  const createSafe = async (nonce: bigint) => {
    const created = await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({ account: ROLES.owner, chain: foundry, address: factory.address, abi: safeFactoryArtifact.abi as Abi, functionName: 'createProxyWithNonce', args: [singleton.address, setup, nonce] } as never),
    });
    const creation = created.logs.find((log) => log.topics[0] === toEventSelector(PROXY_CREATION[0]))!;
    return decodeEventLog({ abi: PROXY_CREATION, data: creation.data, topics: creation.topics }).args.proxy.toLowerCase() as Address;
  };
  const governedBy = async (safe: Address, admin: Address) => {
    const timelock = (await deploy(TIMELOCK_ABI, timelockArtifact.bytecode as Hex, [BigInt(TWO_DAYS), [safe], [safe], admin])).address;
    return { timelock, token: (await deploy(tokenArtifact.abi as Abi, tokenArtifact.bytecode as Hex, [timelock])).address };
  };
  at.safe = await createSafe(1n);
  ({ timelock: at.safeTimelock, token: at.safeToken } = await governedBy(at.safe, ZERO));
  more.guardedSafe = await createSafe(2n);
  ({ timelock: more.guardedTimelock, token: more.guardedToken } = await governedBy(more.guardedSafe, ZERO));
  more.adminSafe = await createSafe(3n);
  ({ timelock: more.adminTimelock, token: more.adminToken } = await governedBy(more.adminSafe, ROLES.carol));
  more.guard = (await deploy(guardArtifact.abi as Abi, guardArtifact.bytecode as Hex, [])).address;

  // What Skynet's privilege detection stores for these contracts (its own tests cover how it finds them).
  const db = await getDb();
  [{ id: projectId }] = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(1);
  const watch = async (address: Address) =>
    (await db.insert(skynetContracts).values({ projectId, chainId: 31337, address, abi: tokenArtifact.abi as unknown[], fromBlock: 0 }).returning({ id: skynetContracts.id }))[0].id;
  ids.proxy = await watch(at.proxy);
  ids.governed = await watch(at.token);
  ids.multisig = await watch(at.safeToken);
  ids.uups = await watch(detector.vault);
  ids.guarded = await watch(more.guardedToken);
  ids.adminGoverned = await watch(more.adminToken);
  for (const contractId of [ids.proxy, ids.governed, ids.multisig, ids.uups, ids.guarded, ids.adminGoverned]) {
    await db.insert(skynetPrivilegedFunctions).values(
      ['mint(address,uint256)', 'pause()', 'transferOwnership(address)'].map((signature) => ({ contractId, selector: signature, signature, evidence: [{ method: 'owner' as const, detail: `${signature} reverts for non-owners` }] })),
    );
  }
  await db.insert(skynetPrivilegedAddresses).values([
    { contractId: ids.proxy, holder: ROLES.owner.toLowerCase(), privilege: 'owner', label: 'Owner', active: true, evidence: [{ method: 'owner', detail: 'owner()' }] },
    { contractId: ids.governed, holder: at.timelock, privilege: 'owner', label: 'Owner', active: true, evidence: [{ method: 'owner', detail: 'owner()' }] },
    { contractId: ids.multisig, holder: at.safeTimelock, privilege: 'owner', label: 'Owner', active: true, evidence: [{ method: 'owner', detail: 'owner()' }] },
    { contractId: ids.uups, holder: ROLES.owner.toLowerCase(), privilege: 'owner', label: 'Owner', active: true, evidence: [{ method: 'owner', detail: 'owner()' }] },
    { contractId: ids.guarded, holder: more.guardedTimelock, privilege: 'owner', label: 'Owner', active: true, evidence: [{ method: 'owner', detail: 'owner()' }] },
    { contractId: ids.adminGoverned, holder: more.adminTimelock, privilege: 'owner', label: 'Owner', active: true, evidence: [{ method: 'owner', detail: 'owner()' }] },
  ]);
}, 120_000);

afterAll(async () => {
  const db = await getDb();
  for (const contractId of Object.values(ids)) await db.delete(skynetContracts).where(eq(skynetContracts.id, contractId));
  await anvil?.stop();
});

describe('refreshAdminPowers', () => {
  it('stores a transparent proxy upgradeable by a single key through its ProxyAdmin (high), and after one upgrade lists it without a second-hand alert', async () => {
    const db = await getDb();
    const { previous, current } = await refreshAdminPowers(db, ids.proxy);
    expect(previous).toBeNull();
    expect(current).toMatchObject({ pattern: 'transparent', implementation: at.implementation, proxyAdmin: at.admin, riskLevel: 'high', riskRule: ADMIN_RISK_RULE[2] });
    expect(current.summary).toBe('Upgradeable by a single key (EOA) with no delay');
    const upgrade = current.powers.find((power) => power.category === 'upgrade')!;
    expect(upgrade).toMatchObject({ holder: at.admin, delaySeconds: 0 });
    expect(current.powers.map((power) => power.category)).toEqual(['upgrade', 'pause', 'mint']);
    const adminChain = current.holders.find((chain) => chain.holder === at.admin)!;
    expect(adminChain.links.map((link) => link.kind)).toEqual(['owned-contract', 'eoa']);
    expect(current.evidence.some((entry) => entry.detail.includes('ERC-1967 admin slot'))).toBe(true);
    expect(current.upgrades.map((entry) => [entry.kind, entry.to])).toEqual([['upgraded', at.implementation], ['admin-changed', at.admin]]);
    // A second reading adds only what happened since: nothing here.
    expect((await refreshAdminPowers(db, ids.proxy)).current.upgrades).toEqual(current.upgrades);
    const [stored] = await db.select().from(adminPowers).where(eq(adminPowers.contractId, ids.proxy));
    expect(stored.blockNumber).toBe(current.blockNumber);

    // Upgraded once through its ProxyAdmin: the new implementation, the history grown by one, no second-hand alert.
    const nextLogic = await wallet.waitForTransactionReceipt({
      hash: await wallet.deployContract({ account: ROLES.owner, abi: tokenArtifact.abi as Abi, bytecode: tokenArtifact.bytecode as Hex, args: [ROLES.owner], chain: foundry } as never),
    });
    const nextImplementation = nextLogic.contractAddress!.toLowerCase() as Address;
    const upgradeReceipt = await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({ account: ROLES.owner, chain: foundry, address: at.admin, abi: PROXY_ADMIN_ABI, functionName: 'upgradeAndCall', args: [at.proxy, nextImplementation, '0x'] } as never),
    });
    expect(upgradeReceipt.status).toBe('success');
    const upgraded = await refreshAdminPowers(db, ids.proxy);
    expect(upgraded.current).toMatchObject({ pattern: 'transparent', implementation: nextImplementation, proxyAdmin: at.admin, riskLevel: 'high' });
    expect(upgraded.current.upgrades.map((entry) => [entry.kind, entry.to])).toEqual([['upgraded', at.implementation], ['admin-changed', at.admin], ['upgraded', nextImplementation]]);
    expect(upgraded.alertId).toBeNull();
  });

  it('stores a token owned by a 2-day timelock with a key as proposer: medium, and a second read replaces the first', async () => {
    const db = await getDb();
    const first = await refreshAdminPowers(db, ids.governed);
    expect(first.current).toMatchObject({ pattern: 'none', implementation: null, proxyAdmin: null, riskLevel: 'medium', riskRule: ADMIN_RISK_RULE[1], summary: 'Pausable by a single key (EOA) behind a timelock of 2 days' });
    expect(first.current.powers).toEqual([
      { category: 'pause', functions: ['pause()'], holder: at.timelock, delaySeconds: TWO_DAYS },
      { category: 'mint', functions: ['mint(address,uint256)'], holder: at.timelock, delaySeconds: TWO_DAYS },
    ]);
    expect(first.current.holders[0].links.map((link) => [link.kind, link.minDelay])).toEqual([['timelock', TWO_DAYS], ['eoa', undefined]]);
    // OpenZeppelin 5 makes each proposer a canceller and the timelock its own admin (no admin passed at deployment).
    expect(first.current.holders[0].links[0]).toMatchObject({ proposers: [ROLES.alice], executors: [ROLES.alice], cancellers: [ROLES.alice], admins: [at.timelock], selfAdministered: true });
    expect(first.current.holders[0].links[0].evidence).toContain('it administers itself');
    const second = await refreshAdminPowers(db, ids.governed);
    expect(second.previous?.summary).toBe(first.current.summary);
    expect(await db.select().from(adminPowers).where(eq(adminPowers.contractId, ids.governed))).toHaveLength(1);
  });

  it('follows a token to its timelock and the 2-of-3 Safe behind it (low), and alerts once when the Safe lowers its threshold', async () => {
    const db = await getDb();
    const first = await refreshAdminPowers(db, ids.multisig);
    expect(first.current).toMatchObject({ pattern: 'none', riskLevel: 'low', riskRule: ADMIN_RISK_RULE[0], summary: 'Pausable by a 2-of-3 multisig behind a timelock of 2 days' });
    expect(first.alertId).toBeNull();
    const [timelockLink, safeLink] = first.current.holders[0].links;
    expect(timelockLink).toMatchObject({ address: at.safeTimelock, kind: 'timelock', minDelay: TWO_DAYS, proposers: [at.safe], executors: [at.safe] });
    expect(safeLink).toMatchObject({ address: at.safe, kind: 'safe', threshold: 2 });
    expect([...safeLink.owners!].sort()).toEqual([ROLES.alice, ROLES.bob, ROLES.carol].map((owner) => owner.toLowerCase()).sort());
    expect(first.current.holders[0].controller).toEqual({ kind: 'safe', threshold: 2, owners: 3, modules: 0 });

    await execBySafe(at.safe, encodeFunctionData({ abi: SAFE_ABI, functionName: 'changeThreshold', args: [1n] }));
    const lowered = await refreshAdminPowers(db, ids.multisig);
    expect(lowered.current).toMatchObject({ riskLevel: 'medium', summary: 'Pausable by a 1-of-3 multisig behind a timelock of 2 days' });
    expect(lowered.alertId).not.toBeNull();
    const [alert] = await db.select().from(securityAlerts).where(eq(securityAlerts.id, lowered.alertId!));
    expect(alert).toMatchObject({ status: 'published', origin: 'automatic', type: 'contract-change', title: `Admin powers of ${at.safeToken.slice(0, 6)}…${at.safeToken.slice(-4)} changed: Pausable by a 1-of-3 multisig behind a timelock of 2 days` });
    expect(alert.evidence).toMatchObject({ rule: 'admin-powers-changed', chainId: 31337, contract: at.safeToken, blockNumber: lowered.current.blockNumber });
    expect(alert.evidence!.values!.changes.split('\n')).toContain(`Safe ${at.safe.slice(0, 6)}…${at.safe.slice(-4)}: threshold lowered from 2 of 3 to 1 of 3`);

    // Read again with nothing changed: no second alert.
    const again = await refreshAdminPowers(db, ids.multisig);
    expect(again.alertId).toBeNull();
    const raised = await db.select({ id: securityAlerts.id }).from(securityAlerts).where(sql`${securityAlerts.evidence}->>'rule' = 'admin-powers-changed' and ${securityAlerts.evidence}->>'contract' = ${at.safeToken}`);
    expect(raised).toEqual([{ id: alert.id }]);
  });

  it("reads a Safe's guard and module: a guard is shown and alerted on without changing the risk; a module makes the Safe as weak as a single key", async () => {
    const db = await getDb();
    const first = await refreshAdminPowers(db, ids.guarded);
    expect(first.current).toMatchObject({ riskLevel: 'low', summary: 'Pausable by a 2-of-3 multisig behind a timelock of 2 days' });
    expect(first.current.holders[0].links[1]).toMatchObject({ address: more.guardedSafe, kind: 'safe', modules: [], guard: null });
    expect(first.current.holders[0].links[0]).toMatchObject({ cancellers: [more.guardedSafe], admins: [more.guardedTimelock], selfAdministered: true });
    const alertLines = async (alertId: string) => {
      const [alert] = await db.select().from(securityAlerts).where(eq(securityAlerts.id, alertId));
      return { alert, lines: alert.evidence!.values!.changes.split('\n') };
    };

    // A guard checks the Safe's transactions; it cannot make one: shown and alerted on, the risk unchanged.
    await execBySafe(more.guardedSafe, encodeFunctionData({ abi: SAFE_ABI, functionName: 'setGuard', args: [more.guard] }));
    const guarded = await refreshAdminPowers(db, ids.guarded);
    expect(guarded.current).toMatchObject({ riskLevel: 'low', summary: first.current.summary });
    expect(guarded.current.holders[0].links[1]).toMatchObject({ modules: [], guard: more.guard });
    expect(guarded.current.holders[0].links[1].evidence).toContain(`guard slot = ${more.guard}`);
    expect(guarded.alertId).not.toBeNull();
    expect((await alertLines(guarded.alertId!)).lines).toEqual([`Safe ${short(more.guardedSafe)}: guard set to ${short(more.guard)}`]);

    // A module executes without any signature: the Safe now counts as a single key, as the timelock with a key proposer does.
    await execBySafe(more.guardedSafe, encodeFunctionData({ abi: SAFE_ABI, functionName: 'enableModule', args: [ROLES.dave] }));
    const withModule = await refreshAdminPowers(db, ids.guarded);
    const [keyProposer] = await db.select().from(adminPowers).where(eq(adminPowers.contractId, ids.governed));
    expect(withModule.current).toMatchObject({
      riskLevel: keyProposer.riskLevel,
      riskRule: ADMIN_RISK_RULE[1],
      summary: 'Pausable by a 2-of-3 Safe with 1 module (a module acts without signatures) behind a timelock of 2 days',
    });
    expect(withModule.current.holders[0].links[1]).toMatchObject({ modules: [ROLES.dave], guard: more.guard });
    expect(withModule.current.holders[0].controller).toEqual({ kind: 'safe', threshold: 2, owners: 3, modules: 1 });
    const { alert, lines } = await alertLines(withModule.alertId!);
    expect(alert.title).toBe(`Admin powers of ${short(more.guardedToken)} changed: ${withModule.current.summary}`);
    expect(lines).toContain('Risk level raised from low to medium');
    expect(lines).toContain(`Safe ${short(more.guardedSafe)}: module enabled ${short(ROLES.dave)}`);
  });

  it('counts an admin key of a timelock as a proposer behind its delay (medium), and alerts when the admins change', async () => {
    const db = await getDb();
    const first = await refreshAdminPowers(db, ids.adminGoverned);
    // The Safe proposes (2-of-3), but carol, an extra admin, can make herself a proposer at once: she decides.
    expect(first.current).toMatchObject({ riskLevel: 'medium', summary: 'Pausable by a single key (EOA) behind a timelock of 2 days' });
    const [timelockLink, carolLink] = first.current.holders[0].links;
    expect(timelockLink).toMatchObject({ address: more.adminTimelock, proposers: [more.adminSafe], cancellers: [more.adminSafe], admins: [more.adminTimelock, ROLES.carol], selfAdministered: false });
    expect(timelockLink.evidence).toContain(`administered by ${ROLES.carol} besides itself: roles can be changed at once, without the delay`);
    expect(carolLink).toMatchObject({ address: ROLES.carol, kind: 'eoa' });
    expect(first.current.holders[0]).toMatchObject({ controller: { kind: 'eoa' }, delaySeconds: TWO_DAYS });

    // Carol hands the admin role to dave at once, without the delay: the admins changed, an alert.
    const send = async (account: Address, functionName: string, args: unknown[]) =>
      expect((await wallet.waitForTransactionReceipt({ hash: await wallet.writeContract({ account, chain: foundry, address: more.adminTimelock, abi: TIMELOCK_ABI, functionName, args } as never) })).status).toBe('success');
    await send(ROLES.carol, 'grantRole', [DEFAULT_ADMIN_ROLE, ROLES.dave]);
    await send(ROLES.carol, 'renounceRole', [DEFAULT_ADMIN_ROLE, ROLES.carol]);
    const swapped = await refreshAdminPowers(db, ids.adminGoverned);
    expect(swapped.current.holders[0].links[0]).toMatchObject({ admins: [more.adminTimelock, ROLES.dave], selfAdministered: false });
    expect(swapped.alertId).not.toBeNull();
    const [alert] = await db.select().from(securityAlerts).where(eq(securityAlerts.id, swapped.alertId!));
    expect(alert.evidence!.values!.changes.split('\n')).toEqual([`Timelock ${short(more.adminTimelock)}: admin added ${short(ROLES.dave)}`, `Timelock ${short(more.adminTimelock)}: admin removed ${short(ROLES.carol)}`]);
  });

  it('reads a UUPS proxy upgradeable by its owner key (high), and after one more upgrade lists it without a second-hand alert', async () => {
    const db = await getDb();
    const first = await refreshAdminPowers(db, ids.uups);
    expect(first.current).toMatchObject({ pattern: 'uups', implementation: detector.implementation, proxyAdmin: null, riskLevel: 'high', summary: 'Upgradeable by a single key (EOA) with no delay' });
    expect(first.current.powers[0]).toMatchObject({ category: 'upgrade', functions: ['upgradeToAndCall(address,bytes)'], holder: ROLES.owner.toLowerCase(), delaySeconds: 0 });
    expect(first.current.upgrades.map((entry) => entry.to)).toEqual([detector.implementation]);

    await detector.send(ROLES.owner, detector.vault, vaultAbi, 'upgradeToAndCall', [detector.nextImplementation, '0x']);
    const upgraded = await refreshAdminPowers(db, ids.uups);
    expect(upgraded.current.implementation).toBe(detector.nextImplementation);
    expect(upgraded.current.upgrades.map((entry) => entry.to)).toEqual([detector.implementation, detector.nextImplementation]);
    // The upgrade's own event raises the monitoring alert; the reading adds none for the same change.
    expect(upgraded.alertId).toBeNull();
  });

  it('the project page shows each reading: summary, risk, proxy, the chain of holders with the Safe and the timelock, powers, rule and upgrades', async () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
    const html = renderToStaticMarkup(await AdminPowersPanel({ projectId }));
    const page = text(html);
    expect(page).toContain(ADMIN_POWERS_TEXTS.title);
    // The transparent proxy: its admin contract, the upgrade by a single key, high.
    expect(page).toContain(ADMIN_POWERS_TEXTS.pattern.transparent);
    expect(page).toContain(`${ADMIN_POWERS_TEXTS.proxyAdmin}${at.admin.slice(0, 6)}…${at.admin.slice(-4)}`);
    // The Safe behind the timelock (lowered to 1 of 3 above): both links, the Safe's signers, the delay on each power.
    expect(page).toContain('Pausable by a 1-of-3 multisig behind a timelock of 2 days');
    expect(page).toContain(ADMIN_POWERS_TEXTS.link.timelock('2 days'));
    expect(page).toContain(ADMIN_POWERS_TEXTS.link.safe(1, 3));
    const safeShort = `${at.safe.slice(0, 6)}…${at.safe.slice(-4)}`;
    expect(page).toContain(`${ADMIN_POWERS_TEXTS.proposers}: ${safeShort}`);
    expect(page).toContain(`${ADMIN_POWERS_TEXTS.executors}: ${safeShort}`);
    for (const signer of [ROLES.alice, ROLES.bob, ROLES.carol]) expect(html).toContain(`title="${signer.toLowerCase()}"`);
    expect(page).toContain(`${ADMIN_POWERS_TEXTS.power.pause}`);
    expect(page).toContain(ADMIN_POWERS_TEXTS.delay('2 days'));
    // The UUPS proxy upgraded once more: both implementations in its history, and the rule that makes it high.
    expect(page).toContain(ADMIN_POWERS_TEXTS.pattern.uups);
    expect(html).toContain(`title="${detector.nextImplementation}"`);
    expect((page.match(new RegExp(ADMIN_POWERS_TEXTS.upgrade.upgraded, 'g')) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(page).toContain(ADMIN_RISK_RULE[2]);
    expect(page).toContain(ADMIN_POWERS_TEXTS.risk.high);
    // The guarded Safe's module and guard, the timelocks' cancellers and who administers them (an address reads short, then whole for screen readers).
    const T = ADMIN_POWERS_TEXTS;
    const shown = (address: string) => `${short(address)}${address}`;
    expect(page).toContain(`${T.modules}: ${shown(ROLES.dave)} (${T.modulesActAlone})`);
    expect(page).toContain(`${T.guard}: ${shown(more.guard)}`);
    expect(page).toContain(`${T.modules}: ${T.none}${T.guard}: ${T.none}`);
    expect(page).toContain(`${T.cancellers}: ${safeShort}`);
    expect(page).toContain(T.administersItself);
    expect(page).toContain(`${T.administeredBy}: ${T.itself}, ${shown(ROLES.dave)} (${T.adminsAtOnce})`);
    expect(page).toContain(ADMIN_POWERS_TEXTS.risk.medium);
  });

  it('the project page shows nothing for a project Skynet has not read', async () => {
    expect(await AdminPowersPanel({ projectId: 'no-such-project' })).toBeNull();
  });
});
