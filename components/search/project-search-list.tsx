// No 'use client': this is part of ProjectSearch's island, imported (lazily) only by it, so already client code.

import * as PopoverPrimitive from '@radix-ui/react-popover';
import type { RefObject } from 'react';

import { ProjectLogo } from '@/components/project/project-logo';
import { Skeleton } from '@/components/ui/skeleton';
import { NAV_SEARCH_DROPDOWN_WIDTH, PROJECT_PICKER_HEIGHT, SEARCH_LOADING_ROWS } from '@/lib/constants';
import { SEARCH_TEXTS } from '@/lib/messages/search';
import type { SearchResult } from '@/lib/search';
import { cn, formatRank } from '@/lib/utils';

export type ProjectSearchListProps = {
  open: boolean;
  onClose: () => void;
  /** The box the list hangs under; a press or focus inside it is not "outside". */
  anchorRef: RefObject<HTMLDivElement | null>;
  listId: string;
  isNav: boolean;
  /** The heading over trending projects; null while a keyword is searched. */
  heading: string | null;
  loading: boolean;
  failed: boolean;
  results: SearchResult[] | null;
  active: number;
  onActivate: (index: number) => void;
  onChoose: (project: SearchResult) => void;
};

/**
 * The search box's list, in a Radix popover anchored to the box (SPEC §2). Its own module, loaded when a box is
 * first pointed at or focused, so a page's first load carries the box but not the popover and its positioning code.
 */
export default function ProjectSearchList({ open, onClose, anchorRef, listId, isNav, heading, loading, failed, results, active, onActivate, onChoose }: ProjectSearchListProps) {
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <PopoverPrimitive.Anchor virtualRef={anchorRef as RefObject<HTMLDivElement>} />
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
        {heading ? <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</p> : null}
        <ul id={listId} role="listbox" aria-label={heading ?? SEARCH_TEXTS.resultsLabel} className="overflow-y-auto py-1" style={{ maxHeight: PROJECT_PICKER_HEIGHT }}>
          {loading
            ? Array.from({ length: SEARCH_LOADING_ROWS }, (_, index) => (
                <li key={index} aria-hidden className="flex items-center gap-3 px-3 py-2" data-testid="search-loading-row">
                  <Skeleton className="h-4 w-8" />
                  <Skeleton corners="full" className="size-6" />
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
              onClick={() => onChoose(project)}
              onMouseEnter={() => onActivate(index)}
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
    </PopoverPrimitive.Root>
  );
}
