import { and, asc, eq, inArray } from 'drizzle-orm';
import { parseEther, type Hex } from 'viem';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import AlertPage from '@/app/(site)/alerts/[id]/page';
import NotificationsPage from '@/app/(site)/my/notifications/page';

import { AUTOMATIC_ALERT_TEXTS } from '@/lib/alerts';
import { getPublishedAlert } from '@/server/alerts';
import { getDb } from '@/server/db/client';
import { notifications, projects, securityAlerts } from '@/server/db/schema';
import { alertsAtomFeed } from '@/server/feeds';
import { listProjectAlerts, listRecentAlerts } from '@/server/projects';
import { indexAllContracts } from '@/server/skynet/scheduler';
import { watchContracts } from '@/server/skynet/watch';
import { createWatchlist } from '@/server/watchlists';
import { startAnvil, type Anvil } from '@/tests/support/anvil';
import { MINTER_ROLE, ROLES } from '@/tests/support/chain-scenario';
import { chainTimePast, deployDetectorContracts, roleTokenAbi, vaultAbi } from '@/tests/support/detector-scenario';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { signInAs } from '../support/session-stand-ins';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());
/* The chain is RPC_URL (anvil's, once it runs); the explorer base is configuration the tests switch on for one part. */
const explorer = vi.hoisted(() => ({ explorerUrl: null as string | null, rpcUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), ...explorer }) };
});

/*
 * A real chain (anvil), OpenZeppelin 5.7.0 contracts (a UUPS token behind an ERC-1967 proxy, an AccessControl
 * token), the real indexer calling the real detectors in its batch transactions, with the default thresholds (1%).
 */
const testRun = createTestRun();
let anvil: Anvil;
let chain: Awaited<ReturnType<typeof deployDetectorContracts>>;
let vaultProject: string;
let roleProject: string;
let watcher: TestUser;
let bystander: TestUser;
const { owner, alice, bob, newOwner, minter } = ROLES;

/** Follows the chain to its head (reorgs found by parent hash, 12 hashes kept) and reads all history. */
const indexOnce = async () => {
  const report = await indexAllContracts();
  expect(report.history.filter((entry) => entry.skipped)).toEqual([]);
  expect(report.chains.filter((step) => 'skipped' in step)).toEqual([]);
};

/** A project's automatic alerts in chain order (block, then log; several blocks share a second on anvil). */
async function automaticAlerts(projectId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(securityAlerts)
    .where(and(eq(securityAlerts.projectId, projectId), eq(securityAlerts.origin, 'automatic')));
  return rows.sort((a, b) => a.evidence!.blockNumber! - b.evidence!.blockNumber! || (a.evidence!.logIndex ?? -1) - (b.evidence!.logIndex ?? -1));
}

const ofTx = async (projectId: string, hash: Hex) => (await automaticAlerts(projectId)).filter((alert) => alert.evidence?.txHash === hash);

beforeAll(async () => {
  anvil = await startAnvil();
  explorer.rpcUrl = anvil.url;
  chain = await deployDetectorContracts(anvil.url);
  const db = await getDb();
  const listed = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(3);
  [vaultProject, roleProject] = listed.map((row) => row.id);
  const head = Number(await chain.wallet.getBlockNumber());
  const [vaultRow] = await watchContracts(db, { projectId: vaultProject, address: chain.vault, abiFile: 'tests/fixtures/contracts/ShieldVaultToken.json', fromBlock: head });
  const [roleRow] = await watchContracts(db, { projectId: roleProject, address: chain.roleToken, abiFile: 'tests/fixtures/contracts/ShieldRoleToken.json', fromBlock: head });
  watcher = await testRun.makeUser('watcher');
  bystander = await testRun.makeUser('bystander');
  await createWatchlist(watcher.id, { name: 'Watched', projects: [vaultProject, roleProject] });
  await createWatchlist(bystander.id, { name: 'Other', projects: [listed[2].id] });
  // What happened before the watch is history: the scenario's blocks are dated after both rows.
  await chainTimePast(anvil.url, vaultRow.createdAt > roleRow.createdAt ? vaultRow.createdAt : roleRow.createdAt);
}, 180_000);

afterAll(async () => {
  await testRun.cleanUp();
  await anvil?.stop();
});

