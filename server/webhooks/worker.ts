import 'server-only';

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';

import { backgroundLoop } from '../background-loop';
import { getConfig } from '../config';
import { getDb } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { logger } from '../logger';
import { checkWebhookTarget, type CheckedWebhookTarget } from './address';
import { openWebhookSecret, signWebhook } from './signing';

/** A receiver has this long to answer (connection, TLS and the status line) before the try counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claimed row is ours until then; far past the timeout, so a live worker never loses its row. */
const LEASE_MS = 2 * 60_000;
/** Retries back off from 10 s, doubling, to at most 2 hours between tries. */
const RETRY_BASE_MS = 10_000;
const RETRY_MAX_MS = 2 * 60 * 60_000;
/** A delivery is retried for 24 hours from when it was queued; then it is marked failed. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Rows due from other instances, and retries, are picked up at least this often. */
const POLL_MS = 2_000;
/** Rows one pass of the loop takes before it looks at the clock again. */
const PASS_LIMIT = 100;
/** Shutdown waits this long for the delivery in flight; an unfinished row is taken again when its lease ends. */
const STOP_WAIT_MS = 5_000;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Exponential back-off with jitter, so many failed deliveries do not all retry at the same instant. */
export function webhookRetryDelayMs(attempts: number): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * Takes the oldest due delivery for this worker: SKIP LOCKED keeps two workers (or two instances) from taking the
 * same row at once, and the lease keeps it from the others until it is settled (or the lease ends, if we died).
 */
async function claimDueDelivery(now: Date): Promise<DeliveryRow | null> {
  const db = await getDb();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        isNull(webhookDeliveries.deliveredAt),
        isNull(webhookDeliveries.failedAt),
        lte(webhookDeliveries.nextAttemptAt, now),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  // Counted when taken, so a delivery that keeps crashing the worker still moves towards giving up.
  const [row] = await db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  return row ?? null;
}

class DeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}

/** POSTs to the checked addresses only (no second DNS lookup), never follows a redirect, and gives up after 10 s. */
function post(target: CheckedWebhookTarget, headers: Record<string, string>, body: string): Promise<number> {
  // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily): it gets the checked ones only.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, target.addresses);
    else callback(null, target.addresses[0].address, target.addresses[0].family);
  };
  const transport = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target.url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinned, agent: false, signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) },
      (response) => {
        // The body is not read: the status is the answer. A body cut short later (the timeout) is no matter.
        response.on('error', () => {});
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', (error) => reject(error.name === 'AbortError' || error.name === 'TimeoutError' ? new DeliveryError(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`) : error));
    request.end(body);
  });
}

/** The endpoint's secret; unreadable only if AUTH_SECRET changed since it was made (the user must add it again). */
function secretOf(sealed: string): string {
  try {
    return openWebhookSecret(sealed);
  } catch {
    throw new DeliveryError('the signing secret cannot be read (the server key changed): remove the endpoint and add it again');
  }
}

/** One try of one delivery: the SSRF check again (DNS may have changed), signing, and the POST. */
async function attempt(row: DeliveryRow, now: Date): Promise<number> {
  const db = await getDb();
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint || endpoint.disabledAt) throw new DeliveryError('the endpoint is disabled');
  let target: CheckedWebhookTarget;
  try {
    target = await checkWebhookTarget(endpoint.url, { allowPrivate: getConfig().webhookAllowPrivate });
  } catch (error) {
    throw new DeliveryError(error instanceof UserFacingError ? `refused: ${error.message}` : 'the address could not be checked');
  }
  const id = `msg_${row.id}`;
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify(row.payload);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'SentinelShield-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secretOf(endpoint.secretSealed), id, timestamp, body),
  };
  const status = await post(target, headers, body);
  if (status < 200 || status >= 300) throw new DeliveryError(`HTTP ${status}`, status);
  return status;
}

