import 'server-only';

import { desc } from 'drizzle-orm';
import { z } from '@/lib/zod';

import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema';

const mailSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(200),
  text: z.string().min(1),
  html: z.string().min(1),
  /** Extra header fields, such as List-Unsubscribe; names and values on one line each. */
  headers: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9-]*$/), z.string().regex(/^[^\r\n]*$/)).optional(),
  /** Asked for by a request from another machine: DEV_MAILBOX never shows or logs its text (the mail is sent as any). */
  requestedElsewhere: z.boolean().optional(),
});

export type Mail = z.infer<typeof mailSchema>;

/**
 * Writes a mail to the outbox with the caller's database or transaction, so the mail exists exactly when what it
 * announces (a code) does. The worker (server/mail/worker.ts) delivers it; call nudgeMailWorker() after commit.
 */
export async function enqueueMail(db: Database, mail: Mail): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(mailSchema.parse(mail)).returning({ id: mailOutbox.id });
  return row.id;
}

/** Rows per insert when many mails are written at once (one alert to thousands of watchers). */
const OUTBOX_BATCH = 500;

/** Writes many mails to the outbox in the caller's transaction, a few hundred rows per statement. */
export async function enqueueMails(db: Database, mails: Mail[]): Promise<void> {
  const rows = mails.map((mail) => mailSchema.parse(mail));
  for (let start = 0; start < rows.length; start += OUTBOX_BATCH) await db.insert(mailOutbox).values(rows.slice(start, start + OUTBOX_BATCH));
}

/** The newest outbox mails with their delivery state, for the development mailbox page. */
export async function listOutbox(limit = 50) {
  const db = await getDb();
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      requestedElsewhere: mailOutbox.requestedElsewhere,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      failedAt: mailOutbox.failedAt,
      attempts: mailOutbox.attempts,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
