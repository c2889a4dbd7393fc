import 'server-only';

import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { erc20Abi, keccak256, type Abi } from 'viem';

import { WATCH_LIST_COLUMNS, WATCH_LIST_MAX_ROWS, watchListChainSchema, watchListRowSchema } from '@/lib/schemas/skynet';

import type { Database } from '../db/client';
import { projects, skynetContracts } from '../db/schema';
import { getConfig } from '../config';
import { shortError, withRetry } from './chain';
import { chainClient, listSkynetChains, type SkynetChain } from './chains';
import { findPrivilegedFunctions, replacePrivilegedFunctions, type PrivilegedFunctionFinding } from './privileges';
import { parseRows, readRowFile, RowFileError, type FileRow } from './row-file';
import { historyStart, readAbi, upsertWatchedContracts, watchStart, type WatchStart } from './watch';

// `npm run skynet -- watch --file FILE`: many contracts in one command and one process. Three steps, each done
// whole before the next: every row is checked (nothing read from a chain), then the chains are read for all rows
// at once, then one transaction writes them all. A bad row or a failed read leaves the database as it was.

/** The list cannot be watched as it is: every reason, one a line; nothing was read from a chain or written. */
export class WatchListRefusedError extends Error {
  name = 'WatchListRefusedError';
  constructor(readonly reasons: string[]) {
    super(`the watch list is refused (${reasons.length} ${reasons.length === 1 ? 'problem' : 'problems'}); nothing was written`);
  }
}

/** Reading the chains failed for some rows: every failure, one a line; nothing was written. */
export class WatchListReadError extends Error {
  name = 'WatchListReadError';
  constructor(readonly reasons: string[]) {
    super(`reading the chains failed (${reasons.length} ${reasons.length === 1 ? 'failure' : 'failures'}); nothing was written`);
  }
}

export type WatchListReport = {
  chains: { chainId: number; watched: number; created: number }[];
  /** Contracts whose privileged functions were probed: one per distinct (chain, runtime code, ABI). */
  probed: number;
};

/** A file past this size cannot be a list of WATCH_LIST_MAX_ROWS rows; it is refused before it is read whole. */
const MAX_FILE_BYTES = WATCH_LIST_MAX_ROWS * 1024;

/** Addresses per query of the contracts already watched: far below PostgreSQL's 65,535 parameters a statement. */
const ADDRESSES_PER_QUERY = 5_000;

/** Contracts read at once per chain: the calls they make together go out as one JSON-RPC batch of up to 100 (chains.ts). */
const READS_IN_FLIGHT = 100;

/** A row that passed every check, with what it resolved to. */
type PlannedRow = { row: number; projectId: string; address: `0x${string}`; chain: SkynetChain; abi: Abi; abiKey: string; fromBlock?: number };

/** What the chain said of a row. */
type RowFacts = { start: WatchStart; created: boolean; probeKey: string };

/** A failed chain read: of a row, or of a whole chain (row 0, listed first). */
type ReadFailure = { row: number; reason: string };

/** What reading one chain gave: each row's facts, the privileged functions by probe key, and what failed. */
type ChainReading = { facts: Map<number, RowFacts>; findings: Map<string, PrivilegedFunctionFinding[]>; failures: ReadFailure[] };

const DEFAULT_ABI_KEY = '(erc20)';
const contractKey = (projectId: string, chainId: number, address: string) => `${projectId}|${chainId}|${address}`;
const label = (entry: PlannedRow) => `row ${entry.row} (${entry.address} on chain ${entry.chain.id})`;
const failure = (entry: PlannedRow, reason: string): ReadFailure => ({ row: entry.row, reason: `${label(entry)}: ${reason}` });

/** Runs `work` on every item with at most `limit` in flight; `work` reports its own failures. */
async function forEachConcurrently<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Reads the list's rows, or refuses the whole file (unreadable, too large, no rows or too many). */
function readListRows(file: string) {
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_FILE_BYTES) throw new WatchListRefusedError([`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: a list holds at most ${WATCH_LIST_MAX_ROWS} rows`]);
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof WatchListRefusedError) throw error;
    throw new WatchListRefusedError([`${file} cannot be read (${shortError(error)})`]);
  }
  let rows: FileRow[];
  try {
    rows = readRowFile(text, file, WATCH_LIST_COLUMNS);
  } catch (error) {
    if (error instanceof RowFileError) throw new WatchListRefusedError([error.message]);
    throw error;
  }
  if (rows.length === 0) throw new WatchListRefusedError([`${file} holds no rows`]);
  if (rows.length > WATCH_LIST_MAX_ROWS) throw new WatchListRefusedError([`${file} holds ${rows.length} rows: at most ${WATCH_LIST_MAX_ROWS} are watched in one command`]);
  return rows;
}

