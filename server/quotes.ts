import 'server-only';

import type { QuoteRequest } from '@/lib/schemas/quote';

import { getDb } from './db/client';
import { quoteRequests } from './db/schema';
import { logger } from './logger';

/** Stores a validated Request a Quote submission (see quoteRequestSchema) for the sales team; returns its id. */
export async function createQuoteRequest(quote: QuoteRequest): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db.insert(quoteRequests).values(quote).returning({ id: quoteRequests.id });
  logger.info({ quoteRequestId: row.id, services: quote.services }, 'quote request stored');
  return row;
}
