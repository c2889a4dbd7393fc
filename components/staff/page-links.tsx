import Link from 'next/link';

/** A console URL keeping the list's filters: empty values are left out, so links stay short. */
export function listHref(path: string, params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** "Page 2 of 5" with links to the neighbouring pages of a console list, filters kept. */
export function PageLinks({ path, params, page, pageCount, total }: { path: string; params: Record<string, string | undefined>; page: number; pageCount: number; total: number }) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-4 text-sm">
      <span className="tabular text-muted-foreground">
        Page {page} of {pageCount} · {total} in all
      </span>
      {page > 1 ? (
        <Link href={listHref(path, { ...params, page: page - 1 })} className="font-medium text-primary underline underline-offset-4">
          Previous page
        </Link>
      ) : null}
      {page < pageCount ? (
        <Link href={listHref(path, { ...params, page: page + 1 })} className="font-medium text-primary underline underline-offset-4">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The native select of the console's filters and forms, styled like the inputs. A select is as wide as its longest
 * option (a member's address, say): min-w-0 and max-w-full let it narrow to a phone's width instead of widening the page.
 */
export const selectClassName =
  'h-9 min-w-0 max-w-full rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm';
