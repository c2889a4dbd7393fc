import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { authModalAtom } from '@/components/auth/atoms';
import { selectedWatchlistIdAtom } from '@/components/watchlist/atoms';
import { WatchlistStar } from '@/components/watchlist/watchlist-star';
import { WatchlistsProvider } from '@/components/watchlist/watchlists-provider';
import { DEFAULT_WATCHLIST_NAME } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';

import { createTestRoot, settle as settleRounds } from '../support/render';

const { listMock, createMock, setProjectMock, toastMock, session, pathname } = vi.hoisted(() => ({
  listMock: vi.fn(),
  createMock: vi.fn(),
  setProjectMock: vi.fn(),
  toastMock: { success: vi.fn(), error: vi.fn() },
  session: { current: null as { user: { id: string } } | null },
  pathname: { current: '/' },
}));

vi.mock('@/lib/http', () => ({ http: { get: listMock } }));
// The real schemas, handed over at once: the app loads them on first use, which in a test takes more rounds than settle().
vi.mock('@/lib/schemas/load-answers', async () => {
  const schemas = await import('@/lib/schemas/answers');
  return { loadAnswerSchemas: async () => schemas };
});
vi.mock('@/actions/watchlists/create-watchlist', () => ({ createWatchlistAction: createMock }));
vi.mock('@/actions/watchlists/set-watchlist-project', () => ({ setWatchlistProjectAction: setProjectMock }));
vi.mock('@/actions/watchlists/update-watchlist', () => ({ updateWatchlistAction: vi.fn() }));
vi.mock('@/actions/watchlists/delete-watchlist', () => ({ deleteWatchlistAction: vi.fn() }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));
vi.mock('@/components/auth/session', () => ({
  useSession: () => (session.current ? { data: session.current, status: 'authenticated' } : { data: null, status: 'unauthenticated' }),
}));
vi.mock('next/navigation', () => ({ usePathname: () => pathname.current }));

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const NEW_ID = '99999999-9999-4999-8999-999999999999';

const root = createTestRoot();
let store: ReturnType<typeof createStore>;
let largeScreen: boolean;

/**
 * A page with two stars under the app-wide provider (no lists passed: it reads them for the signed-in user), one of
 * each look: cx() throws on competing classes outside production builds, so every test checks both.
 */
const renderPage = () =>
  root.render(
    <Provider store={store}>
      <WatchlistsProvider>
        <WatchlistStar projectId="bitcoin" projectName="Bitcoin" tone="dark" />
        <WatchlistStar projectId="ethereum" projectName="Ethereum" tone="light" />
      </WatchlistsProvider>
    </Provider>,
  );

const star = (name: string) => root.container.querySelector<HTMLButtonElement>(`button[aria-label$="${name} to watchlist"], button[aria-label$="${name} from watchlist"]`)!;
const labelOf = (name: string) => star(name).getAttribute('aria-label');
const click = (name: string) => act(async () => star(name).click());
const settle = () => settleRounds(10);

// The star loads its signed-in part on use, and the operations import the (mocked) actions with the first change;
// loaded once here, so a test's first star and first change come within the same settle() as every later one.
beforeAll(async () => {
  await import('@/components/watchlist/signed-in-star');
  await import('@/components/watchlist/watchlist-actions');
});

beforeEach(() => {
  vi.clearAllMocks();
  session.current = null;
  pathname.current = '/';
  largeScreen = true;
  window.matchMedia = ((query: string) => ({ matches: largeScreen, media: query })) as unknown as typeof window.matchMedia;
  store = createStore();
});

describe('signed out', () => {
  it('reads no lists; the star opens the login modal on a large screen', async () => {
    await renderPage();
    expect(labelOf('Bitcoin')).toBe('Add Bitcoin to watchlist');
    await click('Bitcoin');
    expect(store.get(authModalAtom)).toBe('login');
    expect(toastMock.error).not.toHaveBeenCalled();
    expect(listMock).not.toHaveBeenCalled();
    expect(createMock).not.toHaveBeenCalled();
  });

  it('on a phone it says to log in instead', async () => {
    largeScreen = false;
    await renderPage();
    await click('Ethereum');
    expect(toastMock.error).toHaveBeenCalledWith(WATCHLIST_MESSAGES.loginRequired);
    expect(store.get(authModalAtom)).toBe('hidden');
  });
});