/** Every check of every row, with no chain read: the schema, the project, the chain, the ABI file, duplicates. */
async function planWatchList(db: Database, file: string, chainOption: string | number | undefined): Promise<PlannedRow[]> {
  const option = chainOption === undefined ? undefined : watchListChainSchema.safeParse(chainOption);
  if (option && !option.success) throw new WatchListRefusedError([`--chain: ${option.error.issues[0].message}`]);
  const parsed = parseRows(readListRows(file), watchListRowSchema);

  const chains = new Map((await listSkynetChains()).map((chain) => [chain.id, chain]));
  const followed = [...chains.keys()].join(', ');
  if (chains.size === 0) throw new WatchListRefusedError(['Skynet follows no chain: set SKYNET_CHAINS (or RPC_URL for one chain)']);
  if (option && !chains.has(option.data)) throw new WatchListRefusedError([`--chain: chain ${option.data} is not in Skynet's chain registry (it follows ${followed})`]);
  const defaultChain = option?.data ?? (chains.size === 1 ? [...chains.keys()][0] : undefined);

  const valid = parsed.flatMap((entry) => ('value' in entry ? [entry.value] : []));
  const projectIds = [...new Set(valid.map((row) => row.projectId))];
  const known = new Set(projectIds.length ? (await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, projectIds))).map((row) => row.id) : []);
  const abis = new Map<string, Abi | Error>([[DEFAULT_ABI_KEY, erc20Abi as Abi]]);
  for (const abi of new Set(valid.flatMap((row) => (row.abi === undefined ? [] : [row.abi])))) {
    const key = path.resolve(abi);
    if (abis.has(key)) continue;
    try {
      abis.set(key, readAbi(abi));
    } catch (error) {
      abis.set(key, error instanceof Error ? error : new Error(String(error)));
    }
  }

  const reasons: string[] = [];
  const firstRowOf = new Map<string, number>();
  const planned: PlannedRow[] = [];
  for (const entry of parsed) {
    if ('reasons' in entry) {
      reasons.push(...entry.reasons.map((reason) => `row ${entry.row}: ${reason}`));
      continue;
    }
    const { projectId, address, chain: chainId = defaultChain, abi: abiFile, fromBlock } = entry.value;
    const problems: string[] = [];
    if (!known.has(projectId)) problems.push(`no project with id ${projectId}`);
    const chain = chainId === undefined ? undefined : chains.get(chainId);
    if (chainId === undefined) problems.push(`no chain: Skynet follows ${chains.size} chains (${followed}); give the row a chain or the command --chain N`);
    else if (!chain) problems.push(`chain ${chainId} is not in Skynet's chain registry (it follows ${followed})`);
    const abiKey = abiFile === undefined ? DEFAULT_ABI_KEY : path.resolve(abiFile);
    const abi = abis.get(abiKey)!;
    if (abi instanceof Error) problems.push(`abi: ${abi.message}`);
    if (chainId !== undefined) {
      const key = contractKey(projectId, chainId, address);
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, entry.row);
      else problems.push(`the same contract as row ${first} (project ${projectId}, chain ${chainId}, address ${address})`);
    }
    reasons.push(...problems.map((problem) => `row ${entry.row}: ${problem}`));
    if (!problems.length) planned.push({ row: entry.row, projectId, address: address as `0x${string}`, chain: chain!, abi: abi as Abi, abiKey, fromBlock });
  }
  if (reasons.length) throw new WatchListRefusedError(reasons);
  return planned;
}

/**
 * Reads one chain for its rows: the head once; each row's start (the creation-block search only for a new contract
 * or a given fromBlock) and runtime code, many at once; then the privileged functions once per (code, ABI).
 */
