import 'server-only';

import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { erc20Abi, type Abi, type PublicClient } from 'viem';
import { z } from '@/lib/zod';

import { abiFileSchema, evmAddressSchema, skynetProjectIdSchema } from '@/lib/schemas/skynet';

import type { Database } from '../db/client';
import { projects, skynetContracts, skynetKnownContracts, type SkynetContractRow } from '../db/schema';
import { getConfig } from '../config';
import { logger } from '../logger';
import { findCreationBlock, shortError, withRetry } from './chain';
import { chainClient, listSkynetChains, requireSkynetChain, type SkynetChain } from './chains';
import { analyzePrivilegedFunctions, probeCalls } from './privileges';

export const watchOptionsSchema = z.object({
  projectId: skynetProjectIdSchema,
  address: evmAddressSchema.optional(),
  /** A chain of the registry; may be left out when the registry has one chain. */
  chainId: z.coerce.number().int().positive().optional(),
  abiFile: z.string().optional(),
  sourceFile: z.string().optional(),
  contractName: z.string().optional(),
  fromBlock: z.coerce.number().int().min(0).optional(),
});
export type WatchOptions = z.input<typeof watchOptionsSchema>;

/** Reads an ABI file (see abiFileSchema) whose functions can be probed; throws naming the file and its fault. */
export function readAbi(file: string): Abi {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file} cannot be read (${shortError(error)}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON (${shortError(error)}).`);
  }
  const parsed = abiFileSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new Error(`${file} ${issue.path.length ? `holds a bad ABI: entry ${String(issue.path[0])}: ${issue.message}` : issue.message}.`);
  }
  const abi = parsed.data as Abi;
  try {
    // Encoding every probe now refuses a type no call can carry before anything is read from a chain.
    probeCalls(abi);
  } catch (error) {
    throw new Error(`${file} holds an ABI whose functions cannot be encoded (${shortError(error)}).`);
  }
  return abi;
}

/** Where a contract's figures start (see historyStart). */
export type HistoryStart = { fromBlock: number; creationBlock: number | null; transactionsFromBlock: number };

/**
 * Where a contract's figures start. Logs: from `--from-block`, else from the creation block (binary search on
 * eth_getCode), else (no code at the head) from the head. Transactions need one block read each, so they are
 * scanned from the same block only when it is within `backfillBlocks` of the head, else from that many blocks back.
 */
export async function historyStart(
  client: PublicClient,
  address: `0x${string}`,
  head: number,
  { fromBlock, backfillBlocks }: { fromBlock?: number; backfillBlocks: number },
): Promise<HistoryStart> {
  let creationBlock: number | null = null;
  if (fromBlock === undefined) {
    try {
      const found = await findCreationBlock(client, address, BigInt(head));
      creationBlock = found === null ? null : Number(found);
    } catch (error) {
      throw new Error(`Could not find the creation block of ${address} (${shortError(error)}); a node that keeps no old state cannot answer: give --from-block N.`);
    }
    if (creationBlock === null) logger.warn({ address, head }, 'skynet: no code at this address on the head block; watching from the head');
  }
  const logsFrom = fromBlock ?? creationBlock ?? head;
  return { fromBlock: logsFrom, creationBlock, transactionsFromBlock: head - logsFrom <= backfillBlocks ? logsFrom : head - backfillBlocks };
}

/** The chain a watch names, or the registry's only chain when it names none. */
export async function watchedChain(chainId: number | undefined): Promise<SkynetChain> {
  if (chainId !== undefined) return requireSkynetChain(chainId);
  const chains = await listSkynetChains();
  if (chains.length === 1) return chains[0];
  if (chains.length === 0) throw new Error('Skynet follows no chain: set SKYNET_CHAINS (or RPC_URL for one chain).');
  throw new Error(`Skynet follows ${chains.length} chains (${chains.map((entry) => entry.id).join(', ')}): name one with --chain N.`);
}

/** A watched contract's start: found now, or the stored one kept on a re-watch. */
export type WatchStart = { found: HistoryStart } | { keptFromBlock: number };

/** Watching again without a fromBlock keeps where the figures start (and skips the search); else it is found now. */
export async function watchStart(existing: { fromBlock: number } | undefined, fromBlock: number | undefined, find: () => Promise<HistoryStart>): Promise<WatchStart> {
  return existing && fromBlock === undefined ? { keptFromBlock: existing.fromBlock } : { found: await find() };
}

export type ContractToWatch = { projectId: string; chainId: number; address: string; abi: Abi; start: WatchStart };

/** Rows per upsert: far below PostgreSQL's 65,535 parameters a statement. */
const UPSERT_CHUNK = 500;

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Upserts watched contracts, a statement per chunk (run it in the caller's transaction for many). Watching again
 * updates the ABI and moves updatedAt, so the head follower reloads it, and keeps the cursor; a start found again
 * replaces the stored one.
 */
export async function upsertWatchedContracts(db: Database, contracts: ContractToWatch[]): Promise<SkynetContractRow[]> {
  const now = new Date();
  const restarted = contracts.filter((contract) => 'found' in contract.start);
  const kept = contracts.filter((contract) => !('found' in contract.start));
  const rows: SkynetContractRow[] = [];
  for (const [group, restarts] of [
    [restarted, true],
    [kept, false],
  ] as const) {
    for (let start = 0; start < group.length; start += UPSERT_CHUNK) {
      const values = group.slice(start, start + UPSERT_CHUNK).map(({ projectId, chainId, address, abi, start: where }) => ({
        projectId,
        chainId,
        address,
        abi: abi as unknown[],
        ...('found' in where ? where.found : { fromBlock: where.keptFromBlock, creationBlock: null, transactionsFromBlock: null }),
      }));
      const set = restarts
        ? {
            abi: excluded('abi'),
            updatedAt: now,
            fromBlock: excluded('from_block'),
            transactionsFromBlock: excluded('transactions_from_block'),
            // An earlier start re-reads from there: the cursor is dropped so the history before it is indexed too.
            cursorBlock: sql.raw('case when excluded.from_block < skynet_contracts.from_block then null else skynet_contracts.cursor_block end'),
          }
        : { abi: excluded('abi'), updatedAt: now };
      rows.push(
        ...(await db
          .insert(skynetContracts)
          .values(values)
          .onConflictDoUpdate({ target: [skynetContracts.projectId, skynetContracts.chainId, skynetContracts.address], set })
          .returning()),
      );
    }
  }
  return rows;
}

/**
 * Registers contracts of a project (upserting, so watching again updates the ABI and analysis but keeps the
 * cursor) and finds their privileged functions. A newly watched contract is indexed from its history (see
 * historyStart); watching it again keeps where it starts unless `--from-block` is given. Without an address, the
 * project's known token contracts on that chain are watched. The ABI defaults to ERC-20's.
 */
export async function watchContracts(db: Database, input: WatchOptions): Promise<SkynetContractRow[]> {
  const options = watchOptionsSchema.parse(input);
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, options.projectId));
  if (!project) throw new Error(`No project with id ${options.projectId}.`);
  const chain = await watchedChain(options.chainId);
  const client = chainClient(chain);
  const chainId = chain.id;

  let addresses: string[];
  if (options.address) addresses = [options.address];
  else {
    const known = await db
      .select({ address: skynetKnownContracts.address })
      .from(skynetKnownContracts)
      .where(and(eq(skynetKnownContracts.projectId, options.projectId), eq(skynetKnownContracts.chainId, chainId)));
    if (!known.length) throw new Error(`Project ${options.projectId} has no known contract on chain ${chainId}: give an address.`);
    addresses = known.map((row) => row.address);
  }
  const abi = options.abiFile ? readAbi(options.abiFile) : (erc20Abi as Abi);
  const { analyzeSource } = options.sourceFile ? await import('./source-analysis') : { analyzeSource: null };
  const sourceEvidence = options.sourceFile && analyzeSource ? analyzeSource(options.sourceFile, options.contractName) : undefined;
  const head = Number(await withRetry(() => client.getBlockNumber({ cacheTime: 0 }), { what: 'block number' }));
  const { backfillBlocks } = getConfig().skynet;

  const watched: SkynetContractRow[] = [];
  for (const address of addresses) {
    const [existing] = await db
      .select({ id: skynetContracts.id, fromBlock: skynetContracts.fromBlock })
      .from(skynetContracts)
      .where(and(eq(skynetContracts.projectId, options.projectId), eq(skynetContracts.chainId, chainId), eq(skynetContracts.address, address)));
    const start = await watchStart(existing, options.fromBlock, () => historyStart(client, address as `0x${string}`, head, { fromBlock: options.fromBlock, backfillBlocks }));
    const [row] = await upsertWatchedContracts(db, [{ projectId: options.projectId, chainId, address, abi, start }]);
    await analyzePrivilegedFunctions(db, client, row, abi, sourceEvidence);
    // The head follower reloads what it watches when this moves: now with the privileged functions found.
    await db.update(skynetContracts).set({ updatedAt: new Date() }).where(eq(skynetContracts.id, row.id));
    watched.push(row);
  }
  return watched;
}
