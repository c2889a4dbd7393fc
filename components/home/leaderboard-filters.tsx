'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';

import { Button } from '@/components/ui/button';
import { AUDIT_STATUS_LABELS } from '@/lib/format';
import { AUDIT_FILTERS, DEFAULT_FILTERS, LEADERBOARD_SORTS, leaderboardQuery, SORT_LABELS, type LeaderboardFilters as Filters } from '@/lib/leaderboard';
import { GRADES } from '@/lib/grades';

type Props = { filters: Filters; categories: string[]; chains: string[] };

const selectClass = 'h-9 w-full rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Advanced filtering: every change goes into the URL of the leaderboard, so a filtered view can be shared. */
export function LeaderboardFilters({ filters, categories, chains }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const apply = (change: Partial<Filters>) => {
    const next = { ...filters, ...change, page: 1 };
    startTransition(() => router.push(`/projects${leaderboardQuery(next)}`, { scroll: false }));
  };
  const optional = (value: string) => (value === '' ? null : value);

  return (
    <form aria-label="Filter projects" aria-busy={pending} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Category</span>
        <select className={selectClass} value={filters.category ?? ''} onChange={(event) => apply({ category: optional(event.target.value) })}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category}>{category}</option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Chain</span>
        <select className={selectClass} value={filters.chain ?? ''} onChange={(event) => apply({ chain: optional(event.target.value) })}>
          <option value="">All chains</option>
          {chains.map((chain) => (
            <option key={chain}>{chain}</option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Grade</span>
        <select className={selectClass} value={filters.grade ?? ''} onChange={(event) => apply({ grade: optional(event.target.value) as Filters['grade'] })}>
          <option value="">All grades</option>
          {GRADES.map((grade) => (
            <option key={grade}>{grade}</option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Audit status</span>
        <select className={selectClass} value={filters.audit ?? ''} onChange={(event) => apply({ audit: optional(event.target.value) as Filters['audit'] })}>
          <option value="">Any</option>
          {AUDIT_FILTERS.map((status) => (
            <option key={status} value={status}>
              {AUDIT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="grid grid-cols-2 gap-2 text-sm">
        <legend className="mb-1 font-medium">Score range</legend>
        <input
          aria-label="Minimum score"
          type="number"
          min={0}
          max={100}
          placeholder="Min"
          className={selectClass}
          defaultValue={filters.minScore ?? ''}
          onBlur={(event) => apply({ minScore: event.target.value === '' ? null : Number(event.target.value) })}
        />
        <input
          aria-label="Maximum score"
          type="number"
          min={0}
          max={100}
          placeholder="Max"
          className={selectClass}
          defaultValue={filters.maxScore ?? ''}
          onBlur={(event) => apply({ maxScore: event.target.value === '' ? null : Number(event.target.value) })}
        />
      </fieldset>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Sort by</span>
        <select className={selectClass} value={filters.sort} onChange={(event) => apply({ sort: event.target.value as Filters['sort'] })}>
          {LEADERBOARD_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" checked={filters.kyc} onChange={(event) => apply({ kyc: event.target.checked })} />
        KYC verified team
      </label>
      <div className="self-end">
        <Button type="button" variant="outline" className="w-full" onClick={() => apply(DEFAULT_FILTERS)}>
          Reset filters
        </Button>
      </div>
    </form>
  );
}