describe('Skynet detectors on a local chain', () => {
  const sent: Record<string, Hex> = {};

  it('raise one alert per event, each once however often its block is re-read, and none for harmless calls', async () => {
    const { send, vault, roleToken, nextImplementation } = chain;
    // Harmless: a plain transfer, a view call, a stranger's privileged call that reverts.
    sent.transfer = (await send(owner, vault, vaultAbi, 'transfer', [alice, parseEther('10')])).hash;
    await chain.wallet.readContract({ address: vault, abi: vaultAbi, functionName: 'owner' });
    const failed = await send(alice, vault, vaultAbi, 'pause', [], 200_000n);
    expect(failed.receipt.status).toBe('reverted');
    sent.failedPause = failed.hash;
    // Supply 1.1M: a mint of 11,000 is 0.99% of the supply after it (no mint alert), 11,300 is 1.007% (one).
    sent.smallMint = (await send(owner, vault, vaultAbi, 'mint', [bob, parseEther('11000')])).hash;
    sent.largeMint = (await send(owner, vault, vaultAbi, 'mint', [bob, parseEther('11300')])).hash;
    // Supply now 1,122,300: out of the treasury, 11,000 is 0.98% (no outflow alert), 11,300 is 1.007% (one).
    sent.smallOutflow = (await send(owner, vault, vaultAbi, 'release', [alice, parseEther('11000')])).hash;
    sent.largeOutflow = (await send(owner, vault, vaultAbi, 'release', [alice, parseEther('11300')])).hash;
    sent.pause = (await send(owner, vault, vaultAbi, 'pause')).hash;
    sent.unpause = (await send(owner, vault, vaultAbi, 'unpause')).hash;
    sent.adminChanged = (await send(owner, vault, vaultAbi, 'changeProxyAdmin', [bob])).hash;
    sent.upgraded = (await send(owner, vault, vaultAbi, 'upgradeToAndCall', [nextImplementation, '0x'])).hash;
    sent.ownership = (await send(owner, vault, vaultAbi, 'transferOwnership', [newOwner])).hash;
    sent.roleGranted = (await send(owner, roleToken, roleTokenAbi, 'grantRole', [MINTER_ROLE, minter])).hash;
    sent.roleRevoked = (await send(owner, roleToken, roleTokenAbi, 'revokeRole', [MINTER_ROLE, minter])).hash;

    await indexOnce();
    await indexOnce();

    const vaultAlerts = await automaticAlerts(vaultProject);
    const byRule = (rule: string) => vaultAlerts.filter((alert) => alert.evidence?.rule === rule);
    expect(vaultAlerts.map((alert) => alert.evidence?.rule)).toEqual([
      'privileged-call',
      'large-mint',
      'privileged-call',
      'large-outflow',
      'paused',
      'unpaused',
      'proxy-admin-changed',
      'proxy-upgraded',
      'ownership-transferred',
    ]);
    expect(new Set(vaultAlerts.map((alert) => alert.dedupeKey)).size).toBe(vaultAlerts.length);
    for (const harmless of [sent.transfer, sent.failedPause]) expect(await ofTx(vaultProject, harmless)).toEqual([]);

    expect(byRule('privileged-call').map((alert) => [alert.evidence?.txHash, alert.evidence?.functionName])).toEqual([
      [sent.smallMint, 'mint'],
      [sent.smallOutflow, 'release'],
    ]);
    expect(byRule('privileged-call')[0].evidence?.values).toMatchObject({ caller: owner, function: 'mint(address,uint256)', to: bob, amount: parseEther('11000').toString() });
    const [mint] = byRule('large-mint');
    expect(mint).toMatchObject({ type: 'large-mint', status: 'published', confidence: 'confirmed', sourceUrls: [], retractedAt: null });
    expect(mint.evidence).toMatchObject({
      rule: 'large-mint',
      chainId: 31337,
      contract: chain.vault,
      txHash: sent.largeMint,
      event: 'Transfer',
      values: { from: '0x0000000000000000000000000000000000000000', to: bob, value: parseEther('11300').toString(), totalSupply: parseEther('1122300').toString() },
    });
    const receipt = await chain.wallet.getTransactionReceipt({ hash: sent.largeMint });
    expect(mint.evidence).toMatchObject({ blockNumber: Number(receipt.blockNumber), blockHash: receipt.blockHash, logIndex: receipt.logs[0].logIndex });
    expect(mint.title).toContain('1.01% of the supply');
    const block = await chain.wallet.getBlock({ blockNumber: receipt.blockNumber });
    expect(mint.occurredAt.getTime()).toBe(Number(block.timestamp) * 1000);
    expect(byRule('large-outflow')[0].evidence).toMatchObject({ txHash: sent.largeOutflow, values: { from: chain.vault, to: alice } });
    expect(byRule('proxy-upgraded')[0].evidence?.values).toEqual({ implementation: chain.nextImplementation });
    expect(byRule('proxy-admin-changed')[0].evidence?.values).toMatchObject({ newAdmin: bob });
    expect(byRule('ownership-transferred')[0]).toMatchObject({ type: 'contract-change', evidence: { values: { previousOwner: owner, newOwner } } });
    expect(byRule('ownership-transferred')[0].title).toBe(`Ownership of ${chain.vault.slice(0, 6)}…${chain.vault.slice(-4)} transferred to ${newOwner.slice(0, 6)}…${newOwner.slice(-4)}`);

    const roleAlerts = await automaticAlerts(roleProject);
    expect(roleAlerts.map((alert) => [alert.evidence?.rule, alert.evidence?.txHash])).toEqual([
      ['role-granted', sent.roleGranted],
      ['role-revoked', sent.roleRevoked],
    ]);
    expect(roleAlerts[0].title).toContain('Role MINTER_ROLE granted to');
    expect(roleAlerts[0].evidence?.values).toMatchObject({ role: MINTER_ROLE, account: minter, roleName: 'MINTER_ROLE' });
  });

  it('tell every watcher of the project once, and nobody who does not watch it', async () => {
    const db = await getDb();
    const alertIds = [...(await automaticAlerts(vaultProject)), ...(await automaticAlerts(roleProject))].map((alert) => alert.id);
    const notified = await db.select({ userId: notifications.userId, alertId: notifications.alertId }).from(notifications).where(inArray(notifications.alertId, alertIds));
    expect(notified.filter((row) => row.userId === watcher.id).map((row) => row.alertId).sort()).toEqual([...alertIds].sort());
    expect(notified.filter((row) => row.userId !== watcher.id)).toEqual([]);
    expect(notified.some((row) => row.userId === bystander.id)).toBe(false);
  });

  it('history read at watch time raises nothing: the proxy set-up before the watch has no alert', async () => {
    const alerts = await automaticAlerts(vaultProject);
    // The deployment's Upgraded, OwnershipTransferred and mints happened before the watch.
    expect(alerts.filter((alert) => alert.evidence?.rule === 'proxy-upgraded')).toHaveLength(1);
    expect(alerts.every((alert) => alert.evidence?.values?.implementation !== chain.implementation)).toBe(true);
  });

  it('link the transaction on the explorer only when EXPLORER_URL is set', async () => {
    explorer.explorerUrl = 'https://explorer.example';
    try {
      const hash = (await chain.send(newOwner, chain.vault, vaultAbi, 'pause')).hash;
      await indexOnce();
      const [alert] = await ofTx(vaultProject, hash);
      expect(alert.sourceUrls).toEqual([`https://explorer.example/tx/${hash}`]);
      // Those raised before keep what they were raised with.
      expect((await ofTx(vaultProject, sent.pause))[0].sourceUrls).toEqual([]);
      // The alert's page links the evidence to the explorer: the transaction, its block and the contract.
      const html = renderToString(await AlertPage({ params: Promise.resolve({ id: alert.id }) }));
      expect(html).toContain(`href="https://explorer.example/tx/${hash}"`);
      expect(html).toContain(`href="https://explorer.example/address/${chain.vault}"`);
      expect(html).toContain(AUTOMATIC_ALERT_TEXTS.evidenceTitle);
      explorer.explorerUrl = null;
      expect(renderToString(await AlertPage({ params: Promise.resolve({ id: alert.id }) }))).not.toContain(`explorer.example/address/`);
      sent.secondPause = hash;
    } finally {
      explorer.explorerUrl = null;
    }
  });

  it('retract an alert whose block left the chain (a reorg), and show it so; never delete it', async () => {
    const snapshot = await chain.test.snapshot();
    const hash = (await chain.send(newOwner, chain.vault, vaultAbi, 'unpause')).hash;
    await indexOnce();
    const [raised] = await ofTx(vaultProject, hash);
    expect(raised).toMatchObject({ retractedAt: null, evidence: { rule: 'unpaused' } });

    await chain.test.revert({ id: snapshot });
    await chain.test.mine({ blocks: 3 });
    await indexOnce();

    const [retracted] = await ofTx(vaultProject, hash);
    expect(retracted.id).toBe(raised.id);
    expect(retracted.retractedAt).toBeInstanceOf(Date);
    expect(retracted.retractionReason).toBe(AUTOMATIC_ALERT_TEXTS.reorgRetraction);
    // The others in the re-read range stand.
    expect((await ofTx(vaultProject, sent.secondPause))[0].retractedAt).toBeNull();

    const page = await getPublishedAlert(raised.id);
    expect(page).toMatchObject({ origin: 'automatic', retractionReason: AUTOMATIC_ALERT_TEXTS.reorgRetraction, evidence: { txHash: hash } });
    expect((await listProjectAlerts(vaultProject)).find((alert) => alert.id === raised.id)).toMatchObject({ origin: 'automatic', retractedAt: expect.any(Date) });
    expect((await listRecentAlerts(100)).some((alert) => alert.id === raised.id)).toBe(false);
    const html = renderToString(await AlertPage({ params: Promise.resolve({ id: raised.id }) }));
    expect(html).toContain(AUTOMATIC_ALERT_TEXTS.badge);
    expect(html).toContain(AUTOMATIC_ALERT_TEXTS.retractedBadge);
    expect(html).toContain(AUTOMATIC_ALERT_TEXTS.retractedNotice(AUTOMATIC_ALERT_TEXTS.reorgRetraction).replace(/'/g, '&#x27;'));
    signInAs(watcher);
    const notificationsHtml = renderToString(await NotificationsPage({ searchParams: Promise.resolve({}) }));
    const rowOf = (html: string, alertId: string) => html.slice(html.lastIndexOf('<li', html.indexOf(`/alerts/${alertId}`)), html.indexOf('</li>', html.indexOf(`/alerts/${alertId}`)));
    expect(rowOf(notificationsHtml, raised.id)).toContain(AUTOMATIC_ALERT_TEXTS.retractedBadge);
    expect(rowOf(notificationsHtml, raised.id)).toContain(AUTOMATIC_ALERT_TEXTS.badge);
    const standing = (await ofTx(vaultProject, sent.secondPause))[0];
    expect(rowOf(notificationsHtml, standing.id)).toContain(AUTOMATIC_ALERT_TEXTS.badge);
    expect(rowOf(notificationsHtml, standing.id)).not.toContain(AUTOMATIC_ALERT_TEXTS.retractedBadge);
    const feed = (await alertsAtomFeed(vaultProject))!;
    expect(feed).toContain(`[Retracted] ${raised.title}`);

    // Indexing again changes nothing: still one alert, still retracted.
    await indexOnce();
    expect(await ofTx(vaultProject, hash)).toEqual([expect.objectContaining({ id: raised.id, retractedAt: retracted.retractedAt })]);
  });

  it('keep the alert of a transaction the reorg re-mined in another block: the same fact, moved', async () => {
    const snapshot = await chain.test.snapshot();
    const hash = (await chain.send(newOwner, chain.vault, vaultAbi, 'unpause')).hash;
    const raw = await chain.rpc<Hex>('eth_getRawTransactionByHash', [hash]);
    const first = await chain.wallet.getTransactionReceipt({ hash });
    await indexOnce();
    const [raised] = await ofTx(vaultProject, hash);
    expect(raised.evidence?.blockNumber).toBe(Number(first.blockNumber));

    await chain.test.revert({ id: snapshot });
    await chain.test.mine({ blocks: 2 });
    expect(await chain.rpc<Hex>('eth_sendRawTransaction', [raw])).toBe(hash);
    const again = await chain.wallet.waitForTransactionReceipt({ hash });
    expect(again.blockNumber).not.toBe(first.blockNumber);
    await indexOnce();

    const alerts = await ofTx(vaultProject, hash);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ id: raised.id, retractedAt: null, evidence: { blockNumber: Number(again.blockNumber), blockHash: again.blockHash } });
    const db = await getDb();
    expect(await db.select().from(notifications).where(and(eq(notifications.alertId, raised.id), eq(notifications.userId, watcher.id)))).toHaveLength(1);
  });

  it('alert on ownership renounced', async () => {
    const hash = (await chain.send(newOwner, chain.vault, vaultAbi, 'renounceOwnership')).hash;
    await indexOnce();
    const alerts = await ofTx(vaultProject, hash);
    expect(alerts.map((alert) => [alert.evidence?.rule, alert.title])).toEqual([['ownership-renounced', `Ownership of ${chain.vault.slice(0, 6)}…${chain.vault.slice(-4)} renounced`]]);
  });
});
