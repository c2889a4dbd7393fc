import 'server-only';

import { startBackgroundWork, stopBackgroundWork } from './background-work';
import { getConfig, resolveAuthSecret } from './config';
import { closeDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { beginDraining, hasFront, onShutdown } from './lifecycle';
import { logger } from './logger';
import { shutdownPostHog } from './posthog';

/** How long after the start the avatar backfill waits, so it does not compete with the first requests. */
const AVATAR_BACKFILL_DELAY_MS = 3000;

let shuttingDown = false;
let avatarBackfill: NodeJS.Timeout | undefined;

/** The app's own clean-up, run once no request is in flight any more. */
async function closeApp() {
  clearTimeout(avatarBackfill);
  await shutdownPostHog().catch((error: unknown) => logger.warn({ err: error }, 'PostHog did not flush'));
  await stopBackgroundWork();
  await closeDatabase();
}

// Only without our front (`next dev`): scripts/start.mjs otherwise drains the requests first and calls closeApp.
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  beginDraining();
  logger.info({ signal }, 'shutting down');
  try {
    await closeApp();
  } finally {
    process.exit(0);
  }
}

/**
 * Runs once when the server process starts, before it serves: validates the configuration, provides the
 * session key, migrates and seeds the database, and has the app closed cleanly on SIGTERM/SIGINT.
 */
export async function startServer(): Promise<void> {
  try {
    const config = getConfig();
    process.env.AUTH_SECRET = resolveAuthSecret(config);
    await prepareDatabase();
    if (hasFront()) {
      onShutdown(closeApp);
    } else {
      process.once('SIGTERM', () => void shutdown('SIGTERM'));
      process.once('SIGINT', () => void shutdown('SIGINT'));
    }
    logger.info({ database: config.databaseUrl ? 'postgres' : `pglite:${config.dataDir}` }, 'database ready');
    // Not awaited, and a few seconds after the start: its module and query took ~0.2 s of the main thread just when
    // the first requests arrive (#18). Pictures stored before their time was recorded only lack a version until then.
    avatarBackfill = setTimeout(() => {
      void import('./users')
        .then(({ backfillAvatarVersions }) => backfillAvatarVersions())
        .then((recorded) => recorded > 0 && logger.info({ recorded }, 'avatar pictures recorded on their users'))
        .catch((error: unknown) => logger.warn({ err: error }, 'avatar backfill failed'));
    }, AVATAR_BACKFILL_DELAY_MS).unref();
    if (config.backgroundWorkers) await startBackgroundWork();
    else logger.info('background work is off here (BACKGROUND_WORKERS=off): mails, webhooks, digests and Skynet wait for `npm run worker`');
  } catch (error) {
    // A clear message and a non-zero exit beat a server that starts and then fails every request.
    console.error(`\nThe server cannot start.\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
