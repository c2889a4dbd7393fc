import 'server-only';

import { and, asc, desc, eq, gt } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import type { CreateWebhookEndpointInput } from '@/lib/schemas/webhook';
import { WEBHOOK_ENDPOINTS_PER_USER_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_LOG_SIZE, WEBHOOK_MESSAGES, WEBHOOK_TEST_INTERVAL_MS, type WebhookDeliveryItem, type WebhookEndpointItem } from '@/lib/webhooks';

import { getConfig } from '../config';
import { getDb } from '../db/client';
import { users, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { checkWebhookTarget } from './address';
import { testWebhookPayload } from './payload';
import { newWebhookSecret, sealWebhookSecret } from './signing';
import { nudgeWebhookWorker } from './worker';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new UserFacingError(WEBHOOK_MESSAGES.notFound, 404);

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

function deliveryItem(row: DeliveryRow): WebhookDeliveryItem {
  const state = row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending';
  return {
    id: row.id,
    eventType: row.eventType,
    createdAt: row.createdAt.toISOString(),
    attempts: row.attempts,
    state,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    nextAttemptAt: state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** The user's endpoints, oldest first, each with its latest deliveries (the delivery log); never a secret. */
export async function listWebhookEndpoints(userId: string): Promise<WebhookEndpointItem[]> {
  const db = await getDb();
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description, createdAt: webhookEndpoints.createdAt })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  // At most five endpoints: one small query each reads more plainly than a windowed one.
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const deliveries = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(WEBHOOK_LOG_SIZE);
      return { ...endpoint, createdAt: endpoint.createdAt.toISOString(), deliveries: deliveries.map(deliveryItem) };
    }),
  );
}

/**
 * Registers an endpoint for the user: the URL must pass the SSRF check (https, public addresses only), the user may
 * have at most five, and each URL once. Answers the endpoint and its new signing secret, which is stored sealed and
 * never shown again.
 */
export async function createWebhookEndpoint(userId: string, input: CreateWebhookEndpointInput): Promise<{ endpoint: WebhookEndpointItem; secret: string }> {
  const { url } = await checkWebhookTarget(input.url, { allowPrivate: getConfig().webhookAllowPrivate });
  const normalisedUrl = url.toString();
  const secret = newWebhookSecret();
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    // The user's row is the lock that keeps two tabs from passing the cap together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const existing = await tx.select({ url: webhookEndpoints.url }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    if (existing.some((endpoint) => endpoint.url === normalisedUrl)) throw new UserFacingError(WEBHOOK_MESSAGES.duplicate, 409);
    if (existing.length >= WEBHOOK_ENDPOINTS_PER_USER_MAX) throw new UserFacingError(WEBHOOK_MESSAGES.tooMany, 409);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ userId, url: normalisedUrl, description: input.description?.trim() || null, secretSealed: sealWebhookSecret(secret) })
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description, createdAt: webhookEndpoints.createdAt });
    return row;
  });
  return { endpoint: { ...created, createdAt: created.createdAt.toISOString(), deliveries: [] }, secret };
}

/** Removes one of the user's endpoints with its delivery log; another user's, or none, is a 404 and changes nothing. */
export async function deleteWebhookEndpoint(userId: string, endpointId: string): Promise<void> {
  if (!UUID.test(endpointId)) throw notFound();
  const db = await getDb();
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound();
}

/** Queues a `test` delivery to one of the user's endpoints, due now, at most one per 10 s; another user's endpoint is a 404. */
export async function queueWebhookTest(userId: string, endpointId: string, now = new Date()): Promise<{ deliveryId: string }> {
  if (!UUID.test(endpointId)) throw notFound();
  const db = await getDb();
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)));
  if (!endpoint) throw notFound();
  // Tests are paced per endpoint, so the button cannot make us flood a URL someone registered.
  const [recent] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventType, WEBHOOK_EVENT_TYPES.test), gt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_TEST_INTERVAL_MS))))
    .limit(1);
  if (recent) throw new UserFacingError(WEBHOOK_MESSAGES.testTooSoon, 429);
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventType: WEBHOOK_EVENT_TYPES.test, payload: testWebhookPayload(endpointId, now), createdAt: now, nextAttemptAt: now })
    .returning({ id: webhookDeliveries.id });
  nudgeWebhookWorker();
  return { deliveryId: delivery.id };
}
