import { describe, expect, it } from 'vitest';

import { DEFAULT_WATCHLIST_NAME, TEMP_WATCHLIST_ID, WATCHLIST_NAME_MAX_LENGTH } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import {
  createWatchlistSchema,
  deleteWatchlistSchema,
  updateWatchlistSchema,
  WATCHLIST_MAX_PROJECTS,
  watchlistNameSchema,
} from '@/lib/schemas/watchlist';
import type { Watchlist } from '@/lib/schemas/answers';
import {
  onlyTemp,
  selectedList,
  selectionAfterDelete,
  TEMP_WATCHLIST,
  toggleProject,
  visibleLists,
  watchlistReducer,
  type WatchlistAction,
  type WatchlistState,
} from '@/lib/watchlist-reducer';

const ID_A = '11111111-1111-4111-8111-111111111111';
const ID_B = '22222222-2222-4222-8222-222222222222';
const ID_C = '33333333-3333-4333-8333-333333333333';

const list = (id: string, name: string, projects: string[] = []): Watchlist => ({ id, name, projects });
const empty: WatchlistState = { lists: [], selected: 0 };
const three = (): WatchlistState => ({
  lists: [list(ID_A, 'A', ['bitcoin']), list(ID_B, 'B', ['ethereum', 'tether']), list(ID_C, 'C')],
  selected: 1,
});

