import { TriangleAlert } from 'lucide';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';

import { Icon } from '@/components/ui/icon';
import { getConfig } from '@/server/config';
import { listOutbox } from '@/server/mail';
import { isDirectLocalRequest } from '@/server/request-ip';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Development mailbox', description: 'The outbox, readable because DEV_MAILBOX is on.', robots: { index: false } };

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

function deliveryState(mail: { sentAt: Date | null; failedAt: Date | null; attempts: number }): string {
  if (mail.sentAt) return 'delivered';
  if (mail.failedAt) return 'given up';
  return mail.attempts > 0 ? `retrying (${mail.attempts} tries)` : 'queued';
}

/**
 * The outbox (verification and reset codes), only when the operator turned DEV_MAILBOX on and only to a request
 * straight from this machine (no proxy in front); a 404 for everyone else. A code asked for from another machine is
 * not shown even here.
 */
export default async function MailboxPage() {
  if (!getConfig().devMailbox || !isDirectLocalRequest(await headers())) notFound();
  const mails = await listOutbox();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Development mailbox</h1>
      <div role="alert" className="mt-4 flex gap-3 rounded-xl border border-amber-500 bg-amber-50 p-4 text-amber-950">
        <Icon node={TriangleAlert} className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong>DEV_MAILBOX is on.</strong> This page opens only from this machine, and shows the codes asked for from
          it. Keep it off anywhere the site can be reached by others: unset DEV_MAILBOX and configure SMTP_URL.
        </p>
      </div>
      {mails.length === 0 ? <p className="mt-8">No mail yet.</p> : null}
      <ol className="mt-8 grid gap-4">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-xl border p-4">
            <p className="text-sm text-muted-foreground">
              {timeFormat.format(mail.createdAt)} UTC · to {mail.to} · {deliveryState(mail)}
            </p>
            <h2 className="mt-1 font-semibold">{mail.subject}</h2>
            {mail.requestedElsewhere ? (
              <p className="mt-3 text-sm text-muted-foreground">Asked for from another machine, so its text is not shown here.</p>
            ) : (
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">{mail.text}</pre>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