async function settle(row: DeliveryRow, error: unknown, now: Date): Promise<'retried' | 'failed'> {
  const db = await getDb();
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const lastStatus = error instanceof DeliveryError ? error.statusCode : null;
  const giveUpAt = row.createdAt.getTime() + WEBHOOK_GIVE_UP_AFTER_MS;
  if (now.getTime() >= giveUpAt) {
    await db.update(webhookDeliveries).set({ failedAt: now, lockedUntil: null, lastStatus, lastError }).where(eq(webhookDeliveries.id, row.id));
    logger.warn({ deliveryId: row.id, endpointId: row.endpointId, attempts: row.attempts, lastError }, 'webhook given up: not delivered within 24 hours');
    return 'failed';
  }
  // The last try falls at the 24-hour mark rather than past it.
  const nextAttemptAt = new Date(Math.min(giveUpAt, now.getTime() + webhookRetryDelayMs(row.attempts)));
  await db.update(webhookDeliveries).set({ nextAttemptAt, lockedUntil: null, lastStatus, lastError }).where(eq(webhookDeliveries.id, row.id));
  logger.info({ deliveryId: row.id, endpointId: row.endpointId, attempts: row.attempts, nextAttemptAt, lastError }, 'webhook not delivered; will retry');
  return 'retried';
}

export type WebhookPassReport = { delivered: number; retried: number; failed: number };

/**
 * Delivers every due webhook, one at a time, until none is due (or `shouldStop`). Each try is written to the
 * delivery log (webhook_attempts). `clock` lets tests move time forward.
 */
export async function deliverDueWebhooks(options: { clock?: () => Date; shouldStop?: () => boolean; limit?: number } = {}): Promise<WebhookPassReport> {
  const clock = options.clock ?? (() => new Date());
  const report: WebhookPassReport = { delivered: 0, retried: 0, failed: 0 };
  for (let taken = 0; taken < (options.limit ?? PASS_LIMIT) && !options.shouldStop?.(); taken++) {
    const row = await claimDueDelivery(clock());
    if (!row) break;
    const startedAt = clock();
    const started = performance.now();
    let outcome: { status: number } | { error: unknown };
    try {
      outcome = { status: await attempt(row, startedAt) };
    } catch (error) {
      outcome = { error };
    }
    const durationMs = Math.round(performance.now() - started);
    const db = await getDb();
    if ('status' in outcome) {
      await db.insert(webhookAttempts).values({ deliveryId: row.id, attemptedAt: startedAt, statusCode: outcome.status, durationMs });
      await db.update(webhookDeliveries).set({ deliveredAt: clock(), lockedUntil: null, lastStatus: outcome.status, lastError: null }).where(eq(webhookDeliveries.id, row.id));
      report.delivered++;
    } else {
      const error = outcome.error;
      await db.insert(webhookAttempts).values({
        deliveryId: row.id,
        attemptedAt: startedAt,
        statusCode: error instanceof DeliveryError ? error.statusCode : null,
        error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        durationMs,
      });
      report[await settle(row, error, clock())]++;
    }
  }
  return report;
}

const webhookLoop = backgroundLoop('webhook worker', {
  pollMs: POLL_MS,
  pass: async (shouldStop) => {
    const report = await deliverDueWebhooks({ shouldStop, limit: PASS_LIMIT });
    return { full: report.delivered + report.retried + report.failed >= PASS_LIMIT };
  },
});

/** Starts the webhook delivery worker in this process (idempotent); it delivers what was left before a restart first. */
export function startWebhookWorker(): void {
  if (getConfig().webhookAllowPrivate) {
    logger.warn('WEBHOOK_ALLOW_PRIVATE is on: webhook endpoints may be plain http and on private or loopback addresses. For tests only.');
  }
  webhookLoop.start();
}

/** Asks the worker to look for due deliveries now (call after committing some); a no-op where no worker runs. */
export const nudgeWebhookWorker = (): void => webhookLoop.nudge();

/** Stops the webhook delivery worker, waiting a bounded time for the delivery in flight. */
export const stopWebhookWorker = (waitMs = STOP_WAIT_MS): Promise<void> => webhookLoop.stop(waitMs);
