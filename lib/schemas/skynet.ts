import { z } from '@/lib/zod';

import { PROJECT_ID_PATTERN } from '@/lib/constants';
import { MetricNameError, parseMetricName } from '@/lib/skynet/metric-name';

import { safeText } from './text';

/** Query schemas of the /api/skynet calls (SPEC §7): every bad input is a 400 with a message naming the field. */

export const SKYNET_COUNT_DEFAULT = 10;
export const SKYNET_COUNT_MAX = 100;
export const SKYNET_LIMIT_DEFAULT = 20;
export const SKYNET_LIMIT_MAX = 200;
export const SKYNET_LIST_MAX = 100;

const projectId = z
  .string('projectId is required')
  .min(1, 'projectId is required')
  .max(100, 'projectId is too long')
  .regex(PROJECT_ID_PATTERN, 'projectId is not a project id');

/** A whole number in a query string, from min to max, with a default when absent. */
const wholeNumber = (field: string, fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (!/^\d{1,6}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      const number = Number(value);
      if (number < 1 || number > max) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return number;
    });

export const evmAddressSchema = z
  .string('address is required')
  .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x followed by 40 hexadecimal digits')
  .transform((value) => value.toLowerCase());

export const metricNameSchema = z
  .string('name is required')
  .transform((value, ctx) => {
    try {
      return parseMetricName(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `bad metric name: ${error instanceof MetricNameError ? error.message : 'unreadable'}` });
      return z.NEVER;
    }
  });

/** A comma list of at most SKYNET_LIST_MAX items, each checked by `item`. */
const commaList = <T>(field: string, item: (text: string) => T | null, one: string, many: string) =>
  z.string(`${field} is required`).transform((value, ctx) => {
    const parts = value.split(',');
    if (value === '' || parts.length > SKYNET_LIST_MAX) {
      ctx.addIssue({ code: 'custom', message: `${field} must list 1 to ${SKYNET_LIST_MAX} ${many}, separated by commas` });
      return z.NEVER;
    }
    const parsed: T[] = [];
    for (const part of parts) {
      const result = item(part.trim());
      if (result === null) {
        ctx.addIssue({ code: 'custom', message: `${field}: '${part.slice(0, 40)}' is not ${one}` });
        return z.NEVER;
      }
      parsed.push(result);
    }
    return parsed;
  });

/** Unix time in seconds, from 0 to the year 9999. */
const parseTimestamp = (text: string): number | null => (/^\d{1,12}$/.test(text) && Number(text) <= 253_402_300_799 ? Number(text) : null);

/** A calendar date YYYY-MM-DD that exists. */
const parseDate = (text: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
};

export const metricLatestQuerySchema = z.object({ name: metricNameSchema });

export const metricByTimestampsQuerySchema = z.object({
  name: metricNameSchema,
  timestamps: commaList('timestamps', parseTimestamp, 'a unix time in seconds', 'unix times in seconds'),
});

export const topQuerySchema = z.object({ projectId, count: wholeNumber('count', SKYNET_COUNT_DEFAULT, SKYNET_COUNT_MAX) });

export const contractAddressQuerySchema = z.object({ address: evmAddressSchema });

export const privilegedTransactionQuerySchema = z.object({
  address: evmAddressSchema,
  limit: wholeNumber('limit', SKYNET_LIMIT_DEFAULT, SKYNET_LIMIT_MAX),
});

export const SOCIAL_TYPE = /^[a-z][a-z0-9-]{0,31}$/;

export const socialActivityQuerySchema = z.object({
  projectId,
  type: z.string('type is required').regex(SOCIAL_TYPE, 'type must be a lower-case word such as tweets or followers'),
  dates: commaList('dates', parseDate, 'a date as YYYY-MM-DD', 'dates as YYYY-MM-DD'),
});

/** One row of an operator's social activity file (CSV or JSON). */
export const socialActivityRowSchema = z.object({
  projectId,
  type: z.string().regex(SOCIAL_TYPE, 'type must be a lower-case word such as tweets or followers'),
  date: z.string().refine((value) => parseDate(value) !== null, 'date must be YYYY-MM-DD'),
  value: z.coerce.number('value must be a number').finite('value must be a number').min(0, 'value cannot be negative'),
});

// ---- Watch lists (`npm run skynet -- watch --file FILE`) and the ABI files they name ----

/** The most rows one watch list may hold (twice the 10,000 contracts Skynet is sized for): the file is read whole. */
export const WATCH_LIST_MAX_ROWS = 20_000;

/** A project id, as every Skynet input takes it. */
export const skynetProjectIdSchema = projectId;

