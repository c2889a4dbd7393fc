import 'server-only';

import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationItem, type NotificationPage } from '@/lib/notifications';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks';

import { enqueueAlertMails } from './alert-mail';
import { getDb, type Database } from './db/client';
import { notifications, projects, securityAlerts, users, webhookDeliveries, webhookEndpoints } from './db/schema';
import { alertWebhookPayload } from './webhooks/payload';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => new UserFacingError(NOTIFICATION_MESSAGES.notFound, 404);

/**
 * Gives every user who has the alert's project in any watchlist one notification of it, inside the caller's
 * transaction (the one that publishes the alert), and queues the alert mail of those among them who take alert mails
 * (confirmed addresses only). One statement whatever the number of watchers; the unique (user, alert) pair makes a
 * re-run add nothing, and only a new notification is mailed, so nobody is mailed twice. A draft, an alert without a
 * project, or one on a hidden project notifies nobody. In the same statement, each newly notified user's
 * enabled webhook endpoints get one delivery of it ((endpoint, alert) is unique, so a re-run queues none). Answers
 * how many mails and webhook deliveries were queued: the caller nudges their workers after the commit.
 */
export async function notifyWatchersOfAlert(tx: Database, alertId: string): Promise<{ mailed: number; webhooks: number }> {
  const webhookPayload = (await alertWebhookPayload(tx, alertId)) ?? {};
  type Row = { id: string | null; email: string | null; webhooks: number };
  const result = await tx.execute<Row>(sql`
    with notified as (
      insert into ${notifications} (user_id, alert_id)
      select distinct w.user_id, a.id
      from ${securityAlerts} a
      join ${projects} p on p.id = a.project_id and p.hidden_at is null
      join watchlist_projects wp on wp.project_id = a.project_id
      join watchlists w on w.id = wp.watchlist_id
      where a.id = ${alertId} and a.status = 'published'
      on conflict (user_id, alert_id) do nothing
      returning user_id
    ),
    webhooks_queued as (
      insert into ${webhookDeliveries} (endpoint_id, alert_id, event_type, payload)
      select e.id, ${alertId}::uuid, ${WEBHOOK_EVENT_TYPES.alert}, ${JSON.stringify(webhookPayload)}::jsonb
      from notified join ${webhookEndpoints} e on e.user_id = notified.user_id and e.disabled_at is null
      on conflict (endpoint_id, alert_id) do nothing
      returning id
    )
    select u.id, u.email, 0 as webhooks from notified join ${users} u on u.id = notified.user_id
    where u.alert_email = 'immediate' and u.confirmed_at is not null
    union all
    select null, null, count(*)::int from webhooks_queued`);
  // PGlite answers { rows }, postgres.js the rows themselves. The row without an id carries the webhook count.
  const rows = Array.isArray(result) ? (result as Row[]) : (result as unknown as { rows: Row[] }).rows;
  const recipients = rows.flatMap((row) => (row.id && row.email ? [{ id: row.id, email: row.email }] : []));
  await enqueueAlertMails(tx, alertId, recipients);
  return { mailed: recipients.length, webhooks: rows.find((row) => !row.id)?.webhooks ?? 0 };
}

/**
 * What a user's notifications may show: published alerts of projects still public. A notice of a project staff hid
 * since is left out (as its watchlist entry is), and returns if the project is shown again.
 */
const visibleNotificationsOf = (userId: string) => and(eq(notifications.userId, userId), eq(securityAlerts.status, 'published'), isNull(projects.hiddenAt));

/** How many of the user's notifications are unread: the bell's badge. */
export async function countUnreadNotifications(userId: string): Promise<number> {
  const db = await getDb();
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(notifications)
    .innerJoin(securityAlerts, eq(securityAlerts.id, notifications.alertId))
    .innerJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(and(visibleNotificationsOf(userId), isNull(notifications.readAt)));
  return unread;
}

/** One page (20) of the user's notifications, newest first; a page past the last shows the last. */
export async function listNotifications(userId: string, requestedPage: number): Promise<NotificationPage> {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(notifications)
    .innerJoin(securityAlerts, eq(securityAlerts.id, notifications.alertId))
    .innerJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(visibleNotificationsOf(userId));
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(requestedPage) || 1), pageCount);
  const items: NotificationItem[] = await db
    .select({
      id: notifications.id,
      alertId: securityAlerts.id,
      title: securityAlerts.title,
      type: securityAlerts.type,
      projectId: projects.id,
      projectName: projects.name,
      occurredAt: securityAlerts.occurredAt,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      origin: securityAlerts.origin,
      retractedAt: securityAlerts.retractedAt,
    })
    .from(notifications)
    .innerJoin(securityAlerts, eq(securityAlerts.id, notifications.alertId))
    .innerJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(visibleNotificationsOf(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE)
    .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE);
  return { items, total, unread: await countUnreadNotifications(userId), page, pageCount };
}

/**
 * Marks one of the user's notifications read (again is fine: the first time stays). Another user's id, or one that
 * does not exist, is the same 404 and changes nothing.
 */
export async function markNotificationRead(userId: string, notificationId: string, now = new Date()): Promise<void> {
  if (!UUID.test(notificationId)) throw notFound();
  const db = await getDb();
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (marked.length === 0) throw notFound();
}

/** Marks every unread notification of the user read; nobody else's row is touched. */
export async function markAllNotificationsRead(userId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
