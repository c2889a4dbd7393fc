'use client';

import { useAtomValue } from 'jotai';
import { useSession } from '@/components/auth/session';
import { usePathname } from 'next/navigation';
import { createContext, use, useOptimistic, useRef, useState, useTransition, type ReactNode } from 'react';

import { toast } from '@/components/chrome/toast';
import { DEFAULT_WATCHLIST_NAME, TEMP_WATCHLIST_ID } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages/watchlists';
import type { Watchlist } from '@/lib/schemas/answers';
import { getChecked } from '@/lib/schemas/get-checked';
import { onlyTemp, selectedList, toggleProject, visibleLists, watchlistReducer, type WatchlistAction, type WatchlistState } from '@/lib/watchlist-reducer';

import { selectedWatchlistIdAtom } from './atoms';

/** An optimistic change, with the state to start from while nothing has been saved since the lists loaded. */
type Change = { seed: WatchlistState; action: WatchlistAction };
/** What an operation ends with: the changes the server confirmed (kept) and what its caller is told. */
type Outcome = { keep: WatchlistAction[]; result: boolean | 'name-used' };

type Store = {
  /** The lists as the server gave them (a promise while they load), or null when nobody is signed in. */
  source: () => Watchlist[] | Promise<Watchlist[]> | null;
  /** The list a star adds to until the user picks another tab: the one last picked in this browser. */
  preferredId: string | null;
  saved: WatchlistState | null;
  optimistic: WatchlistState | null;
  isBusy: boolean;
  /**
   * Shows `changes` at once and keeps what the server confirms; false, doing nothing, while another one runs.
   * `failure` is said when the server cannot be reached.
   */
  run: (seed: WatchlistState, changes: WatchlistAction[], failure: string, call: () => Promise<Outcome>) => Promise<Outcome['result']>;
  keep: (seed: WatchlistState, actions: WatchlistAction[]) => void;
  /** Reads the lists again (the survey may create one). */
  refresh: () => void;
};

const WatchlistsContext = createContext<Store | null>(null);

const loadActions = () => import('./watchlist-actions');

async function loadLists(): Promise<Watchlist[]> {
  // A failed read leaves the stars as for a user without lists; a change then fails and says so. A GET, not an
  // action: actions are POSTs for changes, queued one at a time.
  return getChecked('/api/watchlist', (schemas) => schemas.watchlistListSchema).catch(() => []);
}

/**
 * The signed-in user's watchlists for everything below: the stars, the survey and the watchlists page share one
 * optimistic state (useOptimistic over lib/watchlist-reducer). The watchlists page passes the lists it rendered
 * with; everywhere else they are read from GET /api/watchlist once per page, and only when a star or the survey asks, so
 * pages stay static and anonymous visitors fetch nothing.
 */
export function WatchlistsProvider({ initialLists, children }: { initialLists?: Watchlist[]; children: ReactNode }) {
  const { data: session } = useSession();
  const pathname = usePathname();
  const preferred = useAtomValue(selectedWatchlistIdAtom);
  const [version, setVersion] = useState(0);
  const owner = initialLists ? 'page' : (session?.user?.id ?? null);
  const key = owner && `${owner} ${pathname} ${version}`;

  const request = useRef<{ key: string; lists: Promise<Watchlist[]> } | null>(null);
  const source = () => {
    if (initialLists || !key) return initialLists ?? null;
    // One request per key, made when first asked for: every star of a page reads the same promise.
    if (request.current?.key !== key) request.current = { key, lists: loadLists() };
    return request.current.lists;
  };

  const [savedEntry, setSaved] = useState<{ key: string; state: WatchlistState } | null>(null);
  const saved = savedEntry && savedEntry.key === key ? savedEntry.state : null;
  const [optimistic, apply] = useOptimistic<WatchlistState | null, Change>(saved, (current, { seed, action }) => watchlistReducer(current ?? seed, action));
  const [, startTransition] = useTransition();
  const busy = useRef(false);
  const [isBusy, setBusy] = useState(false);

  const keep: Store['keep'] = (seed, actions) => {
    if (key) setSaved((current) => ({ key, state: actions.reduce(watchlistReducer, current?.key === key ? current.state : seed) }));
  };

  const run: Store['run'] = (seed, changes, failure, call) => {
    if (busy.current) return Promise.resolve(false);
    busy.current = true;
    setBusy(true);
    return new Promise((resolve) => {
      startTransition(async () => {
        for (const action of changes) apply({ seed, action });
        try {
          const outcome = await call().catch(() => refused(failure));
          // Inside the transition, so the optimistic layer and the saved state swap in one render; what the server
          // refused is simply not kept, and the optimistic layer ends with the transition: that is the rollback.
          startTransition(() => keep(seed, outcome.keep));
          resolve(outcome.result);
        } finally {
          busy.current = false;
          setBusy(false);
        }
      });
    });
  };

  const store: Store = {
    source,
    preferredId: initialLists ? null : preferred,
    saved,
    optimistic,
    isBusy,
    run,
    keep,
    // In a transition, so the stars keep showing the old lists until the new ones arrive.
    refresh: () => startTransition(() => setVersion((current) => current + 1)),
  };
  return <WatchlistsContext value={store}>{children}</WatchlistsContext>;
}

function useStore(): Store {
  const store = use(WatchlistsContext);
  if (!store) throw new Error('useWatchlists needs a WatchlistsProvider above it');
  return store;
}

/** Whether lists can be read here (someone is signed in), without suspending. */
export const useHasWatchlists = () => useStore().source() !== null;

/** Asks the provider to read the lists again. */
export const useRefreshWatchlists = () => useStore().refresh;

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
  const store = useStore();
  const source = store.source();
  if (source === null) throw new Error('useWatchlists needs a signed-in user');
  const loaded = Array.isArray(source) ? source : use(source);
  const preferredIndex = loaded.findIndex((list) => list.id === store.preferredId);
  const seed: WatchlistState = { lists: loaded, selected: Math.max(preferredIndex, 0) };
  const state = store.saved ?? seed;
  const shown = store.optimistic ?? state;
  const lists = visibleLists(shown);
  const current = selectedList(shown);
  const run = (changes: WatchlistAction[], failure: string, call: () => Promise<Outcome>) => store.run(seed, changes, failure, call);
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

  const select = (index: number) => store.keep(seed, [{ type: 'select', index }]);

  return { lists, current, selectedIndex: Math.min(shown.selected, lists.length - 1), isBusy: store.isBusy, canDelete: !onlyTemp(state), create, rename, remove, toggle, select };
}
