import { z } from '@/lib/zod';

/** An endpoint Skynet may read a chain through: JSON-RPC over http(s) or a websocket. */
const endpoint = z.url({ protocol: /^(https?|wss?)$/, error: 'must be an http(s) or ws(s) URL' });

/**
 * One chain of SKYNET_CHAINS: its id (EIP-155), a name for pages and logs, its endpoints in failover order, how
 * often it makes a block (the follower polls at that pace) and how deep a reorg it may see (the block hashes kept
 * to find a fork point), and the explorer its alerts link to.
 */
export const skynetChainSchema = z
  .object({
    id: z.number('must be the chain id, a whole number').int().positive().max(2 ** 31 - 1),
    name: z.string().trim().min(1).max(60),
    rpc: z.array(endpoint).min(1, 'needs at least one endpoint').max(8),
    blockTimeSeconds: z.number().min(0.05).max(600).default(12),
    confirmations: z.number().int().min(1).max(1000).default(64),
    explorerUrl: z
      .url({ protocol: /^https?$/ })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  })
  .strict();
export type SkynetChainEntry = z.output<typeof skynetChainSchema>;

/** The whole registry: at least one chain, each id once. */
export const skynetChainsSchema = z
  .array(skynetChainSchema)
  .min(1, 'must list at least one chain')
  .max(64)
  .superRefine((chains, context) => {
    const seen = new Set<number>();
    chains.forEach((chain, index) => {
      if (seen.has(chain.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: `chain ${chain.id} is listed twice` });
      seen.add(chain.id);
    });
  });

/** SKYNET_CHAINS as the environment holds it: JSON text, parsed, then checked chain by chain. */
export const skynetChainsVariable = z.preprocess((value, context) => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: `must be JSON (${error instanceof Error ? error.message : 'unreadable'})` });
    return z.NEVER;
  }
}, skynetChainsSchema.optional());
