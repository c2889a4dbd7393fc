import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';

import { createQuoteRequestAction } from '@/actions/quotes/create-quote-request';
import { quoteRequestSchema, type QuoteRequestInput } from '@/lib/schemas/quote';
import { getDb } from '@/server/db/client';
import { quoteRequests } from '@/server/db/schema';
import { createQuoteRequest } from '@/server/quotes';

import { VALID_QUOTE } from '../fixtures/quote';

// The action reads the client address from the request headers: one address for this file's submissions.
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': '192.0.2.10' }) }));

const requester = { ip: '192.0.2.11' };

const input: QuoteRequestInput = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  website: '',
  services: ['security-audit', 'skynet', 'security-audit'],
  message: 'We need an audit of our lending protocol before launch.',
};

async function countQuoteRequests(): Promise<number> {
  const db = await getDb();
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(quoteRequests);
  return count;
}

async function storedQuoteRequest(id: string) {
  const db = await getDb();
  const rows = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
  expect(rows).toHaveLength(1);
  return rows[0];
}

describe('createQuoteRequest', () => {
  it('stores a validated request and returns its id', async () => {
    const before = await countQuoteRequests();

    const { id } = await createQuoteRequest(quoteRequestSchema.parse({ ...input, website: 'https://example.com' }), requester);

    expect(await countQuoteRequests()).toBe(before + 1);
    const row = await storedQuoteRequest(id);
    // Trimmed, services de-duplicated: the clean request.
    expect(row).toMatchObject(VALID_QUOTE);
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - row.createdAt.getTime())).toBeLessThan(60_000);
  });

  it('gives each request its own id', async () => {
    const quote = quoteRequestSchema.parse(input);
    const first = await createQuoteRequest(quote, requester);
    const second = await createQuoteRequest(quote, requester);
    expect(first.id).not.toBe(second.id);
  });
});

describe('createQuoteRequestAction', () => {
  it('stores a valid submission, cleaned by the schema, and returns its id', async () => {
    const before = await countQuoteRequests();

    const result = await createQuoteRequestAction(input);

    expect(result.validationErrors).toBeUndefined();
    expect(result.serverError).toBeUndefined();
    expect(result.data?.id).toEqual(expect.any(String));
    expect(await countQuoteRequests()).toBe(before + 1);
    expect(await storedQuoteRequest(result.data!.id)).toMatchObject({
      name: 'Ada Lovelace',
      website: null,
      services: ['security-audit', 'skynet'],
    });
  });

  it('stores nothing and reports the fields of an invalid submission', async () => {
    const before = await countQuoteRequests();

    const result = await createQuoteRequestAction({
      ...input,
      email: 'not an email',
      website: 'javascript:alert(1)',
      services: [],
    });

    expect(result.data).toBeUndefined();
    expect(result.validationErrors).toMatchObject({
      email: { _errors: ['Please enter a valid work email.'] },
      website: { _errors: ['Please enter a full URL, like https://example.com.'] },
      services: { _errors: ['Choose at least one service.'] },
    });
    expect(await countQuoteRequests()).toBe(before);
  });

  it('stores nothing for an oversized message', async () => {
    const before = await countQuoteRequests();

    const result = await createQuoteRequestAction({ ...input, message: 'm'.repeat(5001) });

    expect(result.data).toBeUndefined();
    expect(result.validationErrors).toMatchObject({ message: { _errors: ['Message cannot exceed 5000 characters.'] } });
    expect(await countQuoteRequests()).toBe(before);
  });

  it('stores nothing for input that is not an object', async () => {
    const before = await countQuoteRequests();

    const result = await createQuoteRequestAction('drop table quote_requests' as unknown as QuoteRequestInput);

    expect(result.data).toBeUndefined();
    expect(result.validationErrors).toBeDefined();
    expect(await countQuoteRequests()).toBe(before);
  });
});
