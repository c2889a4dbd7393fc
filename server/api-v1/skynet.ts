import 'server-only';

import { z } from '@/lib/zod';

import {
  contractAddressQuerySchema,
  metricByTimestampsQuerySchema,
  metricByTimestampsSchema,
  metricLatestQuerySchema,
  metricLatestSchema,
  privilegedAddressSchema,
  privilegedFunctionSchema,
  privilegedTransactionQuerySchema,
  privilegedTransactionSchema,
  socialActivityDaySchema,
  socialActivityQuerySchema,
  topCallerSchema,
  topEventSchema,
  topFunctionCallSchema,
  topQuerySchema,
} from '@/lib/schemas/skynet';

import { getPrivilegedAddresses, getPrivilegedFunctions, getPrivilegedTransactions } from '../skynet/privileged-queries';
import { getMetricByTimestamps, getMetricLatest, getSocialActivityByDates, getTopCallers, getTopEvents, getTopFunctionCalls } from '../skynet/queries';
import { readV1Query, v1Route, type V1Answer } from './http';

/**
 * Skynet's figures in v1: the same reads and answer shapes as /api/skynet/*, each wrapped as `{ data }` (so fields
 * can be added beside it) and with strict queries. One entry per figure: its summary, query, answer and read.
 */
type Figure<Q extends z.ZodObject> = { summary: string; query: Q; item: z.ZodType; read: (query: z.output<Q>) => Promise<unknown> };
const figure = <Q extends z.ZodObject>(entry: Figure<Q>) => ({ ...entry, query: z.strictObject(entry.query.shape) as unknown as Q });

export const SKYNET_FIGURES = {
  'metric-latest': figure({ summary: 'The newest value of a named series, e.g. name=exchanges(projectId=bitcoin)', query: metricLatestQuerySchema, item: metricLatestSchema, read: ({ name }) => getMetricLatest(name) }),
  'metric-by-timestamps': figure({
    summary: 'A series’ value in force at each unix time (the newest point at or before it)',
    query: metricByTimestampsQuerySchema,
    item: metricByTimestampsSchema,
    read: ({ name, timestamps }) => getMetricByTimestamps(name, timestamps),
  }),
  'top-callers': figure({ summary: 'Addresses calling the project’s contracts most', query: topQuerySchema, item: z.array(topCallerSchema), read: ({ projectId, count }) => getTopCallers(projectId, count) }),
  'top-events': figure({ summary: 'The project’s most frequent events', query: topQuerySchema, item: z.array(topEventSchema), read: ({ projectId, count }) => getTopEvents(projectId, count) }),
  'top-function-calls': figure({
    summary: 'The project’s most called functions (reverted calls counted apart)',
    query: topQuerySchema,
    item: z.array(topFunctionCallSchema),
    read: ({ projectId, count }) => getTopFunctionCalls(projectId, count),
  }),
  'privileged-addresses': figure({
    summary: 'Addresses holding or having held privileges on a contract, with evidence',
    query: contractAddressQuerySchema,
    item: z.array(privilegedAddressSchema),
    read: ({ address }) => getPrivilegedAddresses(address),
  }),
  'privileged-functions': figure({ summary: 'A contract’s privileged functions, with evidence', query: contractAddressQuerySchema, item: z.array(privilegedFunctionSchema), read: ({ address }) => getPrivilegedFunctions(address) }),
  'privileged-transactions': figure({
    summary: 'The newest calls to a contract’s privileged functions, reverted ones included',
    query: privilegedTransactionQuerySchema,
    item: z.array(privilegedTransactionSchema),
    read: ({ address, limit }) => getPrivilegedTransactions(address, limit),
  }),
  'social-activity': figure({
    summary: 'A project’s social activity of one type (e.g. tweets) on each date',
    query: socialActivityQuerySchema,
    item: z.array(socialActivityDaySchema),
    read: ({ projectId, type, dates }) => getSocialActivityByDates(projectId, type, dates),
  }),
};
export type SkynetFigure = keyof typeof SKYNET_FIGURES;

/** The route of one figure: `export const { GET, OPTIONS } = skynetV1Route('top-callers')`. */
export function skynetV1Route(name: SkynetFigure) {
  const entry = SKYNET_FIGURES[name] as unknown as Figure<z.ZodObject>;
  return v1Route(async (request): Promise<V1Answer> => ({ body: { data: await entry.read(readV1Query(request, entry.query)) } }));
}
