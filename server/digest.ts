import 'server-only';

import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

import { ALERT_TYPE_LABELS, formatDate } from '@/lib/format';

import { siteLink, unsubscribeLinksFor } from './alert-mail';
import { getDb, type Database } from './db/client';
import { notifications, projects, securityAlerts, users } from './db/schema';
import { logger } from './logger';
import { enqueueMail } from './mail';
import { nudgeMailWorker } from './mail/worker';
import { digestMail } from './mail/templates';

/** A digest goes out at most once a day. */
export const DIGEST_PERIOD_MS = 24 * 60 * 60_000;
/**
 * A digest covers notifications up to this long before it is made: a notification's time is its publishing
 * transaction's start, and one still running may commit later with an earlier time than a digest made meanwhile.
 */
export const DIGEST_SETTLE_MS = 5 * 60_000;
/** How often each instance looks for due digests (a digest is due within this of its day's end). */
const CHECK_EVERY_MS = 5 * 60_000;
/** The first look after a start, so a restarted instance catches up soon without slowing the start. */
const FIRST_CHECK_MS = 30_000;
/** Alerts a digest lists one by one; more are counted and linked. */
export const DIGEST_MAX_ITEMS = 50;
/** Users one query picks up; a pass goes on until none is due. */
const USERS_PER_BATCH = 200;

/** Notifications a digest may list: of published alerts, not retracted, on projects still shown. */
const listable = and(eq(securityAlerts.status, 'published'), isNull(securityAlerts.retractedAt), isNull(projects.hiddenAt));

/** Notifications of the user not yet covered by a digest, up to `until`. */
const uncovered = (until: Date): SQL =>
  and(
    eq(notifications.userId, users.id),
    or(isNull(users.digestSentAt), gt(notifications.createdAt, users.digestSentAt)),
    lte(notifications.createdAt, until),
    listable,
  )!;

/** Users on the digest whose day is over (or who never had one): confirmed addresses only, as for immediate mail. */
const dueUsers = (now: Date) =>
  and(eq(users.alertEmail, 'digest'), isNotNull(users.confirmedAt), or(isNull(users.digestSentAt), lte(users.digestSentAt, new Date(now.getTime() - DIGEST_PERIOD_MS))));

/**
 * Queues one user's digest and moves their digest time, in one transaction with the user row locked SKIP LOCKED, so
 * another instance doing the same pass neither waits nor queues a second digest. Answers whether a mail was queued.
 */
async function queueDigestOf(db: Database, userId: string, now: Date, until: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, digestSentAt: users.digestSentAt })
      .from(users)
      .where(and(eq(users.id, userId), dueUsers(now)))
      .for('update', { skipLocked: true });
    // Taken by another instance, or already done by it since our list was read.
    if (!user) return false;
    const rows = await tx
      .select({
        alertId: securityAlerts.id,
        title: securityAlerts.title,
        type: securityAlerts.type,
        occurredAt: securityAlerts.occurredAt,
        projectName: projects.name,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(securityAlerts, eq(securityAlerts.id, notifications.alertId))
      .innerJoin(projects, eq(projects.id, securityAlerts.projectId))
      .where(and(eq(notifications.userId, user.id), uncovered(until)))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(DIGEST_MAX_ITEMS + 1);
    if (rows.length === 0) return false;
    let moreCount = 0;
    if (rows.length > DIGEST_MAX_ITEMS) {
      const [{ total }] = await tx
        .select({ total: sql<number>`count(*)::int` })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .innerJoin(securityAlerts, eq(securityAlerts.id, notifications.alertId))
        .innerJoin(projects, eq(projects.id, securityAlerts.projectId))
        .where(and(eq(notifications.userId, user.id), uncovered(until)));
      moreCount = total - DIGEST_MAX_ITEMS;
    }
    const { unsubscribeUrl, headers } = unsubscribeLinksFor(user.id);
    const items = rows.slice(0, DIGEST_MAX_ITEMS).map((row) => ({
      title: row.title,
      type: ALERT_TYPE_LABELS[row.type] ?? row.type,
      projectName: row.projectName,
      occurredOn: formatDate(row.occurredAt),
      alertUrl: siteLink(`/alerts/${row.alertId}`),
    }));
    const mail = digestMail(user.email, { items, moreCount, notificationsUrl: siteLink('/my/notifications'), settingsUrl: siteLink('/my/settings'), unsubscribeUrl });
    await enqueueMail(tx, { ...mail, headers });
    await tx.update(users).set({ digestSentAt: until }).where(eq(users.id, user.id));
    return true;
  });
}

/**
 * Queues the daily digest of every user whose day is over and who has alerts not yet covered, one mail each, and
 * moves their digest time to what it covered. Safe to run on several instances at once. `now` lets tests move time.
 */
export async function sendDueDigests(options: { now?: Date } = {}): Promise<{ queued: number }> {
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() - DIGEST_SETTLE_MS);
  const db = await getDb();
  let queued = 0;
  // In id order, each batch after the last: a user another instance holds is left to it, not asked again.
  let after: string | null = null;
  for (;;) {
    const due: { id: string }[] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          dueUsers(now),
          after ? gt(users.id, after) : undefined,
          sql`exists (select 1 from ${notifications} join ${securityAlerts} on ${securityAlerts.id} = ${notifications.alertId} join ${projects} on ${projects.id} = ${securityAlerts.projectId} where ${uncovered(until)})`,
        ),
      )
      .orderBy(asc(users.id))
      .limit(USERS_PER_BATCH);
    for (const { id } of due) {
      try {
        if (await queueDigestOf(db, id, now, until)) queued++;
      } catch (error) {
        // One user's failure (rolled back, so tried again at the next check) must not hold up everyone after them.
        logger.error({ err: error, userId: id }, 'daily digest not queued; will try again at the next check');
      }
    }
    if (due.length < USERS_PER_BATCH) break;
    after = due[due.length - 1].id;
  }
  if (queued > 0) nudgeMailWorker();
  return { queued };
}

type TimerState = { timer: NodeJS.Timeout | null; running: Promise<unknown> | null };
// On globalThis so a development reload of this module finds the running timer instead of starting another.
const state: TimerState = ((globalThis as { __sentinelDigestTimer?: TimerState }).__sentinelDigestTimer ??= { timer: null, running: null });

function schedule(ms: number): void {
  state.timer = setTimeout(() => {
    state.running = sendDueDigests()
      .then(({ queued }) => {
        if (queued > 0) logger.info({ queued }, 'daily digests queued');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'daily digest pass failed; trying again at the next check'))
      .finally(() => {
        state.running = null;
        if (state.timer) schedule(CHECK_EVERY_MS);
      });
  }, ms);
  state.timer.unref();
}

/** Starts the daily digest timer in this process (idempotent): every few minutes it queues the digests now due. */
export function startDigestTimer(): void {
  if (state.timer) return;
  schedule(FIRST_CHECK_MS);
}

/** Stops the daily digest timer, waiting for a pass in flight (its transactions are short). */
export async function stopDigestTimer(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  await state.running;
}
