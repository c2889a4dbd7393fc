'use client';

import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Search } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

import { ProjectLogo } from '@/components/project/project-logo';
import { Popover, PopoverAnchor } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { NAV_SEARCH_DROPDOWN_WIDTH, PROJECT_PICKER_HEIGHT, SEARCH_LOADING_ROWS } from '@/lib/constants';
import { SEARCH_TEXTS } from '@/lib/messages';
import type { SearchResult } from '@/lib/search';
import { cn, formatRank } from '@/lib/utils';

import { useProjectSearch } from './use-project-search';

/** Where the box is used: the main search (home banner, mobile drawer), the navigation bar, or a picker inside a form (survey, incident report). */
export type SearchContext = 'main-search' | 'navigation-bar' | 'form-picker';

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

/**
 * The project search box (SPEC §2): a combobox whose list sits in a Radix popover, which closes it on Escape, on a
 * click elsewhere and when focus leaves (no blur timer); the keys that move through the list are ours.
 */
export function ProjectSearch({ context, disabled = false, onSelect, onChosen, openOnFocus = true, className, inputClassName }: Props) {
  const router = useRouter();
  const listId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { searching, results, loading, failed, loadTrending } = useProjectSearch(keyword);

  const heading = context === 'main-search' && !searching ? SEARCH_TEXTS.trendingProjects : SEARCH_TEXTS.trendingSearch;
  const isNav = context === 'navigation-bar';
  const showList = open && !disabled;
  const activeId = showList && active >= 0 && results?.[active] ? `${listId}-${results[active].id}` : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (project: SearchResult) => {
    setKeyword('');
    close();
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
      close();
    }
  };

  return (
    <Popover open={showList} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <PopoverAnchor asChild>
        <div ref={anchorRef} className={cn('relative', className)}>
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
            onKeyDown={onKeyDown}
            className={cn(
              'w-full rounded-md pr-3 pl-9 focus-visible:outline-none disabled:cursor-not-allowed',
              isNav
                ? 'h-9 border border-white/15 bg-white/10 text-sm text-navy-foreground placeholder:text-navy-foreground/60 focus-visible:border-white/40 focus-visible:ring-2 focus-visible:ring-white/30'
                : 'h-11 border bg-background text-foreground focus-visible:ring-2 focus-visible:ring-ring',
              inputClassName,
            )}
          />
        </div>
      </PopoverAnchor>
      {/* Not portalled: the list stays inside the header, banner or dialog the box belongs to. */}
      <PopoverPrimitive.Content
        role={undefined}
        side="bottom"
        align={isNav ? 'end' : 'start'}
        sideOffset={8}
        avoidCollisions={false}
        // Focus stays in the box while the list is open, and is not moved when it closes.
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        // The box is outside the list: clicking or refocusing it keeps the list open.
        onInteractOutside={(event) => {
          if (event.target instanceof Node && anchorRef.current?.contains(event.target)) event.preventDefault();
        }}
        // A press anywhere in the list keeps focus in the box, so the click on an option lands before anything closes.
        onMouseDown={(event) => event.preventDefault()}
        className="z-50 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
        style={{ width: isNav ? NAV_SEARCH_DROPDOWN_WIDTH : 'var(--radix-popover-trigger-width)' }}
      >
        {!searching ? <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</p> : null}
        <ul id={listId} role="listbox" aria-label={searching ? SEARCH_TEXTS.resultsLabel : heading} className="overflow-y-auto py-1" style={{ maxHeight: PROJECT_PICKER_HEIGHT }}>
          {loading
            ? Array.from({ length: SEARCH_LOADING_ROWS }, (_, index) => (
                <li key={index} aria-hidden className="flex items-center gap-3 px-3 py-2" data-testid="search-loading-row">
                  <Skeleton className="h-4 w-8" />
                  <Skeleton className="size-6 rounded-full" />
                  <Skeleton className="h-4 flex-1" />
                </li>
              ))
            : null}
          {failed ? <li className="px-3 py-3 text-sm text-muted-foreground">{SEARCH_TEXTS.unavailable}</li> : null}
          {results?.length === 0 ? <li className="px-3 py-3 text-sm text-muted-foreground">{SEARCH_TEXTS.noResults}</li> : null}
          {results?.map((project, index) => (
            <li
              key={project.id}
              id={`${listId}-${project.id}`}
              role="option"
              aria-selected={index === active}
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
      </PopoverPrimitive.Content>
    </Popover>
  );
}
