import Link from 'next/link';

import { Button } from '@/components/ui/button';
import { ALERT_ORIGINS, ALERT_TYPES } from '@/lib/alerts';
import { ALERT_TYPE_LABELS } from '@/lib/format';
import { ALERT_DATABASE_MESSAGES as TEXT } from '@/lib/messages/alert-database';
import { RETURNED_FILTERS, type AlertFilters } from '@/lib/schemas/alert-filters';

const fieldClass = 'h-9 w-full rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * The incident database's filters as a plain GET form: submitting writes them into the URL (no script needed), so a
 * filtered view can be shared; the page parses them back. A project filter from a link rides along hidden.
 */
export function AlertFiltersForm({ filters }: { filters: AlertFilters }) {
  const textField = (name: 'q' | 'technique' | 'chain' | 'category', placeholder?: string) => (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{TEXT.filterLabels[name]}</span>
      <input name={name} defaultValue={filters[name] ?? ''} placeholder={placeholder} maxLength={100} className={fieldClass} />
    </label>
  );
  return (
    <form method="get" action="/alerts" aria-label={TEXT.filtersTitle} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {filters.project ? <input type="hidden" name="project" value={filters.project} /> : null}
      {textField('q')}
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{TEXT.filterLabels.type}</span>
        <select name="type" defaultValue={filters.type ?? ''} className={fieldClass}>
          <option value="">{TEXT.any}</option>
          {ALERT_TYPES.map((type) => (
            <option key={type} value={type}>
              {ALERT_TYPE_LABELS[type] ?? type}
            </option>
          ))}
        </select>
      </label>
      {textField('technique')}
      {textField('chain')}
      {textField('category')}
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{TEXT.filterLabels.from}</span>
        <input type="date" name="from" defaultValue={filters.from ?? ''} className={fieldClass} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{TEXT.filterLabels.to}</span>
        <input type="date" name="to" defaultValue={filters.to ?? ''} className={fieldClass} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{TEXT.filterLabels.minLost}</span>
        <input type="number" name="minLost" min={0} step="any" inputMode="decimal" defaultValue={filters.minLost ?? ''} className={fieldClass} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{TEXT.filterLabels.maxLost}</span>
        <input type="number" name="maxLost" min={0} step="any" inputMode="decimal" defaultValue={filters.maxLost ?? ''} className={fieldClass} />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{TEXT.filterLabels.origin}</span>
        <select name="origin" defaultValue={filters.origin ?? ''} className={fieldClass}>
          <option value="">{TEXT.any}</option>
          {ALERT_ORIGINS.map((origin) => (
            <option key={origin} value={origin}>
              {TEXT.originLabels[origin]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">{TEXT.filterLabels.returned}</span>
        <select name="returned" defaultValue={filters.returned ?? ''} className={fieldClass}>
          <option value="">{TEXT.any}</option>
          {RETURNED_FILTERS.map((value) => (
            <option key={value} value={value}>
              {TEXT.returnedLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-3">
        <Button type="submit">{TEXT.apply}</Button>
        <Link href="/alerts" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {TEXT.clear}
        </Link>
      </div>
    </form>
  );
}