/** Deep-freezes a state so that any in-place change by the reducer throws. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

const applyAll = (state: WatchlistState, actions: WatchlistAction[]) => actions.reduce(watchlistReducer, state);

describe('the placeholder list', () => {
  it('is the default-named list with the placeholder id and no projects while the user has none', () => {
    expect(visibleLists(empty)).toEqual([{ id: TEMP_WATCHLIST_ID, name: DEFAULT_WATCHLIST_NAME, projects: [] }]);
    expect(selectedList(empty)).toEqual(TEMP_WATCHLIST);
    expect(onlyTemp(empty)).toBe(true);
  });

  it('is not shown once real lists exist', () => {
    const state = three();
    expect(visibleLists(state)).toBe(state.lists);
    expect(onlyTemp(state)).toBe(false);
    expect(selectedList(state).id).toBe(ID_B);
  });

  it('the selected list is clamped to the lists there are', () => {
    expect(selectedList({ ...three(), selected: 99 }).id).toBe(ID_C);
    expect(selectedList({ ...three(), selected: -4 }).id).toBe(ID_A);
  });
});

describe('create', () => {
  it('appends the list and selects it', () => {
    const next = watchlistReducer(three(), { type: 'create', list: list('new', 'DeFi') });
    expect(next.lists.map((l) => l.name)).toEqual(['A', 'B', 'C', 'DeFi']);
    expect(next.selected).toBe(3);
  });

  it('replaces the placeholder when it was the only list', () => {
    const withTemp: WatchlistState = { lists: [{ ...TEMP_WATCHLIST, projects: ['bitcoin'] }], selected: 0 };
    const next = watchlistReducer(withTemp, { type: 'create', list: list(ID_A, 'My Watchlist', ['bitcoin']) });
    expect(next).toEqual({ lists: [list(ID_A, 'My Watchlist', ['bitcoin'])], selected: 0 });
    expect(onlyTemp(next)).toBe(false);
  });

  it('from nothing gives exactly the new list', () => {
    expect(watchlistReducer(empty, { type: 'create', list: list(ID_A, 'DeFi') })).toEqual({ lists: [list(ID_A, 'DeFi')], selected: 0 });
  });
});

describe('rename', () => {
  it('renames only the list with that id', () => {
    const next = watchlistReducer(three(), { type: 'rename', id: ID_B, name: 'Bees' });
    expect(next.lists.map((l) => l.name)).toEqual(['A', 'Bees', 'C']);
    expect(next.lists[1].projects).toEqual(['ethereum', 'tether']);
    expect(next.selected).toBe(1);
  });

  it('renames the placeholder while it is the only list (it is still the placeholder until created)', () => {
    const next = watchlistReducer(empty, { type: 'rename', id: TEMP_WATCHLIST_ID, name: 'Mine' });
    expect(visibleLists(next)).toEqual([{ id: TEMP_WATCHLIST_ID, name: 'Mine', projects: [] }]);
    expect(onlyTemp(next)).toBe(true);
  });

  it('an unknown id changes nothing', () => {
    expect(watchlistReducer(three(), { type: 'rename', id: 'nope', name: 'X' })).toEqual(three());
  });
});

describe('delete', () => {
  it('is refused while only the placeholder exists', () => {
    expect(watchlistReducer(empty, { type: 'delete', id: TEMP_WATCHLIST_ID })).toBe(empty);
    const withTemp: WatchlistState = { lists: [TEMP_WATCHLIST], selected: 0 };
    expect(watchlistReducer(withTemp, { type: 'delete', id: TEMP_WATCHLIST_ID })).toBe(withTemp);
  });

  it('removes the list and selects the previous index', () => {
    const next = watchlistReducer({ ...three(), selected: 2 }, { type: 'delete', id: ID_C });
    expect(next.lists.map((l) => l.id)).toEqual([ID_A, ID_B]);
    expect(next.selected).toBe(1);
    expect(watchlistReducer(three(), { type: 'delete', id: ID_B }).selected).toBe(0);
  });

  it('deleting the first list selects index 0', () => {
    const next = watchlistReducer(three(), { type: 'delete', id: ID_A });
    expect(next.lists.map((l) => l.id)).toEqual([ID_B, ID_C]);
    expect(next.selected).toBe(0);
  });

  it('deleting the last real list brings back the placeholder', () => {
    const next = watchlistReducer({ lists: [list(ID_A, 'A')], selected: 0 }, { type: 'delete', id: ID_A });
    expect(next).toEqual({ lists: [], selected: 0 });
    expect(visibleLists(next)).toEqual([TEMP_WATCHLIST]);
  });

  it('an unknown id changes nothing', () => {
    const state = three();
    expect(watchlistReducer(state, { type: 'delete', id: 'nope' })).toBe(state);
  });

  it('selectionAfterDelete is the previous index, or 0', () => {
    expect(selectionAfterDelete(0)).toBe(0);
    expect(selectionAfterDelete(1)).toBe(0);
    expect(selectionAfterDelete(2)).toBe(1);
    expect(selectionAfterDelete(7)).toBe(6);
  });
});

describe("a list's projects", () => {
  it('toggleProject adds if absent and removes if present, keeping the order', () => {
    expect(toggleProject([], 'bitcoin')).toEqual(['bitcoin']);
    expect(toggleProject(['bitcoin', 'ethereum'], 'tether')).toEqual(['bitcoin', 'ethereum', 'tether']);
    expect(toggleProject(['bitcoin', 'ethereum', 'tether'], 'ethereum')).toEqual(['bitcoin', 'tether']);
  });

  it('set-projects replaces the projects of the named list only', () => {
    const next = watchlistReducer(three(), { type: 'set-projects', id: ID_B, projects: ['tether', 'bitcoin'] });
    expect(next.lists.map((l) => l.projects)).toEqual([['bitcoin'], ['tether', 'bitcoin'], []]);
    expect(next.selected).toBe(1);
  });

  it('set-projects on the placeholder keeps it the placeholder, with the projects', () => {
    const next = watchlistReducer(empty, { type: 'set-projects', id: TEMP_WATCHLIST_ID, projects: ['bitcoin'] });
    expect(visibleLists(next)).toEqual([{ ...TEMP_WATCHLIST, projects: ['bitcoin'] }]);
    expect(onlyTemp(next)).toBe(true);
  });

  it('set-projects with an unknown id changes nothing', () => {
    expect(watchlistReducer(three(), { type: 'set-projects', id: 'nope', projects: ['x'] })).toEqual(three());
  });
});

describe('select', () => {
  it('clamps to the visible lists', () => {
    expect(watchlistReducer(three(), { type: 'select', index: 2 }).selected).toBe(2);
    expect(watchlistReducer(three(), { type: 'select', index: 10 }).selected).toBe(2);
    expect(watchlistReducer(three(), { type: 'select', index: -1 }).selected).toBe(0);
    expect(watchlistReducer(empty, { type: 'select', index: 3 }).selected).toBe(0);
  });
});

describe('purity and rollback', () => {
  const actions: WatchlistAction[] = [
    { type: 'create', list: list('pending-X', 'X') },
    { type: 'rename', id: ID_A, name: 'Renamed' },
    { type: 'set-projects', id: ID_B, projects: ['ethereum'] },
    { type: 'set-projects', id: ID_C, projects: ['bitcoin'] },
    { type: 'select', index: 0 },
    { type: 'delete', id: ID_B },
  ];

  it('never changes its input (a deep-frozen state does not throw) and returns new objects', () => {
    const base = frozen(three());
    for (const action of actions) {
      const next = watchlistReducer(base, action);
      expect(next).not.toBe(base);
    }
    expect(base).toEqual(three());
  });

  it('the same input and action always give the same output', () => {
    for (const action of actions) expect(watchlistReducer(three(), action)).toEqual(watchlistReducer(three(), action));
  });

  it('rolling back is applying nothing to the base state: the base is untouched after optimistic changes', () => {
    const base = frozen(three());
    const optimistic = applyAll(base, actions);
    expect(optimistic).not.toEqual(base);
    // useOptimistic drops the pending actions when the transition ends; what remains is the base, exactly.
    const rolledBack = applyAll(base, []);
    expect(rolledBack).toBe(base);
    expect(rolledBack).toEqual(three());
  });

  it('a committed action on the base gives the same state as the optimistic one', () => {
    const action: WatchlistAction = { type: 'set-projects', id: ID_C, projects: ['tether'] };
    const base = frozen(three());
    expect(watchlistReducer(base, action)).toEqual(watchlistReducer(three(), action));
  });
});

describe('the watchlist schemas', () => {
  const tooLong = 'x'.repeat(WATCHLIST_NAME_MAX_LENGTH + 1);
  const longest = 'y'.repeat(WATCHLIST_NAME_MAX_LENGTH);

  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

  it('a name is at most 20 characters, not empty and not blank', () => {
    expect(WATCHLIST_NAME_MAX_LENGTH).toBe(20);
    expect(watchlistNameSchema.safeParse('').success).toBe(false);
    expect(watchlistNameSchema.safeParse('   ').success).toBe(false);
    const long = watchlistNameSchema.safeParse(tooLong);
    expect(long.success).toBe(false);
    expect(messages(long)).toEqual(['Watchlist name cannot exceed 20 characters.']);
    expect(WATCHLIST_MESSAGES.nameTooLong).toBe('Watchlist name cannot exceed 20 characters.');
    expect(watchlistNameSchema.parse(longest)).toBe(longest);
  });

  it('a name is trimmed (and its length counted after trimming)', () => {
    expect(watchlistNameSchema.parse('  DeFi  ')).toBe('DeFi');
    expect(watchlistNameSchema.parse(` ${longest} `)).toBe(longest);
  });

  it('a name must be a string', () => {
    for (const value of [42, null, undefined, ['DeFi'], { name: 'DeFi' }]) expect(watchlistNameSchema.safeParse(value).success).toBe(false);
  });

  it('create takes { name, projects } with projects defaulting to []', () => {
    expect(createWatchlistSchema.parse({ name: ' DeFi ', projects: ['bitcoin', 'ethereum'] })).toEqual({ name: 'DeFi', projects: ['bitcoin', 'ethereum'] });
    expect(createWatchlistSchema.parse({ name: 'DeFi' })).toEqual({ name: 'DeFi', projects: [] });
  });

  it('projects refuse duplicates, bad ids, wrong types and more than 500', () => {
    const refused = (projects: unknown) => expect(createWatchlistSchema.safeParse({ name: 'DeFi', projects }).success, JSON.stringify(projects)?.slice(0, 80)).toBe(false);
    refused(['bitcoin', 'bitcoin']);
    refused(['Bitcoin']);
    refused(['-bitcoin']);
    refused(['bit coin']);
    refused(['']);
    refused(['a'.repeat(101)]);
    refused([1]);
    refused('bitcoin');
    refused({ 0: 'bitcoin' });
    refused(null);
    expect(WATCHLIST_MAX_PROJECTS).toBe(500);
    const many = Array.from({ length: WATCHLIST_MAX_PROJECTS }, (_, i) => `p${i}`);
    expect(createWatchlistSchema.safeParse({ name: 'DeFi', projects: many }).success).toBe(true);
    refused([...many, 'p-last']);
  });

  it('update takes { id (uuid), name } and optionally projects (without them it only renames)', () => {
    expect(updateWatchlistSchema.parse({ id: ID_A, name: ' B ', projects: [] })).toEqual({ id: ID_A, name: 'B', projects: [] });
    expect(updateWatchlistSchema.safeParse({ id: TEMP_WATCHLIST_ID, name: 'B', projects: [] }).success).toBe(false);
    expect(updateWatchlistSchema.safeParse({ id: 'not-a-uuid', name: 'B', projects: [] }).success).toBe(false);
    expect(updateWatchlistSchema.parse({ id: ID_A, name: 'B' })).toEqual({ id: ID_A, name: 'B' });
    expect(updateWatchlistSchema.safeParse({ id: ID_A, projects: [] }).success).toBe(false);
    expect(updateWatchlistSchema.safeParse({ id: ID_A, name: tooLong, projects: [] }).success).toBe(false);
    expect(updateWatchlistSchema.safeParse({ id: ID_A, name: 'B', projects: ['x', 'x'] }).success).toBe(false);
  });

  it('delete takes { id } with a uuid', () => {
    expect(deleteWatchlistSchema.parse({ id: ID_A })).toEqual({ id: ID_A });
    for (const id of [TEMP_WATCHLIST_ID, '', 42, null]) expect(deleteWatchlistSchema.safeParse({ id }).success).toBe(false);
    expect(deleteWatchlistSchema.safeParse({}).success).toBe(false);
  });

  it('strict objects refuse extra fields', () => {
    expect(createWatchlistSchema.safeParse({ name: 'DeFi', projects: [], userId: ID_B }).success).toBe(false);
    expect(updateWatchlistSchema.safeParse({ id: ID_A, name: 'DeFi', projects: [], flag: true }).success).toBe(false);
    expect(deleteWatchlistSchema.safeParse({ id: ID_A, userId: ID_B }).success).toBe(false);
  });

  it('non-objects are refused', () => {
    for (const body of [null, undefined, 'DeFi', 42, [], ['DeFi']]) {
      expect(createWatchlistSchema.safeParse(body).success).toBe(false);
      expect(updateWatchlistSchema.safeParse(body).success).toBe(false);
      expect(deleteWatchlistSchema.safeParse(body).success).toBe(false);
    }
  });
});
