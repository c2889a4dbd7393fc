/**
 * What Skynet's reads return, shared by the server (server/skynet/queries.ts) and the pages that show them. The
 * HTTP answers among them are typed by their zod schemas (lib/schemas/skynet.ts), which the OpenAPI document uses.
 */
import type { z } from '@/lib/zod';

import type {
  metricByTimestampsSchema,
  metricLatestSchema,
  metricPointSchema,
  privilegedAddressSchema,
  privilegedFunctionSchema,
  privilegedTransactionSchema,
  skynetEvidenceSchema,
  socialActivityDaySchema,
  topCallerSchema,
  topEventSchema,
  topFunctionCallSchema,
} from '../schemas/skynet';

/** Why Skynet holds a function or an address to be privileged. */
export type SkynetEvidence = z.infer<typeof skynetEvidenceSchema>;

/** One value of a named series (unix seconds). */
export type MetricPoint = z.infer<typeof metricPointSchema>;
export type MetricLatest = z.infer<typeof metricLatestSchema>;
export type MetricByTimestamps = z.infer<typeof metricByTimestampsSchema>;

export type TopCaller = z.infer<typeof topCallerSchema>;
export type TopEvent = z.infer<typeof topEventSchema>;
export type TopFunctionCall = z.infer<typeof topFunctionCallSchema>;

export type PrivilegedAddress = z.infer<typeof privilegedAddressSchema>;
export type PrivilegedFunction = z.infer<typeof privilegedFunctionSchema>;
export type PrivilegedTransaction = z.infer<typeof privilegedTransactionSchema>;

export type SocialActivityDay = z.infer<typeof socialActivityDaySchema>;

/** A watched contract as the project page shows it. */
export type MonitoredContractView = {
  chainId: number;
  address: string;
  cursorBlock: number | null;
  /** The figures count from this block: its logs (events) from fromBlock, the transactions sent to it from transactionsFromBlock. */
  fromBlock: number;
  transactionsFromBlock: number;
  functions: PrivilegedFunction[];
  holders: PrivilegedAddress[];
  transactions: PrivilegedTransaction[];
};

/** Everything the project page's Skynet panels show. */
export type ProjectSkynetView = {
  contracts: MonitoredContractView[];
  topCallers: TopCaller[];
  topEvents: TopEvent[];
  topFunctions: TopFunctionCall[];
  exchanges: MetricPoint | null;
  transactionsSeries: MetricPoint[];
  social: { type: string; points: { date: string; value: number; isDemo: boolean }[] }[];
};
