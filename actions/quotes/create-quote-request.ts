'use server';

// Stores a Request a Quote submission from the header's quote modal.
import { headers } from 'next/headers';

import { quoteRequestSchema } from '@/lib/schemas/quote';
import { createQuoteRequest } from '@/server/quotes';
import { clientIp } from '@/server/request-ip';

import { actionClient } from '../client';

export const createQuoteRequestAction = actionClient
  .inputSchema(quoteRequestSchema)
  .action(async ({ parsedInput }) => createQuoteRequest(parsedInput, { ip: clientIp(await headers()) }));
