'use client';

import { Check, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';

import { ProjectLogo } from '@/components/project/project-logo';
import { Input } from '@/components/ui/input';
import { ADD_PROJECT_LIST_HEIGHT, SEARCH_KEYWORD_MIN_LENGTH } from '@/lib/constants';
import { http } from '@/lib/http';
import { CHROME_TEXTS } from '@/lib/messages';
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
  const [results, setResults] = useState<SearchResult[]>([]);
  const query = keyword.trim();

  useEffect(() => {
    if (query.length < SEARCH_KEYWORD_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      http
        .get<SearchResult[]>('/api/search-project', { query: { keyword: query }, signal: controller.signal })
        .then(setResults)
        .catch(() => undefined);
    }, 150);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query]);

  const shown = query.length >= SEARCH_KEYWORD_MIN_LENGTH ? results : [];
  return (
    <section aria-label={title} className="rounded-xl border p-4">
      <h2 className="text-base font-semibold">{title}</h2>
      <Input className="mt-3" aria-label="Search projects to add" placeholder="Search project (2+ characters)" value={keyword} maxLength={100} onChange={(event) => setKeyword(event.target.value)} />
      <ul className="mt-3 overflow-y-auto" style={{ height }}>
        {query.length < SEARCH_KEYWORD_MIN_LENGTH ? <li className="p-2 text-sm text-muted-foreground">Type at least {SEARCH_KEYWORD_MIN_LENGTH} characters.</li> : null}
        {query.length >= SEARCH_KEYWORD_MIN_LENGTH && shown.length === 0 ? <li className="p-2 text-sm text-muted-foreground">No projects found.</li> : null}
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
