import { act, createRef, useImperativeHandle, useLayoutEffect, type Ref } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { useWatchlists } from '@/components/watchlist/use-watchlists';
import { WatchlistsProvider } from '@/components/watchlist/watchlists-provider';
import type { Watchlist } from '@/lib/schemas/answers';

import { createTestRoot, settle } from '../support/render';

// The four server actions, each answering with a promise the test settles when it wants.
const { createMock, updateMock, setProjectMock, deleteMock, toastMock } = vi.hoisted(() => ({
  createMock: vi.fn(),
  updateMock: vi.fn(),
  setProjectMock: vi.fn(),
  deleteMock: vi.fn(),
  toastMock: { success: vi.fn(), error: vi.fn() },
}));

vi.mock('@/actions/watchlists/create-watchlist', () => ({ createWatchlistAction: createMock }));
vi.mock('@/actions/watchlists/update-watchlist', () => ({ updateWatchlistAction: updateMock }));
vi.mock('@/actions/watchlists/set-watchlist-project', () => ({ setWatchlistProjectAction: setProjectMock }));
vi.mock('@/actions/watchlists/delete-watchlist', () => ({ deleteWatchlistAction: deleteMock }));
vi.mock('@/components/chrome/toast', () => ({ toast: toastMock }));
vi.mock('@/lib/http', () => ({ http: { get: vi.fn() } }));
vi.mock('@/components/auth/session', () => ({ useSession: () => ({ data: null, status: 'unauthenticated' }) }));
vi.mock('next/navigation', () => ({ usePathname: () => '/my/watchlists' }));

type ActionResult = { data?: unknown; serverError?: string } | undefined;
type Deferred = { promise: Promise<ActionResult>; resolve: (value: ActionResult) => void };

