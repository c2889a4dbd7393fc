import 'server-only';

import { skynetEnabled } from './skynet/chains';
import { startDigestTimer, stopDigestTimer } from './digest';
import { startMailWorker, stopMailWorker } from './mail/worker';
import { startWebhookWorker, stopWebhookWorker } from './webhooks/worker';

/**
 * The work that leaves the request: the mail outbox, webhook deliveries, the daily digest and, with a chain
 * registry (SKYNET_CHAINS or RPC_URL), the Skynet follower. The web server runs it unless BACKGROUND_WORKERS=off; `npm run worker` (server/worker.ts) runs
 * it alone. Every part takes its rows with SKIP LOCKED or advisory locks, so any number of processes may run it.
 */
export async function startBackgroundWork(): Promise<void> {
  if (skynetEnabled()) (await import('./skynet/scheduler')).startSkynetTimer();
  startMailWorker();
  startWebhookWorker();
  startDigestTimer();
}

/** Stops every loop this process started, each waiting a bounded time for the pass in flight; a no-op for the rest. */
export async function stopBackgroundWork(): Promise<void> {
  // The Skynet follower first: a pass in flight commits (and may queue mails) before the workers stop.
  if (skynetEnabled()) await (await import('./skynet/scheduler')).stopSkynetTimer();
  await Promise.all([stopMailWorker(), stopWebhookWorker(), stopDigestTimer()]);
}

