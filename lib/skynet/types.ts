/** What Skynet's reads return, shared by the server (server/skynet/queries.ts) and the pages that show them. */

/** Why Skynet holds a function or an address to be privileged. */
export type SkynetEvidence = { method: 'source' | 'probe' | 'name' | 'owner' | 'event' | 'erc165' | 'erc1967'; detail: string };

/** One value of a named series (unix seconds). */
export type MetricPoint = { timestamp: number; value: number; detail: unknown; isDemo: boolean };

export type TopCaller = { address: string; calls: number };
export type TopEvent = { name: string; count: number };
export type TopFunctionCall = { name: string; calls: number; reverted: number };

export type PrivilegedAddress = {
  chainId: number;
  holder: string;
  privilege: string;
  label: string;
  active: boolean;
  sinceBlock: number | null;
  sinceTx: string | null;
  evidence: SkynetEvidence[];
};
export type PrivilegedFunction = { chainId: number; selector: string; signature: string; evidence: SkynetEvidence[] };
export type PrivilegedTransaction = { chainId: number; txHash: string; blockNumber: number; timestamp: number; from: string; functionName: string; succeeded: boolean };

/** A watched contract as the project page shows it. */
export type MonitoredContractView = {
  chainId: number;
  address: string;
  cursorBlock: number | null;
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
