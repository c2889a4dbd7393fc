'use client';

import { Check, Plus } from 'lucide-react';
import { useState } from 'react';

import { ProjectLogo } from '@/components/project/project-logo';
import { useProjectSearch } from '@/components/search/use-project-search';
import { Input } from '@/components/ui/input';
import { ADD_PROJECT_LIST_HEIGHT } from '@/lib/constants';
import { CHROME_TEXTS, SEARCH_TEXTS } from '@/lib/messages';
import type { SearchResult } from '@/lib/search';
import { formatRank } from '@/lib/utils';

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
                {added ? <Check aria-hidden className="size-4 text-emerald-600" /> : <Plus aria-hidden className="size-4" />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
