import 'server-only';

import { QUOTE_SERVICES } from '@/lib/constants';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { QuoteRequest } from '@/lib/schemas/quote';

import { getConfig } from './config';
import { getDb } from './db/client';
import { quoteRequests } from './db/schema';
import { logger } from './logger';
import { enqueueMail, type Mail } from './mail';
import { noticeMail } from './mail/templates';
import { nudgeMailWorker } from './mail/worker';
import { getRateLimits } from './rate-limit';

/** A service's name as the quote form shows it. */
export const quoteServiceLabel = (id: string) => QUOTE_SERVICES.find((service) => service.id === id)?.label ?? id;

/** The sales team's notice of a new request: who asked, for what, and where to answer it in the console. */
function quoteNotifyMail(to: string, id: string, quote: QuoteRequest): Mail {
  // The company is the requester's text: no line breaks may reach the subject header.
  const company = quote.company.replace(/[\r\n\t]+/g, ' ').slice(0, 120);
  return noticeMail(
    to,
    STAFF_MESSAGES.quoteNotifySubject(company),
    [
      STAFF_MESSAGES.quoteNotifyIntro(quote.name, quote.email),
      `Company: ${quote.company}`,
      ...(quote.website ? [`Website: ${quote.website}`] : []),
      `Services: ${quote.services.map(quoteServiceLabel).join(', ')}`,
      quote.message,
    ],
    { text: STAFF_MESSAGES.quoteNotifyLink, url: `${getConfig().siteUrl}/staff/quotes/${id}` },
  );
}

/**
 * Stores a validated Request a Quote submission (see quoteRequestSchema) for the sales team; returns its id. When
 * QUOTE_NOTIFY_EMAIL is set, the notice is queued in the same transaction, so it exists exactly when the request
 * does. At most LIMITS['quote-ip'] an hour from one address (429, nothing stored).
 */
export async function createQuoteRequest(quote: QuoteRequest, requester: { ip: string }): Promise<{ id: string }> {
  await getRateLimits().consumeOrRefuse('quote-ip', requester.ip, 'Too many quote requests from your address. Please try again later.');
  const notify = getConfig().quoteNotifyEmail;
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [stored] = await tx.insert(quoteRequests).values(quote).returning({ id: quoteRequests.id });
    if (notify) await enqueueMail(tx, quoteNotifyMail(notify, stored.id, quote));
    return stored;
  });
  if (notify) nudgeMailWorker();
  logger.info({ quoteRequestId: row.id, services: quote.services }, 'quote request stored');
  return row;
}
