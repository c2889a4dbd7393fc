'use client';

import { useOptimistic, useRef, useState, useTransition } from 'react';

import { createWatchlistAction } from '@/actions/watchlists/create-watchlist';
import { deleteWatchlistAction } from '@/actions/watchlists/delete-watchlist';
import { setWatchlistProjectAction } from '@/actions/watchlists/set-watchlist-project';
import { updateWatchlistAction } from '@/actions/watchlists/update-watchlist';
import { toast } from '@/components/chrome/toast';
import { DEFAULT_WATCHLIST_NAME, TEMP_WATCHLIST_ID } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages';
import type { Watchlist } from '@/lib/schemas/watchlist';
import { onlyTemp, selectedList, visibleLists, watchlistReducer, type WatchlistAction, type WatchlistState } from '@/lib/watchlist-reducer';

type ActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown } | undefined;

const failed = (result: ActionResult) => !result?.data;
const isNameUsed = (result: ActionResult) => result?.serverError === WATCHLIST_MESSAGES.nameUsed;

/**
 * Every watchlist change: applied at once (useOptimistic over the reducer), sent to the server, and rolled back
 * with the spec's message when the server refuses. One operation at a time; another is ignored while busy.
 */
export function useWatchlistOperations(initialLists: Watchlist[]) {
  const [state, setState] = useState<WatchlistState>({ lists: initialLists, selected: 0 });
  const [optimistic, apply] = useOptimistic(state, watchlistReducer);
  const [, startTransition] = useTransition();
  const busy = useRef(false);
  const [isBusy, setBusy] = useState(false);

  /** Runs one operation unless another is in flight; `commit` lists the actions that make the server's answer local truth. */
  const run = (optimisticActions: WatchlistAction[], call: () => Promise<WatchlistAction[] | null>) => {
    if (busy.current) return;
    busy.current = true;
    setBusy(true);
    startTransition(async () => {
      for (const action of optimisticActions) apply(action);
      try {
        const committed = await call();
        // Inside the transition, so the optimistic layer and the saved state swap in one render.
        if (committed) startTransition(() => setState((current) => committed.reduce(watchlistReducer, current)));
      } finally {
        busy.current = false;
        setBusy(false);
      }
    });
  };

  /** The placeholder becomes a real list before the first add, create or rename. Returns its id, or null on failure. */
  const ensureRealList = async (projects: string[], name = DEFAULT_WATCHLIST_NAME): Promise<string | null> => {
    const result = await createWatchlistAction({ name, projects });
    return result?.data?.id ?? null;
  };

  const lists = visibleLists(optimistic);
  const current = selectedList(optimistic);

  const create = (name: string) =>
    new Promise<boolean | 'name-used'>((resolve) => {
      if (busy.current) return resolve(false);
      run([{ type: 'create', list: { id: `pending-${name}`, name, projects: [] } }], async () => {
        const commits: WatchlistAction[] = [];
        if (onlyTemp(state)) {
          const tempId = await ensureRealList([]);
          if (!tempId) {
            toast.error(WATCHLIST_MESSAGES.createFailed);
            resolve(false);
            return null;
          }
          commits.push({ type: 'create', list: { id: tempId, name: DEFAULT_WATCHLIST_NAME, projects: [] } });
        }
        const result = await createWatchlistAction({ name, projects: [] });
        if (failed(result)) {
          toast.error(isNameUsed(result) ? WATCHLIST_MESSAGES.nameUsed : WATCHLIST_MESSAGES.createFailed);
          resolve(isNameUsed(result) ? 'name-used' : false);
          return commits.length ? commits : null;
        }
        toast.success(WATCHLIST_MESSAGES.created(name));
        resolve(true);
        return [...commits, { type: 'create', list: { id: result!.data!.id, name, projects: [] } }];
      });
    });

  const rename = (name: string) =>
    new Promise<boolean | 'name-used'>((resolve) => {
      if (busy.current) return resolve(false);
      const target = current;
      run([{ type: 'rename', id: target.id, name }], async () => {
        if (target.id === TEMP_WATCHLIST_ID) {
          const id = await ensureRealList(target.projects, name);
          if (!id) {
            toast.error(WATCHLIST_MESSAGES.renameFailed);
            resolve(false);
            return null;
          }
          toast.success(WATCHLIST_MESSAGES.renamed);
          resolve(true);
          return [{ type: 'create', list: { id, name, projects: target.projects } }];
        }
        const result = await updateWatchlistAction({ id: target.id, name });
        if (failed(result)) {
          toast.error(isNameUsed(result) ? WATCHLIST_MESSAGES.nameUsed : WATCHLIST_MESSAGES.renameFailed);
          resolve(isNameUsed(result) ? 'name-used' : false);
          return null;
        }
        toast.success(WATCHLIST_MESSAGES.renamed);
        resolve(true);
        return [{ type: 'rename', id: target.id, name }];
      });
    });

  const remove = () => {
    if (onlyTemp(state)) return;
    const target = current;
    run([{ type: 'delete', id: target.id }], async () => {
      const result = await deleteWatchlistAction({ id: target.id });
      if (failed(result)) {
        toast.error(WATCHLIST_MESSAGES.deleteFailed);
        return null;
      }
      toast.success(WATCHLIST_MESSAGES.deleted);
      return [{ type: 'delete', id: target.id }];
    });
  };

  /** Adds the project if absent, removes it if present, in the selected list. */
  const toggle = (projectId: string) => {
    const target = current;
    const adding = !target.projects.includes(projectId);
    const projects = adding ? [...target.projects, projectId] : target.projects.filter((id) => id !== projectId);
    // Add and remove (not toggle) are idempotent, so a change made meanwhile in another tab is never flipped back.
    const change: WatchlistAction = { type: adding ? 'add' : 'remove', id: target.id, projectId };
    run([change], async () => {
      if (target.id === TEMP_WATCHLIST_ID) {
        const id = await ensureRealList(projects);
        if (!id) {
          toast.error(WATCHLIST_MESSAGES.updateFailed);
          return null;
        }
        toast.success(WATCHLIST_MESSAGES.projectAdded);
        return [{ type: 'create', list: { id, name: DEFAULT_WATCHLIST_NAME, projects } }];
      }
      const result = await setWatchlistProjectAction({ id: target.id, projectId, watched: adding });
      if (failed(result)) {
        toast.error(WATCHLIST_MESSAGES.updateFailed);
        return null;
      }
      toast.success(adding ? WATCHLIST_MESSAGES.projectAdded : WATCHLIST_MESSAGES.projectRemoved);
      return [change];
    });
  };

  const select = (index: number) => {
    setState((currentState) => watchlistReducer(currentState, { type: 'select', index }));
  };

  return { lists, current, selectedIndex: Math.min(optimistic.selected, lists.length - 1), isBusy, create, rename, remove, toggle, select, canDelete: !onlyTemp(state) };
}
