'use client';

import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Star } from 'lucide-react';
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';

import { createWatchlistAction } from '@/actions/watchlists/create-watchlist';
import { listWatchlistsAction } from '@/actions/watchlists/list-watchlists';
import { setWatchlistProjectAction } from '@/actions/watchlists/set-watchlist-project';
import { authModalAtom } from '@/components/auth/atoms';
import { toast } from '@/components/chrome/toast';
import { DEFAULT_WATCHLIST_NAME } from '@/lib/constants';
import { WATCHLIST_MESSAGES } from '@/lib/messages';
import type { Watchlist } from '@/lib/schemas/watchlist';
import { toggleProject } from '@/lib/watchlist-reducer';
import { cn } from '@/lib/utils';

import { selectedWatchlistIdAtom, starListsAtom } from './atoms';

// One request for all the stars of a page.
let loading: Promise<Watchlist[]> | null = null;

/** Adds or removes a project in the selected watchlist; signed out, it asks to log in. */
export function WatchlistStar({ projectId, projectName, className }: { projectId: string; projectName: string; className?: string }) {
  const { status } = useSession();
  const openAuth = useSetAtom(authModalAtom);
  const selectedId = useAtomValue(selectedWatchlistIdAtom);
  const [lists, setLists] = useAtom(starListsAtom);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status !== 'authenticated') {
      loading = null;
      return;
    }
    if (lists !== null) return;
    let live = true;
    loading ??= listWatchlistsAction().then((result) => result?.data ?? []);
    loading.then((found) => live && setLists(found)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [status, lists, setLists]);

  const target = lists?.find((list) => list.id === selectedId) ?? lists?.[0] ?? null;
  const watched = target?.projects.includes(projectId) ?? false;

  const click = async () => {
    if (status !== 'authenticated') {
      if (window.matchMedia('(min-width: 1024px)').matches) openAuth('login');
      else toast.error(WATCHLIST_MESSAGES.loginRequired);
      return;
    }
    if (busy || lists === null) return;
    setBusy(true);
    const before = lists;
    try {
      if (!target) {
        setLists([{ id: 'temp', name: DEFAULT_WATCHLIST_NAME, projects: [projectId] }]);
        const result = await createWatchlistAction({ name: DEFAULT_WATCHLIST_NAME, projects: [projectId] });
        if (!result?.data) throw new Error('create failed');
        setLists([{ id: result.data.id, name: DEFAULT_WATCHLIST_NAME, projects: [projectId] }]);
        toast.success(WATCHLIST_MESSAGES.projectAdded);
        return;
      }
      const projects = toggleProject(target.projects, projectId);
      setLists(lists.map((list) => (list.id === target.id ? { ...list, projects } : list)));
      const result = await setWatchlistProjectAction({ id: target.id, projectId, watched: !watched });
      if (!result?.data) throw new Error('update failed');
      const saved = result.data.projects;
      setLists((current) => current?.map((list) => (list.id === target.id ? { ...list, projects: saved } : list)) ?? current);
      toast.success(watched ? WATCHLIST_MESSAGES.projectRemoved : WATCHLIST_MESSAGES.projectAdded);
    } catch {
      setLists(before);
      toast.error(WATCHLIST_MESSAGES.updateFailed);
    } finally {
      setBusy(false);
    }
  };

  const label = watched ? `Remove ${projectName} from watchlist` : `Add ${projectName} to watchlist`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={watched}
      title={label}
      disabled={busy || (status === 'authenticated' && lists === null)}
      aria-busy={busy || (status === 'authenticated' && lists === null)}
      onClick={() => void click()}
      className={cn('inline-flex size-9 items-center justify-center rounded-full hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none', className)}
    >
      <Star aria-hidden className={cn('size-5', watched ? 'fill-amber-400 text-amber-400' : '')} />
    </button>
  );
}
