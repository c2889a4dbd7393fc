import 'server-only';

import { desc } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';

import { getConfig } from '../config';
import { getDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import { logger } from '../logger';

export type Mail = { to: string; subject: string; text: string; html: string };

let transporter: Transporter | null = null;

function smtp(url: string): Transporter {
  transporter ??= nodemailer.createTransport(url);
  return transporter;
}

/**
 * Sends a mail over SMTP when SMTP_URL is set; otherwise keeps it in the outbox table and logs it, so a
 * developer can read codes at /dev/mailbox. Throws when delivery fails.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const config = getConfig();
  if (config.smtpUrl) {
    await smtp(config.smtpUrl).sendMail({ from: config.mailFrom, ...mail });
    logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    return;
  }
  const db = await getDb();
  await db.insert(mailOutbox).values(mail);
  logger.info({ to: mail.to, subject: mail.subject, text: config.outboxReadable ? mail.text : undefined }, 'mail kept in the outbox');
}

/** The newest outbox mails, for the development mailbox page. */
export async function listOutbox(limit = 50) {
  const db = await getDb();
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}
