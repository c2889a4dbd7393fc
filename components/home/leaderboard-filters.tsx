import Link from 'next/link';

import { AutoApplyForm } from '@/components/chrome/auto-apply-form';
import { buttonVariants } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import { AUDIT_STATUS_LABELS } from '@/lib/format';
import { AUDIT_FILTERS, DEFAULT_FILTERS, LEADERBOARD_SORTS, leaderboardQuery, SORT_LABELS, type LeaderboardFilters as Filters } from '@/lib/leaderboard';
import { GRADES } from '@/lib/grades';

type Props = { filters: Filters; categories: string[]; chains: string[] };

const selectClass = 'h-9 w-full rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The default sort is the empty choice, so it stays out of the address like every other default. */
const sortValue = (sort: Filters['sort']) => (sort === DEFAULT_FILTERS.sort ? '' : sort);

/**
 * Advanced filtering: a GET form to the leaderboard, so a filtered view is an address that can be shared. Rendered
 * here with the page; in the browser every change applies at once (AutoApplyForm), without JavaScript the Apply
 * button sends it. Keyed by the filters, so after a navigation (or Reset) the fields show the address's values.
 */
export function LeaderboardFilters({ filters, categories, chains }: Props) {
  return (
    <AutoApplyForm key={leaderboardQuery(filters)} action="/projects" aria-label="Filter projects" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Category</span>
        <select name="category" className={selectClass} defaultValue={filters.category ?? ''}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category}>{category}</option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Chain</span>
        <select name="chain" className={selectClass} defaultValue={filters.chain ?? ''}>
          <option value="">All chains</option>
          {chains.map((chain) => (
            <option key={chain}>{chain}</option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Grade</span>
        <select name="grade" className={selectClass} defaultValue={filters.grade ?? ''}>
          <option value="">All grades</option>
          {GRADES.map((grade) => (
            <option key={grade}>{grade}</option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Audit status</span>
        <select name="audit" className={selectClass} defaultValue={filters.audit ?? ''}>
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
        <input name="minScore" aria-label="Minimum score" type="number" min={0} max={100} placeholder="Min" className={selectClass} defaultValue={filters.minScore ?? ''} />
        <input name="maxScore" aria-label="Maximum score" type="number" min={0} max={100} placeholder="Max" className={selectClass} defaultValue={filters.maxScore ?? ''} />
      </fieldset>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Sort by</span>
        <select name="sort" className={selectClass} defaultValue={sortValue(filters.sort)}>
          {LEADERBOARD_SORTS.map((sort) => (
            <option key={sort} value={sortValue(sort)}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input name="kyc" value="1" type="checkbox" className="size-4 accent-primary" defaultChecked={filters.kyc} />
        KYC verified team
      </label>
      <div className="flex gap-2 self-end">
        {/* Changes apply as they are made where scripts run; without them this sends the form. */}
        <noscript>
          <button type="submit" className={buttonVariants()}>
            Apply filters
          </button>
        </noscript>
        <Link href="/projects" className={cx(buttonVariants({ variant: 'outline' }), 'grow')}>
          Reset filters
        </Link>
      </div>
    </AutoApplyForm>
  );
}