/** A whole number from `min` up, as a JSON number or a file's text of digits. */
const wholeNumberCell = (message: string, min: number) =>
  z.union([z.number(), z.string()], message).transform((value, ctx) => {
    const number = typeof value === 'number' ? value : /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(number) || number < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return number;
  });

/** A chain id of a watch list's row or of its --chain. */
export const watchListChainSchema = wholeNumberCell('chain must be a positive whole number (a chain id)', 1);

/** One row of a watch list: a CSV line under its header, or a JSON object. Its `chain` overrides --chain. */
export const watchListRowSchema = z.strictObject({
  projectId,
  address: evmAddressSchema,
  chain: watchListChainSchema.optional(),
  abi: safeText().min(1, 'abi must be a file path').max(1024, 'abi must be a file path of at most 1024 characters').optional(),
  fromBlock: wholeNumberCell('fromBlock must be a whole number from 0', 0).optional(),
});
export const WATCH_LIST_COLUMNS = { required: ['projectId', 'address'], optional: ['chain', 'abi', 'fromBlock'] } as const;

const abiParameterSchema = z.looseObject({ type: z.string('every input and output names its type') });
const ABI_ENTRY_TYPES = ['function', 'event', 'error', 'constructor', 'fallback', 'receive'] as const;
const abiEntrySchema = z
  .looseObject({
    type: z.enum(ABI_ENTRY_TYPES, `every entry is of type ${ABI_ENTRY_TYPES.join(', ')}`),
    name: z.string().optional(),
    inputs: z.array(abiParameterSchema).optional(),
    outputs: z.array(abiParameterSchema).optional(),
  })
  .refine((entry) => !['function', 'event', 'error'].includes(entry.type) || (entry.name !== undefined && entry.inputs !== undefined), 'every function, event and error has a name and inputs');

/** An ABI file's JSON: a bare ABI array, or an artifact with an `abi` field (solc, Hardhat, Foundry); its ABI. */
export const abiFileSchema = z
  .unknown()
  .transform((value) => (Array.isArray(value) ? value : (value as { abi?: unknown } | null)?.abi))
  .pipe(z.array(abiEntrySchema, 'holds no ABI (an array, or an object with an "abi" array)'));

// ---- Answers of the /api/skynet calls (lib/skynet/types.ts names their types) ----

/** Why Skynet holds a function or an address to be privileged. */
export const skynetEvidenceSchema = z.object({
  method: z.enum(['source', 'probe', 'name', 'owner', 'event', 'erc165', 'erc1967']),
  detail: z.string(),
});

const unixSeconds = z.int().nonnegative();

/** One value of a named series. */
export const metricPointSchema = z.object({ timestamp: unixSeconds, value: z.number(), detail: z.unknown(), isDemo: z.boolean() });

const metricSeries = { series: z.string(), name: z.string(), labels: z.record(z.string(), z.string()) };

export const metricLatestSchema = z.object({ ...metricSeries, latest: metricPointSchema.nullable() });
/** The point in force at each asked time: the newest at or before it, null before the series began. */
export const metricByTimestampsSchema = z.object({ ...metricSeries, points: z.array(z.object({ timestamp: unixSeconds, point: metricPointSchema.nullable() })) });

export const topCallerSchema = z.object({ address: z.string(), calls: z.int().nonnegative() });
export const topEventSchema = z.object({ name: z.string(), count: z.int().nonnegative() });
/** Reverted calls are counted in `calls` and again apart in `reverted`. */
export const topFunctionCallSchema = z.object({ name: z.string(), calls: z.int().nonnegative(), reverted: z.int().nonnegative() });

export const privilegedAddressSchema = z.object({
  chainId: z.int(),
  holder: z.string(),
  privilege: z.string(),
  label: z.string(),
  active: z.boolean(),
  sinceBlock: z.int().nullable(),
  sinceTx: z.string().nullable(),
  evidence: z.array(skynetEvidenceSchema),
});
export const privilegedFunctionSchema = z.object({ chainId: z.int(), selector: z.string(), signature: z.string(), evidence: z.array(skynetEvidenceSchema) });
export const privilegedTransactionSchema = z.object({
  chainId: z.int(),
  txHash: z.string(),
  blockNumber: z.int().nonnegative(),
  timestamp: unixSeconds,
  from: z.string(),
  functionName: z.string(),
  succeeded: z.boolean(),
});

/** A project's social activity of one type on one day; null when nothing was recorded for it. */
export const socialActivityDaySchema = z.object({ date: z.iso.date(), value: z.number().nullable(), isDemo: z.boolean() });
