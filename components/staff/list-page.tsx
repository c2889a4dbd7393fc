import Link from 'next/link';
import type { ReactNode } from 'react';

import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

import type { SelectOption } from './form-fields';
import { PageLinks, selectClassName } from './page-links';

/*
 * The pieces every console list page is made of: the header, the filter form (a GET form, so a filtered list has its
 * own address), and the table with its empty state. Server components: they receive plain values.
 */

/** The page's title and what it is for, with its main action (a "New …" button, a download) on the right. */
export function StaffPageHeader({ title, description, action, children }: { title: string; description: ReactNode; action?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
        {children}
      </div>
      {action}
    </div>
  );
}

/** A link that looks like the page's main button. */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={buttonVariants()}>
      {children}
    </Link>
  );
}

/**
 * The list's filters as a GET form on the list's own address: "Filter" submits them, and "Clear filters" (shown while
 * any of `filters` is set) goes back to the whole list.
 */
export function FilterForm({
  label,
  path,
  filters,
  clearLabel = 'Clear filters',
  search = true,
  children,
}: {
  /** The form's accessible name, e.g. "Find alerts". */
  label: string;
  path: string;
  /** The filters as the page read them from its address. */
  filters: Record<string, string | undefined>;
  clearLabel?: string;
  /** A search landmark; the audit log's form only filters. */
  search?: boolean;
  children: ReactNode;
}) {
  return (
    <form method="get" role={search ? 'search' : undefined} aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
      <Button type="submit">Filter</Button>
      {Object.values(filters).some(Boolean) ? (
        <Link href={path} className="self-center text-sm font-medium text-primary underline underline-offset-4">
          {clearLabel}
        </Link>
      ) : null}
    </form>
  );
}

/** A labelled text box of a filter form; its name is the query parameter. */
export function FilterInput({ name, label, defaultValue, placeholder, type, className = 'w-48' }: { name: string; label: string; defaultValue: string | undefined; placeholder?: string; type?: 'search'; className?: string }) {
  const id = `filter-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} type={type} defaultValue={defaultValue ?? ''} placeholder={placeholder} className={className} />
    </div>
  );
}

/** The list's search box: parameter `q`. */
export const FilterSearch = ({ defaultValue, placeholder }: { defaultValue: string; placeholder: string }) => (
  <FilterInput name="q" label="Search" type="search" defaultValue={defaultValue} placeholder={placeholder} className="w-64" />
);

/** A labelled select of a filter form, whose first choice (`anyLabel`, empty) leaves the filter off. */
export function FilterSelect({ name, label, defaultValue, anyLabel, options }: { name: string; label: string; defaultValue: string | undefined; anyLabel: string; options: readonly SelectOption[] }) {
  const id = `filter-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} name={name} defaultValue={defaultValue ?? ''} className={selectClassName}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Options whose label is the value itself (categories, chains, actors). */
export const plainOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));

export type StaffColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: tabular and aligned right. */
  numeric?: boolean;
  /** More classes for the column's cells, e.g. `tabular` for dates. */
  className?: string;
};

/**
 * A console table: a caption for screen readers, a header row, one row per item; or `emptyText` when there is none.
 * Wide tables scroll sideways on a phone.
 */
export function StaffTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  emptyText,
  alignTop = false,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly (StaffColumn<Row> | false)[];
  emptyText: string;
  /** Rows of several lines (a name above an email): every cell starts at the top. */
  alignTop?: boolean;
}) {
  if (rows.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;
  const shown = columns.filter((column): column is StaffColumn<Row> => column !== false);
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b text-muted-foreground">
          <tr>
            {shown.map((column) => (
              <th key={column.header} scope="col" className={cn('py-2 pr-4 font-medium', column.numeric && 'text-right')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={cn('border-b last:border-0', alignTop && 'align-top')}>
              {shown.map((column) => (
                <td key={column.header} className={cn('py-2 pr-4', column.numeric && 'tabular text-right', column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The link from a list row to the item's own page. */
export function RowLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}

/**
 * A whole console list page in the order every one shows it: header, filter form (its fields are the children),
 * table, and page links that keep the filters.
 */
export function StaffListPage<Row>({
  title,
  description,
  action,
  filterLabel,
  path,
  filters,
  clearLabel,
  caption,
  emptyText,
  alignTop,
  rowKey,
  columns,
  list,
  children,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
  filterLabel: string;
  path: string;
  filters: Record<string, string | undefined>;
  clearLabel?: string;
  caption: string;
  emptyText: string;
  alignTop?: boolean;
  rowKey: (row: Row) => string;
  columns: readonly (StaffColumn<Row> | false)[];
  list: { rows: readonly Row[]; page: number; pageCount: number; total: number };
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <StaffPageHeader title={title} description={description} action={action} />
      <FilterForm label={filterLabel} path={path} filters={filters} clearLabel={clearLabel}>
        {children}
      </FilterForm>
      <StaffTable caption={caption} emptyText={emptyText} alignTop={alignTop} rows={list.rows} rowKey={rowKey} columns={columns} />
      <PageLinks path={path} params={filters} page={list.page} pageCount={list.pageCount} total={list.total} />
    </div>
  );
}
