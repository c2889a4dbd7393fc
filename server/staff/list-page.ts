import 'server-only';

import { sql } from 'drizzle-orm';

/** Rows per page of the console's lists. */
export const STAFF_LIST_PAGE_SIZE = 25;

/** An ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The page to show (never past the last) and how many there are, for `total` rows. */
export function pageWindow(total: number, requested: number): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / STAFF_LIST_PAGE_SIZE));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { page, pageCount, offset: (page - 1) * STAFF_LIST_PAGE_SIZE };
}

/** One page of a console list. */
export type StaffListPage<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

/** How many rows a list's filters match, selected as `{ total: rowCount }`. */
export const rowCount = sql<number>`count(*)::int`;

/**
 * One page of a console list: `countMatching` counts the rows the filters match, the requested page is kept within
 * the pages there are, and `readRows` reads that page's rows in the list's order.
 */
export async function readListPage<Row>(
  requestedPage: number,
  countMatching: () => PromiseLike<{ total: number }[]>,
  readRows: (window: { limit: number; offset: number }) => PromiseLike<Row[]>,
): Promise<StaffListPage<Row>> {
  const [{ total }] = await countMatching();
  const { page, pageCount, offset } = pageWindow(total, requestedPage);
  return { rows: await readRows({ limit: STAFF_LIST_PAGE_SIZE, offset }), total, page, pageCount };
}