async function readChain(db: Database, chain: SkynetChain, entries: PlannedRow[]): Promise<ChainReading> {
  const reading: ChainReading = { facts: new Map(), findings: new Map(), failures: [] };
  const { facts, findings, failures } = reading;
  const client = chainClient(chain);
  let head: number;
  try {
    head = Number(await withRetry(() => client.getBlockNumber({ cacheTime: 0 }), { what: `block number of chain ${chain.id}` }));
  } catch (error) {
    failures.push({ row: 0, reason: `chain ${chain.id}: its head cannot be read (${shortError(error)}), so none of its ${entries.length} rows was read` });
    return reading;
  }
  const { backfillBlocks } = getConfig().skynet;
  const existing = new Map<string, { fromBlock: number }>();
  const addresses = [...new Set(entries.map((entry) => entry.address))];
  for (let start = 0; start < addresses.length; start += ADDRESSES_PER_QUERY) {
    const rows = await db
      .select({ projectId: skynetContracts.projectId, address: skynetContracts.address, fromBlock: skynetContracts.fromBlock })
      .from(skynetContracts)
      .where(and(eq(skynetContracts.chainId, chain.id), inArray(skynetContracts.address, addresses.slice(start, start + ADDRESSES_PER_QUERY))));
    for (const row of rows) existing.set(contractKey(row.projectId, chain.id, row.address), { fromBlock: row.fromBlock });
  }

  const probeFor = new Map<string, PlannedRow>();
  await forEachConcurrently(entries, READS_IN_FLIGHT, async (entry) => {
    try {
      const stored = existing.get(contractKey(entry.projectId, chain.id, entry.address));
      const [start, code] = await Promise.all([
        watchStart(stored, entry.fromBlock, () => historyStart(client, entry.address, head, { fromBlock: entry.fromBlock, backfillBlocks })),
        withRetry(() => client.getCode({ address: entry.address, blockNumber: BigInt(head) }), { what: `code of ${entry.address}` }),
      ]);
      const probeKey = `${chain.id}|${keccak256(code ?? '0x')}|${entry.abiKey}`;
      if (!probeFor.has(probeKey)) probeFor.set(probeKey, entry);
      facts.set(entry.row, { start, created: !stored, probeKey });
    } catch (error) {
      failures.push(failure(entry, shortError(error)));
    }
  });

  // One probe answers for every contract with the same runtime code and ABI: a probe is an eth_call from an address
  // that holds no privilege anywhere, so its answer is what the code does for an unprivileged caller, and the same
  // code refuses a stranger the same way whoever its owner or role holders are. (Only a check on state made before
  // the access check, such as a pause, could answer otherwise on a clone; the first contract's answer stands.)
  await forEachConcurrently([...probeFor], READS_IN_FLIGHT, async ([probeKey, entry]) => {
    try {
      findings.set(probeKey, await findPrivilegedFunctions(client, entry.address, entry.abi));
    } catch (error) {
      const sharing = entries.filter((other) => other !== entry && facts.get(other.row)?.probeKey === probeKey).length;
      failures.push(failure(entry, `probing its privileged functions failed (${shortError(error)})${sharing ? `, and with it ${sharing} more rows of the same code and ABI` : ''}`));
    }
  });
  return reading;
}

/**
 * Watches every contract of a watch list (CSV or JSON rows of projectId, address and optionally chain, abi,
 * fromBlock; `chainOption` is --chain, for rows that name none) in one transaction, as watchContracts watches one:
 * a re-watch keeps its cursor. Throws WatchListRefusedError for bad rows and WatchListReadError for failed chain
 * reads, having written nothing.
 */
export async function watchContractList(db: Database, file: string, chainOption?: string | number): Promise<WatchListReport> {
  const planned = await planWatchList(db, file, chainOption);

  const byChain = new Map<number, PlannedRow[]>();
  for (const entry of planned) {
    if (!byChain.has(entry.chain.id)) byChain.set(entry.chain.id, []);
    byChain.get(entry.chain.id)!.push(entry);
  }
  const readings = await Promise.all([...byChain.values()].map((entries) => readChain(db, entries[0].chain, entries)));
  const facts = new Map(readings.flatMap((reading) => [...reading.facts]));
  // Probe keys start with the chain id, so the chains' findings never collide.
  const findings = new Map(readings.flatMap((reading) => [...reading.findings]));
  const failures = readings.flatMap((reading) => reading.failures);
  if (failures.length) throw new WatchListReadError(failures.sort((a, b) => a.row - b.row).map((entry) => entry.reason));

  await db.transaction(async (tx) => {
    const rows = await upsertWatchedContracts(
      tx,
      planned.map((entry) => ({ projectId: entry.projectId, chainId: entry.chain.id, address: entry.address, abi: entry.abi, start: facts.get(entry.row)!.start })),
    );
    // Written with the contracts, so the head follower, reloading when their updatedAt moves, sees both at once.
    const idOf = new Map(rows.map((row) => [contractKey(row.projectId, row.chainId, row.address), row.id]));
    await replacePrivilegedFunctions(
      tx,
      new Map(planned.map((entry) => [idOf.get(contractKey(entry.projectId, entry.chain.id, entry.address))!, findings.get(facts.get(entry.row)!.probeKey)!])),
    );
  });

  return {
    chains: [...byChain].map(([chainId, entries]) => ({ chainId, watched: entries.length, created: entries.filter((entry) => facts.get(entry.row)!.created).length })),
    probed: findings.size,
  };
}
