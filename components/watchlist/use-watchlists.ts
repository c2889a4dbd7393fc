'use client';

import { useAtomValue } from 'jotai';
import { use } from 'react';

import { toast } from '@/components/chrome/toast';
import { DEFAULT_WATCHLIST_NAME, TEMP_WATCHLIST_ID } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import type { Watchlist } from '@/lib/schemas/answers';
import { onlyTemp, selectedList, toggleProject, visibleLists, watchlistReducer, type WatchlistAction, type WatchlistState } from '@/lib/watchlist-reducer';

import { selectedWatchlistIdAtom } from './atoms';
import { useWatchlistsStore, type Outcome } from './watchlists-provider';

const loadActions = () => import('./watchlist-actions');

type ActionResult = { serverError?: string } | undefined;

/** Says why a change failed; a name the server found used is told apart, so the name dialog can empty its box. */
function refused(message: string, result?: ActionResult): Outcome {
  const nameUsed = result?.serverError === WATCHLIST_MESSAGES.nameUsed;
  toast.error(nameUsed ? WATCHLIST_MESSAGES.nameUsed : message);
  return { keep: [], result: nameUsed ? 'name-used' : false };
}

/**
 * The lists and every change to them: applied at once, sent to the server, kept as the server answers, rolled
 * back with the spec's message when it refuses. One operation at a time; another is ignored while one runs.
 * Suspends while the lists load; call it only where useHasWatchlists() is true.
 */
export function useWatchlists() {
  const store = useWatchlistsStore();
  const preferred = useAtomValue(selectedWatchlistIdAtom);
  const preferredId = store.listsFromPage ? null : preferred;
  const source = store.source();
  if (source === null) throw new Error('useWatchlists needs a signed-in user');
  const loaded = Array.isArray(source) ? source : use(source);
  const preferredIndex = loaded.findIndex((list) => list.id === preferredId);
  const seed: WatchlistState = { lists: loaded, selected: Math.max(preferredIndex, 0) };
  const state = store.saved ?? seed;
  const shown = store.optimistic ?? state;
  const lists = visibleLists(shown);
  const current = selectedList(shown);
  // `failure` is said when the server cannot be reached.
  const run = (changes: WatchlistAction[], failure: string, call: () => Promise<Outcome>) =>
    store.run(seed, changes, watchlistReducer, () => call().catch(() => refused(failure)));
  const created = (list: Watchlist): WatchlistAction => ({ type: 'create', list });

  /** Creates a list; the placeholder first becomes a real list, as the spec has it. */
  const create = (name: string) =>
    run([created({ id: `pending-${name}`, name, projects: [] })], WATCHLIST_MESSAGES.createFailed, async () => {
      const { createWatchlistAction } = await loadActions();
      const keep: WatchlistAction[] = [];
      if (onlyTemp(state)) {
        const placeholder = await createWatchlistAction({ name: DEFAULT_WATCHLIST_NAME, projects: [] });
        if (!placeholder?.data) return refused(WATCHLIST_MESSAGES.createFailed);
        keep.push(created({ id: placeholder.data.id, name: DEFAULT_WATCHLIST_NAME, projects: [] }));
      }
      const result = await createWatchlistAction({ name, projects: [] });
      if (!result?.data) return { ...refused(WATCHLIST_MESSAGES.createFailed, result), keep };
      toast.success(WATCHLIST_MESSAGES.created(name));
      return { keep: [...keep, created({ id: result.data.id, name, projects: [] })], result: true };
    });

  /** Renames the selected list; renaming the placeholder creates it under the new name. */
  const rename = (name: string) => {
    const target = current;
    return run([{ type: 'rename', id: target.id, name }], WATCHLIST_MESSAGES.renameFailed, async () => {
      const { createWatchlistAction, updateWatchlistAction } = await loadActions();
      const placeholder = target.id === TEMP_WATCHLIST_ID;
      const result = placeholder ? await createWatchlistAction({ name, projects: target.projects }) : await updateWatchlistAction({ id: target.id, name });
      if (!result?.data) return refused(WATCHLIST_MESSAGES.renameFailed, result);
      toast.success(WATCHLIST_MESSAGES.renamed);
      // A created placeholder answers with its id, a renamed list with { ok }.
      const keep: WatchlistAction = 'id' in result.data ? created({ id: result.data.id, name, projects: target.projects }) : { type: 'rename', id: target.id, name };
      return { keep: [keep], result: true };
    });
  };

  const remove = () => {
    if (onlyTemp(state)) return;
    const target = current;
    void run([{ type: 'delete', id: target.id }], WATCHLIST_MESSAGES.deleteFailed, async () => {
      const { deleteWatchlistAction } = await loadActions();
      const result = await deleteWatchlistAction({ id: target.id });
      if (!result?.data) return refused(WATCHLIST_MESSAGES.deleteFailed);
      toast.success(WATCHLIST_MESSAGES.deleted);
      return { keep: [{ type: 'delete', id: target.id }], result: true };
    });
  };

  /** Adds the project to the selected list if absent, removes it if present; the server's answer is kept. */
  const toggle = (projectId: string) => {
    const target = current;
    const adding = !target.projects.includes(projectId);
    const projects = toggleProject(target.projects, projectId);
    void run([{ type: 'set-projects', id: target.id, projects }], WATCHLIST_MESSAGES.updateFailed, async () => {
      const { createWatchlistAction, setWatchlistProjectAction } = await loadActions();
      if (target.id === TEMP_WATCHLIST_ID) {
        const result = await createWatchlistAction({ name: DEFAULT_WATCHLIST_NAME, projects });
        if (!result?.data) return refused(WATCHLIST_MESSAGES.updateFailed);
        toast.success(WATCHLIST_MESSAGES.projectAdded);
        return { keep: [created({ id: result.data.id, name: DEFAULT_WATCHLIST_NAME, projects })], result: true };
      }
      // Add or remove (not toggle) on the server, so a change made meanwhile in another tab is never flipped back.
      const result = await setWatchlistProjectAction({ id: target.id, projectId, watched: adding });
      if (!result?.data) return refused(WATCHLIST_MESSAGES.updateFailed);
      toast.success(adding ? WATCHLIST_MESSAGES.projectAdded : WATCHLIST_MESSAGES.projectRemoved);
      return { keep: [{ type: 'set-projects', id: target.id, projects: result.data.projects }], result: true };
    });
  };

  const select = (index: number) => store.keep(seed, [{ type: 'select', index }], watchlistReducer);

  return { lists, current, selectedIndex: Math.min(shown.selected, lists.length - 1), isBusy: store.isBusy, canDelete: !onlyTemp(state), create, rename, remove, toggle, select };
}
