import 'server-only';

import { getDb } from './db/client';
import { userEvents } from './db/schema';
import { logger } from './logger';
import { getPostHog } from './posthog';
import { getRateLimits } from './rate-limit';

/** Stores a product event for a user, and passes it on to PostHog when a key is configured. */
export async function recordUserEvent(userId: string, event: { eventName: string; properties: Record<string, unknown> }): Promise<{ id: string }> {
  await getRateLimits().consume('user-event-user', userId);
  const db = await getDb();
  const [row] = await db.insert(userEvents).values({ userId, eventName: event.eventName, properties: event.properties }).returning({ id: userEvents.id });
  try {
    getPostHog()?.capture({ distinctId: userId, event: event.eventName, properties: event.properties });
  } catch (error) {
    // The event is stored; analytics delivery is best effort.
    logger.warn({ err: error }, 'user event not forwarded to PostHog');
  }
  return row;
}
