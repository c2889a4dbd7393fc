import 'server-only';

import { getConfig } from '../config';
import { logger } from '../logger';
import { indexAllContracts } from './indexer';

let timer: NodeJS.Timeout | null = null;

/**
 * With RPC_URL set, the server indexes by itself on a timer: on the embedded database it is the only process that
 * may open the data folder. Passes never overlap (the next is scheduled when one ends); PostgreSQL workers running
 * the CLI at the same time are kept apart by the per-contract advisory locks.
 */
export function startSkynetTimer(): void {
  const config = getConfig();
  if (!config.rpcUrl || timer) return;
  const every = config.skynet.intervalSeconds * 1000;
  const pass = async () => {
    try {
      const reports = await indexAllContracts();
      const indexed = reports.filter((report) => !report.skipped && report.blocks > 0);
      if (indexed.length) logger.info({ contracts: indexed.length, blocks: indexed.reduce((sum, report) => sum + report.blocks, 0) }, 'skynet: indexed');
    } catch (error) {
      logger.error({ err: error }, 'skynet: index pass failed');
    } finally {
      timer = setTimeout(pass, every);
      timer.unref();
    }
  };
  timer = setTimeout(pass, 1_000);
  timer.unref();
  logger.info({ everySeconds: config.skynet.intervalSeconds }, 'skynet: indexer on');
}

export function stopSkynetTimer(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}
