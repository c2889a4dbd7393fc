import type { Locator, Page } from '@playwright/test';

import { WATCHLIST_MESSAGES } from '../../lib/messages/watchlists';
import { acceptCookiesUpFront, expect, expectPageReady, newSignedInAccount, test } from './support/auth';

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
});

/** Opens the watchlists page and waits until it is hydrated, so clicks and typing reach React. */
async function openWatchlists(page: Page) {
  await page.goto('/my/watchlists');
  await expect(page.getByRole('tablist', { name: 'Your watchlists' })).toBeVisible();
  await expectPageReady(page);
}

/** A new account (each test counts its own lists from none), signed in, on the watchlists page. */
async function signedInOnWatchlists(page: Page) {
  await newSignedInAccount(page, 'watch');
  await openWatchlists(page);
}

type ServerList = { id: string; name: string; projects: string[] };

/** What the server holds for the signed-in user (the request shares the page's cookies). */
async function serverLists(page: Page): Promise<ServerList[]> {
  const response = await page.request.get('/api/watchlist');
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerList[];
}

async function createByApi(page: Page, name: string, projects: string[] = []): Promise<string> {
  const response = await page.request.post('/api/watchlist/create', { data: { name, projects } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Your watchlists' }).getByRole('tab');
/** A tab by list name; its accessible name is the name and the count, e.g. "DeFi (0)". */
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
/** Waits for an operation's toast and for the page to be idle again (a click while busy is ignored by design). */
async function finished(page: Page, message: string) {
  await expect(toast(page, message)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
const deleteButton = (page: Page) => page.getByRole('button', { name: 'Delete', exact: true });
const projectsOf = (page: Page, listName: string) => page.getByRole('list', { name: `Projects in ${listName}` });

async function openNameDialog(page: Page, trigger: 'New watchlist' | 'Rename'): Promise<{ dialog: Locator; input: Locator }> {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: trigger === 'Rename' ? 'Rename watchlist' : 'New watchlist' });
  await expect(dialog).toBeVisible();
  return { dialog, input: dialog.getByLabel('Watchlist name') };
}

/**
 * Clicks a star until it flips. The star ignores clicks until the user's lists have loaded (there is no visible sign
 * of that), and its label flips at once when a click is taken, so clicking again only while it has not flipped is safe.
 */
async function clickStar(page: Page, from: string, to: string) {
  const before = page.getByRole('button', { name: from });
  const after = page.getByRole('button', { name: to });
  await expect(async () => {
    if (await before.isVisible()) await before.click();
    await expect(after).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Searches the Add Projects list and clicks "Add {name}". */
async function addFromList(page: Page, keyword: string, name: string) {
  const panel = page.getByRole('region', { name: 'Add Projects' });
  await panel.getByRole('textbox', { name: 'Search projects to add' }).fill(keyword);
  await panel.getByRole('button', { name: `Add ${name}`, exact: true }).click();
}

test('create, rename, refuse empty and duplicate names, and delete with the selection moving back', async ({ page }) => {
  await signedInOnWatchlists(page);

  // The placeholder while the user has none; it cannot be deleted.
  await expect(tabs(page)).toHaveCount(1);
  await expect(tab(page, 'My Watchlist')).toHaveAttribute('aria-selected', 'true');
  await expect(deleteButton(page)).toBeDisabled();
  expect(await serverLists(page)).toEqual([]);

  // The create dialog: 20 characters at most, with the hint; Enter with an empty or blank name does nothing.
  let { dialog, input } = await openNameDialog(page, 'New watchlist');
  await expect(dialog).toContainText(WATCHLIST_MESSAGES.nameTooLong);
  await expect(input).toHaveAttribute('maxlength', '20');
  await input.press('Enter');
  await input.fill('   ');
  await input.press('Enter');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(input).toHaveValue('   ');
  // (The tabs are hidden from the accessibility tree while the modal is open; the server is the witness.)
  expect(await serverLists(page)).toEqual([]);

  // Create DeFi: the placeholder first becomes a real 'My Watchlist'.
  await input.fill('DeFi');
  await input.press('Enter');
  await finished(page, 'Successfully created watchlist DeFi.');
  await expect(dialog).toBeHidden();
  await expect(tabs(page)).toHaveCount(2);
  await expect(tab(page, 'DeFi')).toHaveAttribute('aria-selected', 'true');
  await expect(deleteButton(page)).toBeEnabled();
  await expect.poll(async () => (await serverLists(page)).map((list) => list.name)).toEqual(['My Watchlist', 'DeFi']);

  // Rename DeFi.
  ({ dialog, input } = await openNameDialog(page, 'Rename'));
  await expect(input).toHaveValue('DeFi');
  // An empty name does nothing here either.
  await input.fill('');
  await input.press('Enter');
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await serverLists(page)).map((list) => list.name)).toEqual(['My Watchlist', 'DeFi']);
  await input.fill('DeFi Blue');
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await finished(page, 'Successfully renamed watch list.');
  await expect(tab(page, 'DeFi Blue')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'DeFi')).toHaveCount(0);
  await expect.poll(async () => (await serverLists(page)).map((list) => list.name)).toEqual(['My Watchlist', 'DeFi Blue']);

  // A name already used is refused and the input cleared; Cancel closes.
  ({ dialog, input } = await openNameDialog(page, 'New watchlist'));
  await input.fill('My Watchlist');
  await input.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(WATCHLIST_MESSAGES.nameUsed);
  await expect(input).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(tabs(page)).toHaveCount(2);

  // A third list, then delete it: the selection moves to the previous tab (DeFi Blue), not to the first.
  ({ dialog, input } = await openNameDialog(page, 'New watchlist'));
  await input.fill('Gaming');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await finished(page, 'Successfully created watchlist Gaming.');
  // (Until the operation ends the pending and the created list may both show for a render: see the unit test's BUG note.)
  await expect(tabs(page)).toHaveCount(3);
  await expect(tab(page, 'Gaming')).toHaveAttribute('aria-selected', 'true');
  await deleteButton(page).click();
  await finished(page, 'Successfully deleted watch list.');
  await expect(tabs(page)).toHaveCount(2);
  await expect(tab(page, 'Gaming')).toHaveCount(0);
  await expect(tab(page, 'DeFi Blue')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await serverLists(page)).map((list) => list.name)).toEqual(['My Watchlist', 'DeFi Blue']);

  // The state survives a reload.
  await openWatchlists(page);
  await expect(tabs(page)).toHaveText([/^My Watchlist/, /^DeFi Blue/]);
});

test('Add Projects adds Bitcoin to the placeholder (creating it), and the row button removes it', async ({ page }) => {
  await signedInOnWatchlists(page);
  await expect(page.getByRole('heading', { name: 'Add Projects' })).toBeVisible();

  await addFromList(page, 'bitcoin', 'Bitcoin');
  await finished(page, WATCHLIST_MESSAGES.projectAdded);
  await expect(projectsOf(page, 'My Watchlist').getByRole('link', { name: 'Bitcoin', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Added Bitcoin', exact: true })).toBeDisabled();
  await expect.poll(async () => (await serverLists(page)).map((list) => [list.name, list.projects])).toEqual([['My Watchlist', ['bitcoin']]]);

  await openWatchlists(page);
  await expect(tab(page, 'My Watchlist')).toHaveText(/\(1\)$/);
  await page.getByRole('button', { name: 'Remove Bitcoin from My Watchlist' }).click();
  await finished(page, WATCHLIST_MESSAGES.projectRemoved);
  await expect(page.getByText('No projects yet.')).toBeVisible();
  await expect.poll(async () => (await serverLists(page))[0].projects).toEqual([]);

  await openWatchlists(page);
  await expect(page.getByText('No projects yet.')).toBeVisible();
});

test('the star on a project page toggles the project in the selected list', async ({ page }) => {
  await signedInOnWatchlists(page);
  await createByApi(page, 'Alpha');
  const betaId = await createByApi(page, 'Beta');

  // Choosing a tab makes it the star's list.
  await openWatchlists(page);
  await tab(page, 'Beta').click();
  await expect(tab(page, 'Beta')).toHaveAttribute('aria-selected', 'true');

  await page.goto('/projects/ethereum');
  await expectPageReady(page);
  const star = page.getByRole('button', { name: 'Add Ethereum to watchlist' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await clickStar(page, 'Add Ethereum to watchlist', 'Remove Ethereum from watchlist');
  await finished(page, WATCHLIST_MESSAGES.projectAdded);
  await expect(page.getByRole('button', { name: 'Remove Ethereum from watchlist' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await serverLists(page)).map((list) => [list.name, list.projects])).toEqual([
    ['Alpha', []],
    ['Beta', ['ethereum']],
  ]);

  await openWatchlists(page);
  await expect(tab(page, 'Alpha')).toHaveText(/\(0\)$/);
  await expect(tab(page, 'Beta')).toHaveText(/\(1\)$/);
  await tab(page, 'Beta').click();
  await expect(projectsOf(page, 'Beta').getByRole('link', { name: 'Ethereum', exact: true })).toBeVisible();

  // Clicking the star again removes it.
  await page.goto('/projects/ethereum');
  await expectPageReady(page);
  // Once the lists have loaded, the star shows Ethereum as watched.
  await expect(page.getByRole('button', { name: 'Remove Ethereum from watchlist' })).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  await clickStar(page, 'Remove Ethereum from watchlist', 'Add Ethereum to watchlist');
  await finished(page, WATCHLIST_MESSAGES.projectRemoved);
  await expect(page.getByRole('button', { name: 'Add Ethereum to watchlist' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await serverLists(page)).find((list) => list.id === betaId)?.projects).toEqual([]);
});

test('signed out, the star on a project page opens the login modal on a large screen', async ({ page }) => {
  await page.goto('/projects/ethereum');
  await expectPageReady(page);
  await page.getByRole('button', { name: 'Add Ethereum to watchlist' }).click();
  const modal = page.getByRole('dialog', { name: 'Log In' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Email')).toBeVisible();
  await expect(toast(page, WATCHLIST_MESSAGES.projectAdded)).toHaveCount(0);
  expect((await page.request.get('/api/watchlist')).status()).toBe(401);
});

test('a change the server refuses is rolled back (the list was deleted in another tab)', async ({ page }) => {
  await signedInOnWatchlists(page);
  await createByApi(page, 'Doomed');
  await openWatchlists(page);
  await expect(tab(page, 'Doomed')).toHaveAttribute('aria-selected', 'true');

  // Meanwhile, elsewhere: the list is deleted.
  const [doomed] = await serverLists(page);
  const deleted = await page.request.post('/api/watchlist/delete', { data: { id: doomed.id } });
  expect(deleted.status()).toBe(200);
  expect(await serverLists(page)).toEqual([]);

  // The page still shows it; adding to it fails and is undone.
  await addFromList(page, 'bitcoin', 'Bitcoin');
  await expect(toast(page, WATCHLIST_MESSAGES.updateFailed)).toBeVisible();
  await expect(page.getByText('No projects yet.')).toBeVisible();
  await expect(projectsOf(page, 'Doomed')).toHaveCount(0);
  await expect(tab(page, 'Doomed')).toHaveText(/\(0\)$/);
  await expect(page.getByRole('button', { name: 'Add Bitcoin', exact: true })).toBeEnabled();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await serverLists(page)).toEqual([]);
});
