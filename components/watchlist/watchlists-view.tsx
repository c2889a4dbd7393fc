'use client';

// The watchlists page with its Add Projects list (shown only here).

import { useSetAtom } from 'jotai';
import { Check, Pencil, Plus, Trash2, X } from 'lucide';
import Link from 'next/link';
import { useMemo, useState } from 'react';

import { Icon } from '@/components/ui/icon';
import { GradeBadge } from '@/components/project/grade-badge';
import { ProjectLogo } from '@/components/project/project-logo';
import { useProjectSearch } from '@/components/search/use-project-search';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ADD_PROJECT_LIST_HEIGHT } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { CHROME_TEXTS } from '@/lib/messages/chrome';
import { SEARCH_TEXTS } from '@/lib/messages/search';
import type { WatchedProject } from '@/lib/schemas/watchlist';
import { gradeFor } from '@/lib/grades';
import type { SearchResult } from '@/lib/search';
import { cn, formatRank } from '@/lib/utils';

import { selectedWatchlistIdAtom } from './atoms';
import { WatchlistNameDialog } from './create-watchlist-dialog';
import { useWatchlists } from './use-watchlists';

type Sort = 'added' | 'name' | 'score' | 'rank';

/** The watchlists page (under a WatchlistsProvider with the user's lists): tabs, the selected list's projects, Add Projects. */
export function WatchlistsView({ details }: { details: Record<string, WatchedProject> }) {
  const ops = useWatchlists();
  const setStarTarget = useSetAtom(selectedWatchlistIdAtom);
  const [added, setAdded] = useState<Record<string, WatchedProject>>({});
  const [sort, setSort] = useState<Sort>('added');
  const known = useMemo(() => ({ ...added, ...details }), [added, details]);

  const rows = ops.current.projects
    .map((id, index) => ({ index, project: known[id] ?? { id, name: id, logo: null, rank: null, tokenTickers: [], score: null, latestAlert: null } }))
    .sort((a, b) => {
      if (sort === 'name') return a.project.name.localeCompare(b.project.name);
      if (sort === 'score') return (b.project.score ?? -1) - (a.project.score ?? -1);
      if (sort === 'rank') return (a.project.rank ?? Number.MAX_SAFE_INTEGER) - (b.project.rank ?? Number.MAX_SAFE_INTEGER);
      return a.index - b.index;
    });

  const addFromSearch = (project: SearchResult) => {
    setAdded((current) => ({ ...current, [project.id]: { ...project, score: null, latestAlert: null } }));
    ops.toggle(project.id);
  };
  const names = ops.lists.map((list) => list.name);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]" aria-busy={ops.isBusy}>
      <div className="grid content-start gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <div role="tablist" aria-label="Your watchlists" className="flex flex-wrap gap-2">
            {ops.lists.map((list, index) => (
              <button
                key={list.id}
                role="tab"
                aria-selected={index === ops.selectedIndex}
                onClick={() => {
                  ops.select(index);
                  setStarTarget(list.id);
                }}
                className={cn('rounded-full border px-4 py-1.5 text-sm font-medium', index === ops.selectedIndex ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted')}
              >
                {list.name} <span className="tabular opacity-70">({list.projects.length})</span>
              </button>
            ))}
          </div>
          <div className="ml-auto flex gap-2">
            <WatchlistNameDialog
              title="New watchlist"
              confirmLabel="Create"
              existingNames={names}
              onConfirm={ops.create}
              trigger={
                <Button variant="outline" size="sm">
                  <Icon node={Plus} /> New watchlist
                </Button>
              }
            />
            <WatchlistNameDialog
              key={ops.current.id}
              title="Rename watchlist"
              confirmLabel="Rename"
              existingNames={names}
              initialName={ops.current.name}
              onConfirm={ops.rename}
              trigger={
                <Button variant="outline" size="sm">
                  <Icon node={Pencil} /> Rename
                </Button>
              }
            />
            <Button variant="outline" size="sm" disabled={!ops.canDelete} onClick={ops.remove}>
              <Icon node={Trash2} /> Delete
            </Button>
          </div>
        </div>
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{ops.current.name}</h2>
          <label className="flex items-center gap-2 text-sm">
            Sort by
            <select className="h-8 rounded-md border bg-background px-2" value={sort} onChange={(event) => setSort(event.target.value as Sort)}>
              <option value="added">Date added</option>
              <option value="name">Name</option>
              <option value="score">Security score</option>
              <option value="rank">Rank</option>
            </select>
          </label>
        </div>
        {rows.length === 0 ? (
          <p className="rounded-lg border p-6 text-center text-muted-foreground">No projects yet. Add some with the list on the right, or the star on any project.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={`Projects in ${ops.current.name}`}>
            {rows.map(({ project }) => {
              const grade = project.score === null ? null : gradeFor(project.score);
              return (
                <li key={project.id} className="flex items-center gap-3 p-3">
                  <ProjectLogo src={project.logo} name={project.name} size={32} />
                  <div className="min-w-0 flex-1">
                    <Link href={`/projects/${project.id}`} className="font-medium hover:underline">
                      {project.name}
                    </Link>
                    <p className="truncate text-xs text-muted-foreground">
                      {formatRank(project.rank)} · {project.tokenTickers[0] ?? 'no token'}
                      {project.latestAlert ? ` · latest alert ${formatDate(project.latestAlert.occurredAt)}: ${project.latestAlert.title}` : ' · no alerts'}
                    </p>
                  </div>
                  <GradeBadge grade={grade?.grade ?? null} tone={grade?.tone ?? null} score={project.score} />
                  <Button variant="ghost" size="icon" aria-label={`Remove ${project.name} from ${ops.current.name}`} onClick={() => ops.toggle(project.id)}>
                    <Icon node={X} />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <AddProjectsList existing={ops.current.projects} onAdd={addFromSearch} />
    </div>
  );
}

type Props = {
  title?: string;
  height?: number;
  /** single: a project already in the list is not added again; multiple: every click calls onAdd. */
  mode?: 'single' | 'multiple';
  existing: string[];
  onAdd: (project: SearchResult) => void;
};

/** Find projects by name or ticker (2+ characters) and add them. Rows off screen are not rendered (content-visibility). */
export function AddProjectsList({ title = CHROME_TEXTS.addProjects, height = ADD_PROJECT_LIST_HEIGHT, mode = 'single', existing, onAdd }: Props) {
  const [keyword, setKeyword] = useState('');
  const { searching, results, failed } = useProjectSearch(keyword);
  const shown = searching ? (results ?? []) : [];
  return (
    <section aria-label={title} className="rounded-xl border p-4">
      <h2 className="text-base font-semibold">{title}</h2>
      <Input className="mt-3" aria-label={SEARCH_TEXTS.addProjectsLabel} placeholder={SEARCH_TEXTS.addProjectsPlaceholder} value={keyword} maxLength={100} onChange={(event) => setKeyword(event.target.value)} />
      <ul className="mt-3 overflow-y-auto" style={{ height }}>
        {!searching ? <li className="p-2 text-sm text-muted-foreground">{SEARCH_TEXTS.typeMore}</li> : null}
        {searching && failed ? <li className="p-2 text-sm text-muted-foreground">{SEARCH_TEXTS.unavailable}</li> : null}
        {searching && results?.length === 0 ? <li className="p-2 text-sm text-muted-foreground">{SEARCH_TEXTS.noResults}</li> : null}
        {shown.map((project) => {
          const added = existing.includes(project.id);
          return (
            <li key={project.id} className="[content-visibility:auto] [contain-intrinsic-size:auto_44px]">
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-muted disabled:opacity-60"
                aria-label={`${added ? 'Added' : 'Add'} ${project.name}`}
                disabled={mode === 'single' && added}
                onClick={() => {
                  if (mode === 'single' && existing.includes(project.id)) return;
                  onAdd(project);
                }}
              >
                <span className="tabular w-10 text-xs text-muted-foreground">{formatRank(project.rank)}</span>
                <ProjectLogo src={project.logo} name={project.name} size={24} />
                <span className="flex-1 font-medium">{project.name}</span>
                <span className="text-xs text-muted-foreground">{project.tokenTickers[0]}</span>
                {added ? <Icon node={Check} className="size-4 text-emerald-600" /> : <Icon node={Plus} className="size-4" />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
