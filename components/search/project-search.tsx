'use client';

import { Search } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { ProjectLogo } from '@/components/project/project-logo';
import { Skeleton } from '@/components/ui/skeleton';
import { NAV_SEARCH_DROPDOWN_WIDTH, SEARCH_KEYWORD_MIN_LENGTH, SEARCH_LOADING_ROWS } from '@/lib/constants';
import { http } from '@/lib/http';
import { SEARCH_TEXTS } from '@/lib/messages';
import type { SearchResult } from '@/lib/search';
import { cn, formatRank } from '@/lib/utils';

export type SearchContext = 'main' | 'nav' | 'survey';

type Props = {
  context: SearchContext;
  /** The navigation variant is disabled while the bar does not show it. */
  disabled?: boolean;
  /** Instead of opening the project page (the survey picks projects). */
  onSelect?: (project: SearchResult) => void;
  /** Called after a choice, e.g. to close the drawer the box sits in. */
  onChosen?: () => void;
  /** Open the list as soon as the box gets focus (off inside forms, where a dialog focuses it on opening). */
  openOnFocus?: boolean;
  className?: string;
  inputClassName?: string;
};

const DEBOUNCE_MS = 150;

/** The project search box (SPEC §2) with combobox keyboard support, in its main, navigation and survey forms. */
export function ProjectSearch({ context, disabled = false, onSelect, onChosen, openOnFocus = true, className, inputClassName }: Props) {
  const router = useRouter();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [trending, setTrending] = useState<SearchResult[] | null>(null);
  const [matches, setMatches] = useState<{ keyword: string; results: SearchResult[] } | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);

  const query = keyword.trim();
  const searching = query.length >= SEARCH_KEYWORD_MIN_LENGTH;
  const results = searching ? (matches?.keyword === query ? matches.results : null) : trending;
  const heading = context === 'main' && !searching ? SEARCH_TEXTS.trendingProjects : SEARCH_TEXTS.trendingSearch;

  // Focusing the input loads the trending list once.
  const loadTrending = () => {
    if (trending) return;
    http
      .get<SearchResult[]>('/api/search-project', { query: { keyword: '' } })
      .then(setTrending)
      .catch(() => setFailed(true));
  };

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      http
        .get<SearchResult[]>('/api/search-project', { query: { keyword: query }, signal: controller.signal })
        .then((found) => {
          setMatches({ keyword: query, results: found });
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query, searching]);

  const choose = (project: SearchResult) => {
    setKeyword('');
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    if (onSelect) onSelect(project);
    else router.push(`/projects/${project.id}`);
    onChosen?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results?.length ?? 0;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (count) setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (count) setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter') {
      const chosen = results?.[active] ?? (searching ? results?.[0] : undefined);
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const showList = open && !disabled;
  const activeId = showList && active >= 0 && results?.[active] ? `${listId}-${results[active].id}` : undefined;
  const isNav = context === 'nav';

  return (
    <div className={cn('relative', className)}>
      <Search aria-hidden className={cn('pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2', isNav ? 'text-navy-foreground/60' : 'text-muted-foreground')} />
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label={isNav ? SEARCH_TEXTS.navPlaceholder : SEARCH_TEXTS.mainPlaceholder}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={isNav ? SEARCH_TEXTS.navPlaceholder : SEARCH_TEXTS.mainPlaceholder}
        disabled={disabled}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => {
          if (openOnFocus) setOpen(true);
          loadTrending();
        }}
        onClick={() => setOpen(true)}
        // Closes a moment later so a click on a result lands first; not if the focus came back meanwhile (a form
        // that refocuses the box after a failed submit, then a click on it).
        onBlur={() =>
          window.setTimeout(() => {
            if (document.activeElement !== inputRef.current) setOpen(false);
          }, 120)
        }
        onKeyDown={onKeyDown}
        className={cn(
          'w-full rounded-md pr-3 pl-9 focus-visible:outline-none disabled:cursor-not-allowed',
          isNav
            ? 'h-9 border border-white/15 bg-white/10 text-sm text-navy-foreground placeholder:text-navy-foreground/60 focus-visible:border-white/40 focus-visible:ring-2 focus-visible:ring-white/30'
            : 'h-11 border bg-background focus-visible:ring-2 focus-visible:ring-ring',
          inputClassName,
        )}
      />
      <div
        className={cn('absolute top-full z-50 mt-2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg', showList ? 'block' : 'hidden', isNav ? 'right-0' : 'inset-x-0')}
        style={isNav ? { width: NAV_SEARCH_DROPDOWN_WIDTH } : undefined}
      >
        {!searching ? <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</p> : null}
        <ul id={listId} role="listbox" aria-label={searching ? 'Search results' : heading} className="max-h-80 overflow-y-auto py-1">
          {results === null && !failed
            ? Array.from({ length: SEARCH_LOADING_ROWS }, (_, index) => (
                <li key={index} aria-hidden className="flex items-center gap-3 px-3 py-2" data-testid="search-loading-row">
                  <Skeleton className="h-4 w-8" />
                  <Skeleton className="size-6 rounded-full" />
                  <Skeleton className="h-4 flex-1" />
                </li>
              ))
            : null}
          {failed && results === null ? <li className="px-3 py-3 text-sm text-muted-foreground">Search is unavailable. Please try again.</li> : null}
          {results?.length === 0 ? <li className="px-3 py-3 text-sm text-muted-foreground">No projects found.</li> : null}
          {results?.map((project, index) => (
            <li
              key={project.id}
              id={`${listId}-${project.id}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(project)}
              onMouseEnter={() => setActive(index)}
              className={cn('flex cursor-pointer items-center gap-3 px-3 py-2 text-sm', index === active && 'bg-accent text-accent-foreground')}
            >
              <span className="tabular w-10 shrink-0 text-xs text-muted-foreground">{formatRank(project.rank)}</span>
              <ProjectLogo src={project.logo} name={project.name} size={24} />
              <span className="min-w-0 flex-1 truncate font-medium">{project.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{project.tokenTickers[0] ?? ''}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
