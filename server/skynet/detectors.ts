import 'server-only';

import type { PublicClient } from 'viem';

import type { Database } from '../db/client';
import type { SkynetContractRow } from '../db/schema';

/**
 * Turns the facts a batch just stored for blocks [from, to] into automatic alerts, and retracts the automatic alerts
 * whose facts in that range are gone (a reorg). Runs inside the batch's transaction.
 * (Placeholder wired by the lead; the detectors' helper writes the rules.)
 */
export async function runDetectors(tx: Database, contract: SkynetContractRow, range: { from: number; to: number }, client: PublicClient): Promise<void> {
  void tx;
  void contract;
  void range;
  void client;
}
