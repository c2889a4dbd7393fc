import 'server-only';

import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';

import { backgroundLoop } from '../background-loop';
import { getConfig, type Config } from '../config';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import { logger } from '../logger';

/** nodemailer's defaults wait minutes for a silent server; a worker must move on in seconds. */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000, dnsTimeout: 5_000 };
/** A server that answers slowly but never stalls long enough for the socket timeout still ends here. */
const SEND_DEADLINE_MS = 30_000;
/** A claimed row is ours until then; far past the send deadline, so a live worker never loses its row. */
const LEASE_MS = 2 * 60_000;
/** Retries back off from 5 s, doubling, to at most 10 minutes between tries. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;
/** A code lives at most 24 hours: past that a mail is useless, so the worker gives up and says so. */
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Rows due from other instances, and retries, are picked up at least this often. */
const POLL_MS = 5_000;
/** Rows one pass of the loop takes before it looks at the clock again. */
const PASS_LIMIT = 1_000;
/** Rows taken at once and sent side by side, over this many SMTP connections (one alert mailed to thousands). */
const CLAIM_BATCH = 50;
const SMTP_CONNECTIONS = 10;
/** Shutdown waits this long for the send in flight; an unfinished row is taken again when its lease ends. */
const STOP_WAIT_MS = 5_000;

type MailConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'devMailbox'>;
type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * A pool of SMTP connections for one pass: a connection per mail costs more than the mail on a fast relay. Closed at
 * the pass's end, so no connection idles between passes. maxRequeues 0: a mail whose connection dropped fails here
 * and is retried by the outbox (with its lease and back-off), not resent by nodemailer behind our deadline.
 */
function smtpPool(url: string): Transporter {
  // Built here because createTransport({ url, … }) keeps only what the URL says and drops the timeouts.
  // maxRequeues is read by nodemailer's pool but missing from its type.
  const options: SMTPPool.Options & { maxRequeues: number } = { url, pool: true, maxConnections: SMTP_CONNECTIONS, maxRequeues: 0, ...SMTP_TIMEOUTS };
  return nodemailer.createTransport(new SMTPPool(options));
}

