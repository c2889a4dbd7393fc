import 'server-only';

import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { erc20Abi, type Abi, type PublicClient } from 'viem';
import { z } from '@/lib/zod';

import type { Database } from '../db/client';
import { projects, skynetContracts, skynetKnownContracts, type SkynetContractRow } from '../db/schema';
import { getConfig } from '../config';
import { logger } from '../logger';
import { findCreationBlock, shortError, withRetry } from './chain';
import { chainClient, listSkynetChains, requireSkynetChain, type SkynetChain } from './chains';
import { analyzePrivilegedFunctions } from './privileges';

export const watchOptionsSchema = z.object({
  projectId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'projectId is not a project id'),
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x followed by 40 hexadecimal digits')
    .transform((value) => value.toLowerCase())
    .optional(),
  /** A chain of the registry; may be left out when the registry has one chain. */
  chainId: z.coerce.number().int().positive().optional(),
  abiFile: z.string().optional(),
  sourceFile: z.string().optional(),
  contractName: z.string().optional(),
  fromBlock: z.coerce.number().int().min(0).optional(),
});
export type WatchOptions = z.input<typeof watchOptionsSchema>;

/** Reads an ABI file: a bare ABI array, or an artifact with an `abi` field (solc, Hardhat, Foundry). */
function readAbi(file: string): Abi {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  const abi = Array.isArray(parsed) ? parsed : (parsed as { abi?: unknown }).abi;
  if (!Array.isArray(abi)) throw new Error(`${file} holds no ABI (an array, or an object with an "abi" array).`);
  return abi as Abi;
}

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
): Promise<{ fromBlock: number; creationBlock: number | null; transactionsFromBlock: number }> {
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
    // Watching again without --from-block keeps where the figures start (and skips the search).
    const start = existing && options.fromBlock === undefined ? null : await historyStart(client, address as `0x${string}`, head, { fromBlock: options.fromBlock, backfillBlocks });
    const values = {
      projectId: options.projectId,
      chainId,
      address,
      abi: abi as unknown[],
      fromBlock: start?.fromBlock ?? existing!.fromBlock,
      creationBlock: start?.creationBlock ?? null,
      transactionsFromBlock: start?.transactionsFromBlock ?? null,
    };
    const [row] = await db
      .insert(skynetContracts)
      .values(values)
      .onConflictDoUpdate({
        target: [skynetContracts.projectId, skynetContracts.chainId, skynetContracts.address],
        set: {
          abi: values.abi,
          updatedAt: new Date(),
          // An earlier start re-reads from there: the cursor is dropped so the history before it is indexed too.
          ...(start ? { fromBlock: start.fromBlock, transactionsFromBlock: start.transactionsFromBlock, ...(existing && start.fromBlock < existing.fromBlock ? { cursorBlock: null } : {}) } : {}),
        },
      })
      .returning();
    await analyzePrivilegedFunctions(db, client, row, abi, sourceEvidence);
    // The head follower reloads what it watches when this moves: now with the privileged functions found.
    await db.update(skynetContracts).set({ updatedAt: new Date() }).where(eq(skynetContracts.id, row.id));
    watched.push(row);
  }
  return watched;
}
