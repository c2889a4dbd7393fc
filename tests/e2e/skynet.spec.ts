import { expect, test, type Locator, type Page } from '@playwright/test';

import { ADMIN_POWERS_TEXTS } from '../../lib/skynet/admin-powers-texts';
import { acceptCookiesUpFront } from './support/auth';
import { sidewaysOverflow } from './support/layout';

/*
 * The e2e server opens a data folder into which tests/e2e/support/skynet-chain.ts indexed a real local chain:
 * the Ownable token belongs to Chainlink's page, the AccessControl token to Aave's. Figures are the scenario's
 * (tests/support/chain-scenario.ts).
 */
const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OWNER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const NEW_OWNER = '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc';
const MINTER = '0x976ea74026e726554db657fa54763abd0c3a0aa9';

test.beforeEach(async ({ page }) => {
  test.slow();
  await acceptCookiesUpFront(page);
});

/** The table row whose first cell is exactly `label`. */
const rowOf = (scope: Locator, label: string) => scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: label, exact: true }) });

/** The privileged-address entry of a holder (matched on its address element, not on evidence that names it). */
const holderOf = (list: Locator, address: string) => list.locator(':scope > li').filter({ has: list.page().locator(`code[title="${address}"]`) });

async function openSkynet(page: Page, projectId: string) {
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Skynet monitoring' })).toBeVisible();
}

test('a monitored project shows its top callers, function calls and events, as charts and as tables', async ({ page }) => {
  await openSkynet(page, 'chainlink');
  const callers = page.getByRole('region', { name: 'Top callers' });
  await expect(callers.getByRole('row').nth(1)).toContainText(ALICE);
  await expect(callers.getByRole('row').nth(1)).toContainText('11');
  await expect(callers.getByRole('row')).toHaveCount(7);
  // The chart library loads after the page (lazily): wait for it longer than for server-rendered text.
  await callers.scrollIntoViewIfNeeded();
  await expect(callers.locator('.recharts-surface')).toBeVisible({ timeout: 30_000 });

  const functions = page.getByRole('region', { name: 'Top function calls' });
  await expect(rowOf(functions, 'transfer')).toContainText('28');
  await expect(rowOf(functions, 'mint')).toContainText('6(1 reverted)');
  await expect(rowOf(functions, 'transferOwnership')).toContainText('1');

  const events = page.getByRole('region', { name: 'Top events' });
  await expect(rowOf(events, 'Transfer')).toContainText('34');
  await expect(rowOf(events, 'OwnershipTransferred')).toContainText('2');
});

test('a monitored project shows its privileged functions and addresses with evidence, and privileged transactions', async ({ page }) => {
  await openSkynet(page, 'chainlink');
  const privileges = page.getByRole('region', { name: 'Privileged functions and addresses' });
  const functions = privileges.getByRole('list', { name: 'Privileged functions' });
  await expect(functions.getByRole('listitem').filter({ hasText: 'mint(address,uint256)' })).toContainText('has modifier onlyOwner');
  await expect(functions.getByRole('listitem').filter({ hasText: 'mint(address,uint256)' })).toContainText('OwnableUnauthorizedAccount');
  await expect(functions.locator(':scope > li')).toHaveCount(5);

  const holders = privileges.getByRole('list', { name: 'Privileged addresses' });
  await expect(holders.locator(':scope > li')).toHaveCount(2);
  await expect(holderOf(holders, NEW_OWNER)).toContainText('Current');
  await expect(holderOf(holders, OWNER)).toContainText('Former');

  const transactions = page.getByRole('region', { name: 'Privileged transactions' });
  await expect(transactions.getByRole('row')).toHaveCount(10);
  const reverted = transactions.getByRole('row').filter({ hasText: 'Reverted' });
  await expect(reverted).toHaveCount(1);
  await expect(reverted).toContainText(ALICE);
  await expect(reverted.locator('a[href*="/tx/"]')).toHaveAttribute('href', /^https:\/\/explorer\.example\/tx\/0x[0-9a-f]{64}$/);
});

test('a monitored project shows who holds its admin powers: the token owner key, with no delay, is high risk', async ({ page }) => {
  await openSkynet(page, 'chainlink');
  const panel = page.getByRole('region', { name: ADMIN_POWERS_TEXTS.title });
  await expect(panel).toContainText(/ by a single key \(EOA\) with no delay/);
  await expect(panel).toContainText(ADMIN_POWERS_TEXTS.risk.high);
  await expect(panel).toContainText(ADMIN_POWERS_TEXTS.pattern.none);
  const holders = panel.getByRole('listitem').filter({ hasText: ADMIN_POWERS_TEXTS.privilege('owner') }).first();
  await expect(holders).toContainText(ADMIN_POWERS_TEXTS.link.eoa);
  await expect(holders.locator(`[title="${NEW_OWNER}"]`).first()).toBeVisible();
  await expect(panel.getByRole('link', { name: ADMIN_POWERS_TEXTS.methodologyLink })).toHaveAttribute('href', '/resources/methodology#admin-powers');
});

test('an AccessControl contract lists its role holders, a revoked one marked', async ({ page }) => {
  await openSkynet(page, 'aave');
  const holders = page.getByRole('list', { name: 'Privileged addresses' });
  const minter = holderOf(holders, MINTER);
  await expect(minter).toContainText('MINTER_ROLE');
  await expect(minter).toContainText('Revoked');
  await expect(holders.locator(':scope > li').filter({ hasText: 'DEFAULT_ADMIN_ROLE' })).toContainText(OWNER);
  await expect(holders.locator(':scope > li')).toHaveCount(5);
});

test('a project without a watched contract says so and labels its demo series', async ({ page }) => {
  await openSkynet(page, 'bitcoin');
  await expect(page.getByRole('region', { name: 'Top callers' })).toContainText('No contract of this project is monitored yet.');
  const exchanges = page.getByRole('region', { name: /Exchange listings/ });
  await expect(exchanges).toContainText('Demo data');
  await expect(exchanges.getByRole('listitem').first()).toBeVisible();
  const social = page.getByRole('region', { name: /Social activity/ });
  await expect(social).toContainText('Demo data');
  await social.getByText('Show the figures').first().click();
  await expect(social.getByRole('row').nth(1)).toBeVisible();
});

test('at a phone\'s width, a project page with Skynet data is no wider than the screen, its evidence open', async ({ page }) => {
  // 390 px: a common phone, narrower than the phone project's device. Wide tables scroll inside their cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await openSkynet(page, 'chainlink');
  for (const evidence of await page.locator('details').filter({ hasText: ADMIN_POWERS_TEXTS.evidenceTitle }).all()) {
    await evidence.locator('summary').click();
  }
  await expect(page.getByRole('heading', { name: ADMIN_POWERS_TEXTS.title })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
});
