/**
 * Watchlist state changes as a pure reducer, so the watchlists page and the stars apply them optimistically
 * (useOptimistic) and the rules are tested once: the placeholder list, a list's projects, the selection after a delete.
 */

import { DEFAULT_WATCHLIST_NAME, TEMP_WATCHLIST_ID } from './constants';
import type { Watchlist } from './schemas/answers';

export type WatchlistState = { lists: Watchlist[]; selected: number };

export type WatchlistAction =
  | { type: 'create'; list: Watchlist }
  | { type: 'rename'; id: string; name: string }
  | { type: 'delete'; id: string }
  | { type: 'set-projects'; id: string; projects: string[] }
  | { type: 'select'; index: number };

export const TEMP_WATCHLIST: Watchlist = { id: TEMP_WATCHLIST_ID, name: DEFAULT_WATCHLIST_NAME, projects: [] };

/** The lists to show: the placeholder (DEFAULT_WATCHLIST_NAME) when the user has none. */
export function visibleLists(state: WatchlistState): Watchlist[] {
  return state.lists.length ? state.lists : [TEMP_WATCHLIST];
}

/** True while only the placeholder exists: the next add, create or rename must first create a real list. */
export const onlyTemp = (state: WatchlistState) => state.lists.length === 0 || state.lists.every((list) => list.id === TEMP_WATCHLIST_ID);

/** The selected list (clamped), or the placeholder. */
export function selectedList(state: WatchlistState): Watchlist {
  const lists = visibleLists(state);
  return lists[Math.min(Math.max(state.selected, 0), lists.length - 1)];
}

/** Adds a project if absent and removes it if present. */
export function toggleProject(projects: string[], projectId: string): string[] {
  return projects.includes(projectId) ? projects.filter((id) => id !== projectId) : [...projects, projectId];
}

/** The selection after deleting the list at `index`: the previous one, or 0. */
export const selectionAfterDelete = (index: number) => Math.max(index - 1, 0);

const mapList = (state: WatchlistState, id: string, change: (list: Watchlist) => Watchlist): WatchlistState => ({
  ...state,
  lists: visibleLists(state).map((list) => (list.id === id ? change(list) : list)),
});

export function watchlistReducer(state: WatchlistState, action: WatchlistAction): WatchlistState {
  switch (action.type) {
    case 'create': {
      const lists = [...state.lists.filter((list) => list.id !== TEMP_WATCHLIST_ID), action.list];
      return { lists, selected: lists.length - 1 };
    }
    case 'rename':
      return mapList(state, action.id, (list) => ({ ...list, name: action.name }));
    case 'delete': {
      if (onlyTemp(state)) return state;
      const index = state.lists.findIndex((list) => list.id === action.id);
      if (index === -1) return state;
      return { lists: state.lists.filter((list) => list.id !== action.id), selected: selectionAfterDelete(index) };
    }
    case 'set-projects':
      return mapList(state, action.id, (list) => ({ ...list, projects: action.projects }));
    case 'select':
      return { ...state, selected: Math.min(Math.max(action.index, 0), Math.max(visibleLists(state).length - 1, 0)) };
  }
}
