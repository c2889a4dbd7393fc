'use client';

import { Search } from 'lucide';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';

import { Icon } from '@/components/ui/icon';
import { loadHttp } from '@/lib/load-http';
import { SEARCH_TEXTS } from '@/lib/messages/search';
import type { SearchResult } from '@/lib/search';
import { cx } from '@/lib/class-names';

import { useProjectSearch } from './use-project-search';

const loadList = () => import('./project-search-list');
const ProjectSearchList = lazy(loadList);
// The list's code and the HTTP client its searches go through load as soon as the box is pointed at or touched.
const preloadList = () => {
  void loadList().catch(() => undefined);
  void loadHttp().catch(() => undefined);
};

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
  /** The box's look: on the navy bar, a form field, or the home page's large box. */
  look?: SearchBoxLook;
};

type SearchBoxLook = 'nav' | 'field' | 'hero';
// A look per place rather than className overrides: the classes join without a merge (cx).
const INPUT_LOOKS: Record<SearchBoxLook, string> = {
  nav: 'h-9 rounded-md border border-white/15 bg-white/10 text-sm text-navy-foreground placeholder:text-navy-foreground/60 focus-visible:border-white/40 focus-visible:ring-2 focus-visible:ring-white/30',
  field: 'h-11 rounded-md border bg-background text-foreground focus-visible:ring-2 focus-visible:ring-ring',
  hero: 'h-14 rounded-xl border-0 bg-background text-base text-foreground shadow-lg focus-visible:ring-2 focus-visible:ring-ring',
};

/**
 * The project search box (SPEC §2): a combobox whose list sits in a Radix popover, which closes it on Escape, on a
 * click elsewhere and when focus leaves (no blur timer); the keys that move through the list are ours. The list's
 * code loads when the box is first pointed at, touched or focused, and stays mounted from then on.
 */
export function ProjectSearch({ context, disabled = false, onSelect, onChosen, openOnFocus = true, className, look }: Props) {
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
  // Set by the first opening and never cleared, so the popover can animate closed and reopen at once.
  const [listWanted, setListWanted] = useState(false);
  if (showList && !listWanted) setListWanted(true);
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
    <>
      <div ref={anchorRef} className={cx('relative', className)} onPointerEnter={preloadList} onTouchStart={preloadList}>
        <Icon node={Search} className={cx('pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2', isNav ? 'text-navy-foreground/60' : 'text-muted-foreground')} />
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
          className={cx('w-full pr-3 pl-9 focus-visible:outline-none disabled:cursor-not-allowed', INPUT_LOOKS[look ?? (isNav ? 'nav' : 'field')])}
        />
      </div>
      {listWanted ? (
        <Suspense fallback={null}>
          <ProjectSearchList
            open={showList}
            onClose={close}
            anchorRef={anchorRef}
            listId={listId}
            isNav={isNav}
            heading={searching ? null : heading}
            loading={loading}
            failed={failed}
            results={results}
            active={active}
            onActivate={setActive}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
