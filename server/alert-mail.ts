import 'server-only';

import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { ALERT_TYPE_LABELS, formatDate } from '@/lib/format';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';
import type { AlertEmailChoice } from '@/lib/notifications';

import { getConfig, resolveAuthSecret } from './config';
import { getDb, type Database } from './db/client';
import { projects, securityAlerts, users } from './db/schema';
import { enqueueMails, type Mail } from './mail';
import { alertMail } from './mail/templates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a mail's links lead (used in a mail only with SITE_URL set, or the local default). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
/** The RFC 8058 one-click address: it takes a POST only, so a mail scanner following links unsubscribes nobody. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/unsubscribe/one-click';

const signature = (userId: string) => createHmac('sha256', resolveAuthSecret()).update(`alert-mail-unsubscribe:${userId.toLowerCase()}`).digest('base64url');

/**
 * A token that lets whoever holds it, without signing in, stop one user's alert mails: the user id and a keyed
 * signature of it. It does not expire, as an unsubscribe link in an old mail must still work.
 */
export const unsubscribeToken = (userId: string) => `${userId}.${signature(userId)}`;

/** The user a token was made for, or null when it was not made by us. */
export function userOfUnsubscribeToken(token: string): string | null {
  const [userId, given, ...rest] = token.split('.');
  if (rest.length || !userId || !given || !UUID.test(userId)) return null;
  const expected = Buffer.from(signature(userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}

/** An absolute address on the site, for a mail. */
export const siteLink = (path: string) => new URL(path, getConfig().siteUrl).toString();
const withToken = (path: string, token: string) => `${siteLink(path)}?token=${encodeURIComponent(token)}`;

/**
 * The unsubscribe link of a mail to this user, and the header fields that make it one-click (RFC 8058): every alert
 * mail, immediate or digest, carries both.
 */
export function unsubscribeLinksFor(userId: string): { unsubscribeUrl: string; headers: Record<string, string> } {
  const token = unsubscribeToken(userId);
  return {
    unsubscribeUrl: withToken(UNSUBSCRIBE_PATH, token),
    headers: { 'List-Unsubscribe': `<${withToken(ONE_CLICK_UNSUBSCRIBE_PATH, token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Recipients whose mails are built and written together. Built chunk by chunk between the inserts, so the publishing
 * transaction never sits idle while thousands of mails are rendered (PostgreSQL ends a transaction idle for longer
 * than idle_in_transaction_session_timeout), and memory holds one chunk of mails, not all of them.
 */
const MAIL_CHUNK = 500;

/**
 * Writes the alert mail of each recipient to the outbox in the caller's transaction (the one that notified them), with
 * List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) pointing at their signed one-click address.
 */
export async function enqueueAlertMails(tx: Database, alertId: string, recipients: { id: string; email: string }[]): Promise<void> {
  if (recipients.length === 0) return;
  const [alert] = await tx
    .select({ title: securityAlerts.title, type: securityAlerts.type, occurredAt: securityAlerts.occurredAt, projectName: projects.name })
    .from(securityAlerts)
    .innerJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(eq(securityAlerts.id, alertId));
  if (!alert) return;
  const content = {
    title: alert.title,
    type: ALERT_TYPE_LABELS[alert.type] ?? alert.type,
    projectName: alert.projectName,
    occurredOn: formatDate(alert.occurredAt),
    alertUrl: siteLink(`/alerts/${alertId}`),
    settingsUrl: siteLink('/my/settings'),
  };
  for (let start = 0; start < recipients.length; start += MAIL_CHUNK) {
    const mails: Mail[] = recipients.slice(start, start + MAIL_CHUNK).map((recipient) => {
      const { unsubscribeUrl, headers } = unsubscribeLinksFor(recipient.id);
      return { ...alertMail(recipient.email, { ...content, unsubscribeUrl }), headers };
    });
    await enqueueMails(tx, mails);
  }
}

/** The address a valid token stops mails for (the confirmation page names it); a bad token is a 404. */
export async function describeUnsubscribeToken(token: string): Promise<{ email: string; alertEmail: AlertEmailChoice }> {
  const userId = userOfUnsubscribeToken(token);
  const db = await getDb();
  const [user] = userId ? await db.select({ email: users.email, alertEmail: users.alertEmail }).from(users).where(eq(users.id, userId)) : [];
  if (!user) throw new UserFacingError(NOTIFICATION_MESSAGES.unsubscribeLinkInvalid, 404);
  return user;
}

/** Stops the token's user's alert mails (again is fine); a bad token is a 404 and changes nothing. */
export async function unsubscribeFromAlertMail(token: string): Promise<void> {
  const userId = userOfUnsubscribeToken(token);
  const db = await getDb();
  const changed = userId ? await db.update(users).set({ alertEmail: 'off', updatedAt: sql`now()` }).where(eq(users.id, userId)).returning({ id: users.id }) : [];
  if (changed.length === 0) throw new UserFacingError(NOTIFICATION_MESSAGES.unsubscribeLinkInvalid, 404);
}

/** The user's alert mail choice, for Settings. */
export async function getAlertEmailChoice(userId: string): Promise<AlertEmailChoice> {
  const db = await getDb();
  const [user] = await db.select({ alertEmail: users.alertEmail }).from(users).where(eq(users.id, userId));
  return user?.alertEmail ?? 'immediate';
}

/**
 * Sets the user's alert mail choice from Settings. Turning the digest on starts it from now: alerts before were mailed
 * one by one already (or the user chose no mail then), so the first digest must not list them again. Choosing the
 * digest again while on it keeps the running day.
 */
export async function setAlertEmailChoice(userId: string, alertEmail: AlertEmailChoice): Promise<void> {
  const db = await getDb();
  const digestStart = alertEmail === 'digest' ? { digestSentAt: sql`case when ${users.alertEmail} = 'digest' and ${users.digestSentAt} is not null then ${users.digestSentAt} else now() end` } : {};
  await db.update(users).set({ alertEmail, ...digestStart, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
