import 'server-only';

import { eq } from 'drizzle-orm';

import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks';

import { getConfig } from '../config';
import type { Database } from '../db/client';
import { projects, securityAlerts } from '../db/schema';

const siteLink = (path: string) => new URL(path, getConfig().siteUrl).toString();

/**
 * The message an alert's webhook deliveries carry, written once when they are queued so every retry sends the same
 * body: `{ type: 'alert.published', timestamp, data: { ...the alert, project, url } }`. Null when the alert or its
 * project is gone.
 */
export async function alertWebhookPayload(tx: Database, alertId: string, now = new Date()): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({ alert: securityAlerts, projectName: projects.name })
    .from(securityAlerts)
    .innerJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(eq(securityAlerts.id, alertId));
  if (!row) return null;
  const { alert } = row;
  return {
    type: WEBHOOK_EVENT_TYPES.alert,
    timestamp: now.toISOString(),
    data: {
      id: alert.id,
      title: alert.title,
      type: alert.type,
      origin: alert.origin,
      confidence: alert.confidence,
      chain: alert.chain,
      occurredAt: alert.occurredAt.toISOString(),
      publishedAt: alert.publishedAt?.toISOString() ?? null,
      amountLostUsd: alert.amountLostUsd,
      amountReturnedUsd: alert.amountReturnedUsd,
      technique: alert.technique,
      description: alert.description,
      sourceUrls: alert.sourceUrls,
      evidence: alert.evidence ?? null,
      project: { id: alert.projectId, name: row.projectName, url: siteLink(`/projects/${alert.projectId}`) },
      url: siteLink(`/alerts/${alert.id}`),
    },
  };
}

/** The message of a "Send test" delivery. */
export function testWebhookPayload(endpointId: string, now = new Date()): Record<string, unknown> {
  return {
    type: WEBHOOK_EVENT_TYPES.test,
    timestamp: now.toISOString(),
    data: { endpointId, message: 'A test event from Sentinel Shield: your endpoint receives and verifies our webhooks.' },
  };
}