function deferred(): Deferred {
  let resolve!: (value: ActionResult) => void;
  const promise = new Promise<ActionResult>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Each call of the mocked action gets the next deferred answer. */
function answerWith(mock: ReturnType<typeof vi.fn>) {
  const answers: Deferred[] = [];
  mock.mockImplementation(() => {
    const next = deferred();
    answers.push(next);
    return next.promise;
  });
  return answers;
}

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const NEW_ID = '99999999-9999-4999-8999-999999999999';

type Ops = ReturnType<typeof useWatchlists>;

/** What every committed render showed ("tabs / projects of the selected list"), to catch states that only flash. */
const committed: string[] = [];

/** A tiny page over the hook: the tabs and the selected list's projects, as text the test can read. */
function Probe({ ref }: { ref: Ref<Ops> }) {
  const ops = useWatchlists();
  useImperativeHandle(ref, () => ops);
  const shown = `${ops.lists.map((list) => `${list.id}:${list.name}`).join('|')} / ${ops.current.projects.join(',')}`;
  useLayoutEffect(() => {
    committed.push(shown);
  }, [shown]);
  return (
    <div>
      <p data-testid="lists">{ops.lists.map((list) => `${list.id}:${list.name}`).join('|')}</p>
      <p data-testid="projects">{ops.current.projects.join(',')}</p>
      <p data-testid="selected">{ops.selectedIndex}</p>
      <p data-testid="busy">{String(ops.isBusy)}</p>
    </div>
  );
}

const root = createTestRoot();
const handle = createRef<Ops>();
/** The hook's latest return value (refreshed after every render). */
const ops = new Proxy({} as Ops, { get: (_, key: keyof Ops) => handle.current![key] });

const text = (id: string) => root.container.querySelector(`[data-testid="${id}"]`)!.textContent;

const render = (initialLists: Watchlist[]) =>
  root.render(
    <WatchlistsProvider initialLists={initialLists}>
      <Probe ref={handle} />
    </WatchlistsProvider>,
  );

// The provider imports the (mocked) actions with the first change; loaded once here, a test's first change reaches
// them within the same settle() as every later one.
beforeAll(async () => {
  await import('@/components/watchlist/watchlist-actions');
});

beforeEach(() => {
  vi.clearAllMocks();
  committed.length = 0;
});

describe('toggle: optimistic, busy guard and rollback', () => {
  it('shows the project at once, ignores a second toggle while the first is pending, and keeps it on success', async () => {
    const answers = answerWith(setProjectMock);
    await render([{ id: ID_A, name: 'A', projects: [] }]);

    await act(async () => ops.toggle('bitcoin'));
    expect(text('projects')).toBe('bitcoin');
    expect(text('busy')).toBe('true');

    // Busy: this one (and a third) must not reach the server nor change the page.
    await act(async () => ops.toggle('ethereum'));
    await act(async () => ops.toggle('bitcoin'));
    expect(setProjectMock).toHaveBeenCalledTimes(1);
    expect(setProjectMock).toHaveBeenCalledWith({ id: ID_A, projectId: 'bitcoin', watched: true });
    expect(text('projects')).toBe('bitcoin');

    answers[0].resolve({ data: { projects: ['bitcoin'] } });
    await settle();
    expect(text('projects')).toBe('bitcoin');
    expect(text('busy')).toBe('false');
    expect(toastMock.success).toHaveBeenCalledWith('The project is successfully added');
    expect(toastMock.error).not.toHaveBeenCalled();

    // No longer busy: the next toggle goes through and removes it.
    await act(async () => ops.toggle('bitcoin'));
    expect(setProjectMock).toHaveBeenCalledTimes(2);
    expect(setProjectMock).toHaveBeenLastCalledWith({ id: ID_A, projectId: 'bitcoin', watched: false });
    expect(text('projects')).toBe('');
    answers[1].resolve({ data: { projects: [] } });
    await settle();
    expect(text('projects')).toBe('');
    expect(toastMock.success).toHaveBeenLastCalledWith('The project is successfully removed');
  });

  it('a double click in one tick (no render in between) reaches the server once', async () => {
    const answers = answerWith(setProjectMock);
    await render([{ id: ID_A, name: 'A', projects: [] }]);
    await act(async () => {
      ops.toggle('bitcoin');
      ops.toggle('bitcoin');
      ops.toggle('ethereum');
    });
    expect(setProjectMock).toHaveBeenCalledTimes(1);
    expect(text('projects')).toBe('bitcoin');
    answers[0].resolve({ data: { projects: ['bitcoin'] } });
    await settle();
    expect(text('projects')).toBe('bitcoin');
    expect(toastMock.success).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's answer: a project added meanwhile in another tab shows too", async () => {
    const answers = answerWith(setProjectMock);
    await render([{ id: ID_A, name: 'A', projects: ['ethereum'] }]);
    await act(async () => ops.toggle('bitcoin'));
    expect(text('projects')).toBe('ethereum,bitcoin');
    answers[0].resolve({ data: { projects: ['ethereum', 'tether', 'bitcoin'] } });
    await settle();
    expect(text('projects')).toBe('ethereum,tether,bitcoin');
  });

  it('rolls the change back with "Unable to update watchlist." when the server answers { serverError }', async () => {
    const answers = answerWith(setProjectMock);
    await render([{ id: ID_A, name: 'A', projects: ['ethereum'] }]);

    await act(async () => ops.toggle('bitcoin'));
    expect(text('projects')).toBe('ethereum,bitcoin');

    answers[0].resolve({ serverError: 'Watchlist not found.' });
    await settle();
    expect(text('projects')).toBe('ethereum');
    expect(text('busy')).toBe('false');
    expect(toastMock.error).toHaveBeenCalledWith('Unable to update watchlist.');
    expect(toastMock.success).not.toHaveBeenCalled();
  });

  it('rolls back and says so when the server cannot be reached (the action throws)', async () => {
    setProjectMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await render([{ id: ID_A, name: 'A', projects: ['ethereum'] }]);
    await act(async () => ops.toggle('bitcoin'));
    await settle();
    expect(text('projects')).toBe('ethereum');
    expect(text('busy')).toBe('false');
    expect(toastMock.error).toHaveBeenCalledWith('Unable to update watchlist.');
  });

  it('rolls back a removal the server refuses too', async () => {
    const answers = answerWith(setProjectMock);
    await render([{ id: ID_A, name: 'A', projects: ['ethereum', 'bitcoin'] }]);

    await act(async () => ops.toggle('ethereum'));
    expect(text('projects')).toBe('bitcoin');
    answers[0].resolve(undefined);
    await settle();
    expect(text('projects')).toBe('ethereum,bitcoin');
    expect(toastMock.error).toHaveBeenCalledWith('Unable to update watchlist.');
  });

  it('on the placeholder, the first add creates "My Watchlist" with the project', async () => {
    const answers = answerWith(createMock);
    await render([]);
    expect(text('lists')).toBe('temp:My Watchlist');

    await act(async () => ops.toggle('bitcoin'));
    expect(text('projects')).toBe('bitcoin');
    expect(createMock).toHaveBeenCalledWith({ name: 'My Watchlist', projects: ['bitcoin'] });
    expect(setProjectMock).not.toHaveBeenCalled();

    answers[0].resolve({ data: { id: NEW_ID } });
    await settle();
    expect(text('lists')).toBe(`${NEW_ID}:My Watchlist`);
    expect(text('projects')).toBe('bitcoin');
    expect(toastMock.success).toHaveBeenCalledWith('The project is successfully added');
  });

  it('on the placeholder, a refused create rolls back to the empty placeholder', async () => {
    const answers = answerWith(createMock);
    await render([]);
    await act(async () => ops.toggle('bitcoin'));
    answers[0].resolve({ serverError: 'Something went wrong' });
    await settle();
    expect(text('lists')).toBe('temp:My Watchlist');
    expect(text('projects')).toBe('');
    expect(toastMock.error).toHaveBeenCalledWith('Unable to update watchlist.');
  });
});

describe('the other operations share the busy guard', () => {
  it('create, rename and delete are ignored while a toggle is pending', async () => {
    const answers = answerWith(setProjectMock);
    answerWith(createMock);
    answerWith(deleteMock);
    await render([
      { id: ID_A, name: 'A', projects: [] },
      { id: ID_B, name: 'B', projects: [] },
    ]);

    await act(async () => ops.toggle('bitcoin'));
    let created: unknown;
    let renamed: unknown;
    await act(async () => {
      created = await ops.create('DeFi');
      renamed = await ops.rename('Other');
      ops.remove();
    });
    expect(created).toBe(false);
    expect(renamed).toBe(false);
    expect(createMock).not.toHaveBeenCalled();
    expect(deleteMock).not.toHaveBeenCalled();
    expect(setProjectMock).toHaveBeenCalledTimes(1);
    expect(text('lists')).toBe(`${ID_A}:A|${ID_B}:B`);

    answers[0].resolve({ data: { projects: ['bitcoin'] } });
    await settle();
    expect(text('projects')).toBe('bitcoin');
  });

  it('delete is not possible while only the placeholder exists', async () => {
    await render([]);
    expect(ops.canDelete).toBe(false);
    await act(async () => ops.remove());
    expect(deleteMock).not.toHaveBeenCalled();
    expect(text('lists')).toBe('temp:My Watchlist');
  });

  it('delete moves the selection to the previous list; a refused delete comes back', async () => {
    const answers = answerWith(deleteMock);
    await render([
      { id: ID_A, name: 'A', projects: [] },
      { id: ID_B, name: 'B', projects: ['bitcoin'] },
    ]);
    await act(async () => ops.select(1));
    expect(text('selected')).toBe('1');

    await act(async () => ops.remove());
    expect(deleteMock).toHaveBeenCalledWith({ id: ID_B });
    expect(text('lists')).toBe(`${ID_A}:A`);
    expect(text('selected')).toBe('0');
    answers[0].resolve({ serverError: 'Watchlist not found.' });
    await settle();
    expect(text('lists')).toBe(`${ID_A}:A|${ID_B}:B`);
    expect(text('selected')).toBe('1');
    expect(toastMock.error).toHaveBeenCalledWith('Unable to delete watchlist.');

    await act(async () => ops.remove());
    answers[1].resolve({ data: { ok: true } });
    await settle();
    expect(text('lists')).toBe(`${ID_A}:A`);
    expect(text('selected')).toBe('0');
    expect(toastMock.success).toHaveBeenCalledWith('Successfully deleted watch list.');
  });

  it('create while only the placeholder exists first creates "My Watchlist", then the named list', async () => {
    const answers = answerWith(createMock);
    await render([]);
    let outcome: Promise<boolean | 'name-used'> | undefined;
    await act(async () => {
      outcome = ops.create('DeFi');
    });
    expect(text('lists')).toBe('pending-DeFi:DeFi');
    expect(createMock).toHaveBeenNthCalledWith(1, { name: 'My Watchlist', projects: [] });
    answers[0].resolve({ data: { id: ID_A } });
    await settle();
    expect(createMock).toHaveBeenNthCalledWith(2, { name: 'DeFi', projects: [] });
    answers[1].resolve({ data: { id: ID_B } });
    await settle();
    expect(await outcome).toBe(true);
    expect(text('lists')).toBe(`${ID_A}:My Watchlist|${ID_B}:DeFi`);
    expect(text('selected')).toBe('1');
    expect(toastMock.success).toHaveBeenCalledWith('Successfully created watchlist DeFi.');
  });

  it('a create refused as a duplicate name reports "name-used", rolls back and toasts the message', async () => {
    const answers = answerWith(createMock);
    await render([{ id: ID_A, name: 'A', projects: [] }]);
    let outcome: Promise<boolean | 'name-used'> | undefined;
    await act(async () => {
      outcome = ops.create('B');
    });
    expect(text('lists')).toBe(`${ID_A}:A|pending-B:B`);
    answers[0].resolve({ serverError: 'The name is already used' });
    await settle();
    expect(await outcome).toBe('name-used');
    expect(text('lists')).toBe(`${ID_A}:A`);
    expect(toastMock.error).toHaveBeenCalledWith('The name is already used');
  });

  it('a refused rename rolls back with "Unable to rename watchlist."', async () => {
    const answers = answerWith(updateMock);
    await render([{ id: ID_A, name: 'A', projects: ['bitcoin'] }]);
    let outcome: Promise<boolean | 'name-used'> | undefined;
    await act(async () => {
      outcome = ops.rename('Renamed');
    });
    expect(text('lists')).toBe(`${ID_A}:Renamed`);
    // A rename sends no projects, so it cannot undo one added meanwhile in another tab.
    expect(updateMock).toHaveBeenCalledWith({ id: ID_A, name: 'Renamed' });
    answers[0].resolve({ serverError: 'Something went wrong' });
    await settle();
    expect(await outcome).toBe(false);
    expect(text('lists')).toBe(`${ID_A}:A`);
    expect(toastMock.error).toHaveBeenCalledWith('Unable to rename watchlist.');
  });
});

// React 19 does not count updates after an await as part of the transition: the hook commits the server's
// answer in a transition of its own, so the optimistic layer and the saved state swap in one render.
describe('after the server accepts, nothing flashes', () => {
  it('a created list never shows twice (pending and created together)', async () => {
    const answers = answerWith(createMock);
    await render([{ id: ID_A, name: 'A', projects: [] }]);
    await act(async () => {
      void ops.create('DeFi');
    });
    answers[0].resolve({ data: { id: ID_B } });
    await settle();
    expect(text('lists')).toBe(`${ID_A}:A|${ID_B}:DeFi`);
    for (const shown of committed) expect(shown.split(' / ')[0].split('|').filter((tab) => tab.endsWith(':DeFi')).length, shown).toBeLessThanOrEqual(1);
  });

  it('an added project stays shown from the click on (it does not vanish for a render on success)', async () => {
    const answers = answerWith(setProjectMock);
    await render([{ id: ID_A, name: 'A', projects: [] }]);
    await act(async () => ops.toggle('bitcoin'));
    const from = committed.length - 1;
    expect(committed[from]).toBe(`${ID_A}:A / bitcoin`);
    answers[0].resolve({ data: { projects: ['bitcoin'] } });
    await settle();
    expect(text('projects')).toBe('bitcoin');
    expect(committed.slice(from)).toEqual(committed.slice(from).map(() => `${ID_A}:A / bitcoin`));
  });
});
