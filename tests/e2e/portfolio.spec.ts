import { acceptCookiesUpFront, expect, FLAGS_OFF_MEMBER_STATE, newSignedInAccount, test } from './support/auth';
import { FLAGS_OFF_URL } from './support/servers';

const WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

// The main e2e server runs with FEATURE_FLAGS=extendedUserSetting,portfolio; a second one has portfolio off.
test('with the portfolio flag on, the page is marked work in progress and shows the wallets and watched projects', async ({ page }) => {
  // An account of its own: the page must list exactly what this test added.
  test.setTimeout(90_000);
  await newSignedInAccount(page, 'portfolio');

  const search = await page.request.get('/api/search-project?keyword=bitcoin');
  const [project] = (await search.json()) as { id: string; name: string }[];
  expect((await page.request.post('/api/watchlist/create', { data: { name: 'Core', projects: [project.id] } })).status()).toBe(200);
  expect((await page.request.post('/api/user/wallets', { data: { walletAddress: WALLET.toLowerCase() } })).status()).toBe(201);

  await page.goto('/my/portfolio');
  await expect(page.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible();
  await expect(page.getByText('Work in progress', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Wallets' }).getByRole('listitem')).toHaveText([WALLET]);
  await expect(page.getByRole('list', { name: 'Watched projects' }).getByRole('link', { name: project.name })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: /Portfolio/ })).toBeVisible();
});

test.describe('with the portfolio flag off', () => {
  test.use({ baseURL: FLAGS_OFF_URL, storageState: FLAGS_OFF_MEMBER_STATE });

  test('the page answers 404 and the account menu has no Portfolio entry', async ({ page }) => {
    const response = await page.goto('/my/portfolio');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await page.goto('/my/settings');
    await page.getByRole('banner').getByRole('button', { name: /Account menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /Watchlists/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /Portfolio/ })).toHaveCount(0);
  });
});
