import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

import { getConfig } from '@/server/config';
import { listOutbox } from '@/server/mail';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Development mailbox', description: 'Mail kept by the outbox when no SMTP server is configured.', robots: { index: false } };

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** Outside production, the mails the outbox kept (verification and reset codes) for developers to read. */
export default async function MailboxPage() {
  const config = getConfig();
  if (!config.outboxReadable) notFound();
  const mails = await listOutbox();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Development mailbox</h1>
      <p className="mt-2 text-muted-foreground">Mail is kept here because SMTP_URL is not set. It does not exist on a production deployment with PostgreSQL or SMTP.</p>
      {mails.length === 0 ? <p className="mt-8">No mail yet.</p> : null}
      <ol className="mt-8 grid gap-4">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-xl border p-4">
            <p className="text-sm text-muted-foreground">
              {timeFormat.format(mail.createdAt)} UTC · to {mail.to}
            </p>
            <h2 className="mt-1 font-semibold">{mail.subject}</h2>
            <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">{mail.text}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
