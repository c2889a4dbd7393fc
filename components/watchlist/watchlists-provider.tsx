'use client';

import { useSession } from '@/components/auth/session';
import { usePathname } from 'next/navigation';
import { createContext, use, useMemo, useOptimistic, useRef, useState, useTransition, type ReactNode } from 'react';

import type { Watchlist } from '@/lib/schemas/answers';
import { getChecked } from '@/lib/schemas/get-checked';
import type { WatchlistAction, WatchlistState } from '@/lib/watchlist-reducer';

// The provider is on every page, so it holds only the shared state: how lists change (lib/watchlist-reducer) and
// the operations on them (use-watchlists.ts) come with the first star, survey or watchlists page that uses them.

/** How an action changes the lists: the reducer, handed in by the operations that bring it. */
export type Reduce = (state: WatchlistState, action: WatchlistAction) => WatchlistState;
/** An optimistic change, with the state to start from while nothing has been saved since the lists loaded. */
type Change = { seed: WatchlistState; action: WatchlistAction; reduce: Reduce };
/** What an operation ends with: the changes the server confirmed (kept) and what its caller is told. */
export type Outcome = { keep: WatchlistAction[]; result: boolean | 'name-used' };

export type WatchlistsStore = {
  /** The lists as the server gave them (a promise while they load), or null when nobody is signed in. */
  source: () => Watchlist[] | Promise<Watchlist[]> | null;
  /** The watchlists page gives its own lists; elsewhere a star adds to the list last picked in this browser. */
  listsFromPage: boolean;
  saved: WatchlistState | null;
  optimistic: WatchlistState | null;
  isBusy: boolean;
  /** Shows `changes` at once and keeps what the server confirms; false, doing nothing, while another one runs. */
  run: (seed: WatchlistState, changes: WatchlistAction[], reduce: Reduce, call: () => Promise<Outcome>) => Promise<Outcome['result']>;
  keep: (seed: WatchlistState, actions: WatchlistAction[], reduce: Reduce) => void;
  /** Reads the lists again (the survey may create one). */
  refresh: () => void;
};

const WatchlistsContext = createContext<WatchlistsStore | null>(null);

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
  const [version, setVersion] = useState(0);
  const owner = initialLists ? 'page' : (session?.user?.id ?? null);
  const key = owner && `${owner} ${pathname} ${version}`;

  const request = useRef<{ key: string; lists: Promise<Watchlist[]> } | null>(null);
  const [savedEntry, setSaved] = useState<{ key: string; state: WatchlistState } | null>(null);
  const saved = savedEntry && savedEntry.key === key ? savedEntry.state : null;
  const [optimistic, apply] = useOptimistic<WatchlistState | null, Change>(saved, (current, { seed, action, reduce }) => reduce(current ?? seed, action));
  const [, startTransition] = useTransition();
  const busy = useRef(false);
  const [isBusy, setBusy] = useState(false);

  // One store while what it holds is the same: every star reads it, so a new object on each render of this provider
  // (a session read that changes nothing for the stars, say) would render every star again, and hydrate the home
  // page's sections early to do it (#18).
  const store = useMemo<WatchlistsStore>(() => {
    const source = () => {
      if (initialLists || !key) return initialLists ?? null;
      // One request per key, made when first asked for: every star of a page reads the same promise.
      if (request.current?.key !== key) request.current = { key, lists: loadLists() };
      return request.current.lists;
    };

    const keep: WatchlistsStore['keep'] = (seed, actions, reduce) => {
      if (key) setSaved((current) => ({ key, state: actions.reduce(reduce, current?.key === key ? current.state : seed) }));
    };

    const run: WatchlistsStore['run'] = (seed, changes, reduce, call) => {
      if (busy.current) return Promise.resolve(false);
      busy.current = true;
      setBusy(true);
      return new Promise((resolve) => {
        startTransition(async () => {
          for (const action of changes) apply({ seed, action, reduce });
          try {
            const outcome = await call();
            // Inside the transition, so the optimistic layer and the saved state swap in one render; what the server
            // refused is simply not kept, and the optimistic layer ends with the transition: that is the rollback.
            startTransition(() => keep(seed, outcome.keep, reduce));
            resolve(outcome.result);
          } finally {
            busy.current = false;
            setBusy(false);
          }
        });
      });
    };

    return {
      source,
      listsFromPage: Boolean(initialLists),
      saved,
      optimistic,
      isBusy,
      run,
      keep,
      // In a transition, so the stars keep showing the old lists until the new ones arrive.
      refresh: () => startTransition(() => setVersion((current) => current + 1)),
    };
  }, [key, initialLists, saved, optimistic, isBusy, apply]);
  return <WatchlistsContext value={store}>{children}</WatchlistsContext>;
}

/** The shared state, for the operations in use-watchlists.ts. */
export function useWatchlistsStore(): WatchlistsStore {
  const store = use(WatchlistsContext);
  if (!store) throw new Error('useWatchlists needs a WatchlistsProvider above it');
  return store;
}

/** Whether lists can be read here (someone is signed in), without suspending. */
export const useHasWatchlists = () => useWatchlistsStore().source() !== null;

/** Asks the provider to read the lists again. */
export const useRefreshWatchlists = () => useWatchlistsStore().refresh;
