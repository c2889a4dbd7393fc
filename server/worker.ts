import 'server-only';

import { startBackgroundWork, stopBackgroundWork } from './background-work';
import { getConfig } from './config';
import { closeDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { logger } from './logger';
import { skynetEnabled } from './skynet/chains';

type Output = { error(line: string): void };

/**
 * `npm run worker`: the background work alone (mail outbox, webhook deliveries, daily digest, and the Skynet
 * follower with a chain registry), for web servers started with BACKGROUND_WORKERS=off, e.g. on a serverless platform.
 * Runs until `stop` is aborted, then lets each pass in flight finish within its bound. Answers the exit code.
 */
export async function runWorker(stop: AbortSignal, out: Output = console): Promise<number> {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    out.error(`\nThe worker cannot start.\n${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  // The embedded folder opens in one process only, and there the server runs this work itself.
  if (!config.databaseUrl) {
    out.error('\nThe worker cannot start.\n- DATABASE_URL: is required: on the embedded database the server runs the background work itself\n');
    return 1;
  }
  // Unsubscribe links and webhook secrets are sealed with the web servers' key; one generated here would not match.
  if (!config.authSecret) {
    out.error('\nThe worker cannot start.\n- AUTH_SECRET: is required, the same as the web servers\', which its mails and webhooks are signed with\n');
    return 1;
  }
  try {
    await prepareDatabase();
    await startBackgroundWork();
    logger.info({ skynet: skynetEnabled(config) }, 'worker running: mail outbox, webhook deliveries, daily digests');
    await new Promise<void>((resolve) => {
      if (stop.aborted) return resolve();
      stop.addEventListener('abort', () => resolve(), { once: true });
    });
    logger.info('worker stopping: finishing the passes in flight');
    await stopBackgroundWork();
    return 0;
  } catch (error) {
    out.error(`\nThe worker stopped.\n${error instanceof Error ? error.message : String(error)}\n`);
    await stopBackgroundWork().catch(() => {});
    return 1;
  } finally {
    await closeDatabase();
  }
}
