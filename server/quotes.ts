import 'server-only';

import type { QuoteRequest } from '@/lib/schemas/quote';

import { getDb } from './db/client';
import { quoteRequests } from './db/schema';
import { logger } from './logger';
import { getRateLimits } from './rate-limit';

/**
 * Stores a validated Request a Quote submission (see quoteRequestSchema) for the sales team; returns its id. At most
 * LIMITS['quote-ip'] an hour from one address (429, nothing stored).
 */
export async function createQuoteRequest(quote: QuoteRequest, requester: { ip: string }): Promise<{ id: string }> {
  await getRateLimits().consumeOrRefuse('quote-ip', requester.ip, 'Too many quote requests from your address. Please try again later.');
  const db = await getDb();
  const [row] = await db.insert(quoteRequests).values(quote).returning({ id: quoteRequests.id });
  logger.info({ quoteRequestId: row.id, services: quote.services }, 'quote request stored');
  return row;
}
