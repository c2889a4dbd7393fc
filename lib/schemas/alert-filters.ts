/**
 * The incident database's filters (/alerts, issue #21), parsed from the URL's search params and written back to
 * them, so a filtered view can be shared. A bad value never fails the page: it is dropped and named in a notice.
 */
import { z } from '@/lib/zod';

import { lineText } from './text';

import { ALERT_ORIGINS, ALERT_TYPES, type AlertOrigin, type AlertType } from '../alerts';
import { ALERT_DATABASE_MESSAGES } from '../messages/alert-database';

export const ALERT_DATABASE_PAGE_SIZE = 25;
/** Deep pages of a filtered list are never useful and cost an offset scan: narrow the filters instead. */
export const ALERT_DATABASE_MAX_PAGE = 1000;
export const RETURNED_FILTERS = ['yes', 'no'] as const;

export type AlertFilters = {
  type: AlertType | null;
  technique: string | null;
  chain: string | null;
  category: string | null;
  /** The project's id (slug): the project page links to its own alerts. */
  project: string | null;
  /** Days (YYYY-MM-DD, UTC), both ends included. */
  from: string | null;
  to: string | null;
  minLost: number | null;
  maxLost: number | null;
  origin: AlertOrigin | null;
  returned: (typeof RETURNED_FILTERS)[number] | null;
  /** A project's name or one of its tickers. */
  q: string | null;
  page: number;
};

export const EMPTY_ALERT_FILTERS: AlertFilters = {
  type: null,
  technique: null,
  chain: null,
  category: null,
  project: null,
  from: null,
  to: null,
  minLost: null,
  maxLost: null,
  origin: null,
  returned: null,
  q: null,
  page: 1,
};

const text = lineText(100);
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  });
const usdAmount = z.coerce.number<string>().finite().min(0).max(1e15);

/** One schema per query parameter, so each bad one is dropped on its own. */
export const alertFilterFieldSchemas = {
  type: z.enum(ALERT_TYPES),
  technique: text,
  chain: text,
  category: text,
  project: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/),
  from: isoDay,
  to: isoDay,
  minLost: z.string().trim().min(1).pipe(usdAmount),
  maxLost: z.string().trim().min(1).pipe(usdAmount),
  origin: z.enum(ALERT_ORIGINS),
  returned: z.enum(RETURNED_FILTERS),
  q: text,
  page: z.string().regex(/^\d{1,7}$/).pipe(z.coerce.number<string>().int().min(1).max(ALERT_DATABASE_MAX_PAGE)),
} satisfies { [K in keyof AlertFilters]: z.ZodType<AlertFilters[K] & {}, string> };

/** The whole query as one schema: search params in, filters and the notices of what was ignored out. */
export const alertFiltersSchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]).optional())
  .transform((params) => {
    const filters: AlertFilters = { ...EMPTY_ALERT_FILTERS };
    const ignored: string[] = [];
    for (const key of Object.keys(alertFilterFieldSchemas) as (keyof AlertFilters)[]) {
      const raw = params[key];
      // A repeated parameter takes its first value, as the form sends one.
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (value === undefined || value.trim() === '') continue;
      const parsed = alertFilterFieldSchemas[key].safeParse(value);
      if (parsed.success) (filters as Record<string, unknown>)[key] = parsed.data;
      else ignored.push(ALERT_DATABASE_MESSAGES.ignoredFilter(key, value));
    }
    if (filters.from && filters.to && filters.from > filters.to) {
      ignored.push(ALERT_DATABASE_MESSAGES.ignoredRange('to', filters.to, 'from'));
      filters.to = null;
    }
    if (filters.minLost !== null && filters.maxLost !== null && filters.minLost > filters.maxLost) {
      ignored.push(ALERT_DATABASE_MESSAGES.ignoredRange('maxLost', String(filters.maxLost), 'minLost'));
      filters.maxLost = null;
    }
    return { filters, ignored };
  });

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** Filters from a page's searchParams (or a URLSearchParams); never throws. */
export function parseAlertFilters(input: SearchParamsInput): { filters: AlertFilters; ignored: string[] } {
  const record: Record<string, string | string[] | undefined> = {};
  if (input instanceof URLSearchParams) {
    for (const key of new Set(input.keys())) record[key] = input.getAll(key);
  } else Object.assign(record, input);
  return alertFiltersSchema.parse(record);
}

/** The search params for filters, defaults left out so shared links stay short; parseAlertFilters reads them back. */
export function alertFiltersToSearchParams(filters: Partial<AlertFilters>): URLSearchParams {
  const merged = { ...EMPTY_ALERT_FILTERS, ...filters };
  const params = new URLSearchParams();
  for (const key of Object.keys(alertFilterFieldSchemas) as (keyof AlertFilters)[]) {
    const value = merged[key];
    if (value === null || value === undefined) continue;
    if (key === 'page' && value === 1) continue;
    params.set(key, String(value));
  }
  return params;
}

/** "/alerts?…" for filters (the pagination and the project page's link). */
export function alertDatabaseHref(filters: Partial<AlertFilters>): string {
  const query = alertFiltersToSearchParams(filters).toString();
  return query ? `/alerts?${query}` : '/alerts';
}

/** The CSV export of the filtered set: the same filters, every page. */
export function alertCsvHref(filters: Partial<AlertFilters>): string {
  const query = alertFiltersToSearchParams({ ...filters, page: 1 }).toString();
  return query ? `/alerts/export.csv?${query}` : '/alerts/export.csv';
}