/** The Message-ID's domain: MAIL_FROM's, so receivers see a well-formed id from the sending domain. */
function messageIdDomain(mailFrom: string): string {
  return /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'localhost';
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the SMTP server within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Exponential back-off with jitter, so many failed mails do not all retry at the same instant. */
function retryDelayMs(attempts: number): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * Takes the oldest due rows for this worker: SKIP LOCKED keeps two workers from taking the same row at once, and
 * the lease keeps it from the others until it is settled (or the lease ends, if this worker died).
 */
async function claimDueMails(now: Date, count: number): Promise<OutboxRow[]> {
  const db = await getDb();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(count)
    .for('update', { skipLocked: true });
  // Counted when taken, so a row whose sends keep crashing the worker still moves towards giving up.
  return db
    .update(mailOutbox)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

async function send(row: OutboxRow, config: MailConfig, smtp: Transporter | null): Promise<void> {
  if (!smtp) {
    // No SMTP: the log is the delivery. The text carries the code, so it is logged only when the operator asked.
    // Only for a mail asked for from this machine: a code someone requested from elsewhere never reaches the log.
    const readable = config.devMailbox && !row.requestedElsewhere;
    logger.info(
      { mailId: row.id, to: row.to, subject: row.subject, text: readable ? row.text : undefined },
      readable
        ? 'mail queued (no SMTP_URL): readable at /dev/mailbox'
        : config.devMailbox
          ? 'mail queued (no SMTP_URL): asked for from another machine, so not shown here'
          : 'mail queued (no SMTP_URL): not sent; set DEV_MAILBOX=1 to read it',
    );
    return;
  }
  await withDeadline(
    smtp.sendMail({
      from: config.mailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      // The outbox id: a resend after a crash carries the same id, so receivers can drop the duplicate.
      messageId: `<${row.id}@${messageIdDomain(config.mailFrom)}>`,
    }),
    SEND_DEADLINE_MS,
  );
  logger.info({ mailId: row.id, to: row.to, subject: row.subject }, 'mail sent');
}

async function settle(row: OutboxRow, error: unknown, now: Date): Promise<'retried' | 'failed'> {
  const db = await getDb();
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (now.getTime() - row.createdAt.getTime() >= MAIL_GIVE_UP_AFTER_MS) {
    await db.update(mailOutbox).set({ failedAt: now, lockedUntil: null, lastError }).where(eq(mailOutbox.id, row.id));
    logger.error({ mailId: row.id, to: row.to, subject: row.subject, attempts: row.attempts, lastError }, 'mail given up: not delivered within 24 hours');
    return 'failed';
  }
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
  await db.update(mailOutbox).set({ nextAttemptAt, lockedUntil: null, lastError }).where(eq(mailOutbox.id, row.id));
  logger.warn({ mailId: row.id, to: row.to, attempts: row.attempts, nextAttemptAt, lastError }, 'mail not sent; will retry');
  return 'retried';
}

export type MailPassReport = { sent: number; retried: number; failed: number };

/**
 * Delivers every due outbox row, a batch at a time sent side by side, until none is due (or `shouldStop`, or
 * `limit` rows were taken). Never deletes a row: a sent one keeps sent_at, one given up keeps failed_at and
 * last_error. `clock` lets tests move time forward.
 */
export async function deliverDueMail(
  options: { clock?: () => Date; shouldStop?: () => boolean; limit?: number } = {},
): Promise<MailPassReport> {
  const clock = options.clock ?? (() => new Date());
  const report: MailPassReport = { sent: 0, retried: 0, failed: 0 };
  const limit = options.limit ?? 100;
  const config = getConfig();
  const smtp = config.smtpUrl ? smtpPool(config.smtpUrl) : null;
  try {
    for (let taken = 0; taken < limit && !options.shouldStop?.(); ) {
      const rows = await claimDueMails(clock(), Math.min(CLAIM_BATCH, limit - taken));
      if (rows.length === 0) break;
      taken += rows.length;
      const outcomes = await Promise.allSettled(rows.map((row) => send(row, config, smtp)));
      const sentIds = rows.filter((_, index) => outcomes[index].status === 'fulfilled').map((row) => row.id);
      if (sentIds.length > 0) {
        const db = await getDb();
        await db.update(mailOutbox).set({ sentAt: clock(), lockedUntil: null, lastError: null }).where(inArray(mailOutbox.id, sentIds));
        report.sent += sentIds.length;
      }
      for (const [index, outcome] of outcomes.entries()) if (outcome.status === 'rejected') report[await settle(rows[index], outcome.reason, clock())]++;
    }
  } finally {
    smtp?.close();
  }
  return report;
}

// A full pass means more are due (one alert mailed to thousands): the loop goes on without the pause.
const mailLoop = backgroundLoop('mail worker', {
  pollMs: POLL_MS,
  pass: async (shouldStop) => {
    const report = await deliverDueMail({ shouldStop, limit: PASS_LIMIT });
    return { full: report.sent + report.retried + report.failed >= PASS_LIMIT };
  },
});

/** Starts the outbox worker in this server process (idempotent); it delivers what was left before a restart first. */
export function startMailWorker(): void {
  const config = getConfig();
  if (config.devMailbox) {
    logger.warn('DEV_MAILBOX is on: the verification and reset codes asked for from this machine are readable at http://localhost/dev/mailbox (from this machine only) and in this log. Never turn it on where others can reach the site.');
  }
  if (!config.smtpUrl) logger.info('mail: SMTP_URL is not set, so mails are queued and logged, not sent');
  mailLoop.start();
}

/** Asks the worker to look at the outbox now (call after committing a mail); a no-op where no worker runs. */
export const nudgeMailWorker = (): void => mailLoop.nudge();

/** Stops the worker, waiting a bounded time for the send in flight. */
export const stopMailWorker = (waitMs = STOP_WAIT_MS): Promise<void> => mailLoop.stop(waitMs);