describe('signed in', () => {
  it('reads the lists once for all the stars of a page, and marks what the chosen list holds', async () => {
    session.current = { user: { id: 'user-1' } };
    store.set(selectedWatchlistIdAtom, ID_B);
    listMock.mockResolvedValue([
      { id: ID_A, name: 'A', projects: ['bitcoin'] },
      { id: ID_B, name: 'B', projects: ['ethereum'] },
    ]);
    await renderPage();
    await settle();
    expect(listMock).toHaveBeenCalledTimes(1);
    expect(listMock).toHaveBeenCalledWith('/api/watchlist', undefined);
    // The star adds to the list last chosen on the watchlists page (B), not the first.
    expect(labelOf('Bitcoin')).toBe('Add Bitcoin to watchlist');
    expect(labelOf('Ethereum')).toBe('Remove Ethereum from watchlist');
    expect(star('Ethereum').getAttribute('aria-pressed')).toBe('true');

    setProjectMock.mockResolvedValue({ data: { projects: ['ethereum', 'bitcoin'] } });
    await click('Bitcoin');
    await settle();
    expect(setProjectMock).toHaveBeenCalledWith({ id: ID_B, projectId: 'bitcoin', watched: true });
    expect(labelOf('Bitcoin')).toBe('Remove Bitcoin from watchlist');
    expect(toastMock.success).toHaveBeenCalledWith(WATCHLIST_MESSAGES.projectAdded);
  });

  it('the first star creates "My Watchlist"; the next star adds to that list instead of creating another', async () => {
    session.current = { user: { id: 'user-1' } };
    listMock.mockResolvedValue([]);
    createMock.mockResolvedValue({ data: { id: NEW_ID } });
    setProjectMock.mockResolvedValue({ data: { projects: ['bitcoin', 'ethereum'] } });
    await renderPage();
    await settle();

    await click('Bitcoin');
    await settle();
    expect(createMock).toHaveBeenCalledWith({ name: DEFAULT_WATCHLIST_NAME, projects: ['bitcoin'] });
    expect(labelOf('Bitcoin')).toBe('Remove Bitcoin from watchlist');

    await click('Ethereum');
    await settle();
    expect(createMock).toHaveBeenCalledTimes(1);
    expect(setProjectMock).toHaveBeenCalledWith({ id: NEW_ID, projectId: 'ethereum', watched: true });
    expect(labelOf('Ethereum')).toBe('Remove Ethereum from watchlist');
    expect(labelOf('Bitcoin')).toBe('Remove Bitcoin from watchlist');
  });

  it('a refused change is rolled back and reported', async () => {
    session.current = { user: { id: 'user-1' } };
    listMock.mockResolvedValue([{ id: ID_A, name: 'A', projects: [] }]);
    let answer!: (value: unknown) => void;
    setProjectMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await renderPage();
    await settle();

    await click('Bitcoin');
    expect(labelOf('Bitcoin')).toBe('Remove Bitcoin from watchlist');
    expect(star('Bitcoin').disabled).toBe(true);
    answer({ serverError: 'Watchlist not found.' });
    await settle();
    expect(labelOf('Bitcoin')).toBe('Add Bitcoin to watchlist');
    expect(star('Bitcoin').disabled).toBe(false);
    expect(toastMock.error).toHaveBeenCalledWith(WATCHLIST_MESSAGES.updateFailed);
  });

  it('reads the lists again on the next page, so a change made elsewhere shows', async () => {
    session.current = { user: { id: 'user-1' } };
    listMock.mockResolvedValueOnce([{ id: ID_A, name: 'A', projects: [] }]);
    await renderPage();
    await settle();
    expect(labelOf('Bitcoin')).toBe('Add Bitcoin to watchlist');

    listMock.mockResolvedValueOnce([{ id: ID_A, name: 'A', projects: ['bitcoin'] }]);
    pathname.current = '/projects';
    await renderPage();
    await settle();
    expect(listMock).toHaveBeenCalledTimes(2);
    expect(labelOf('Bitcoin')).toBe('Remove Bitcoin from watchlist');
  });
});
