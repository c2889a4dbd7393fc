import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createQuoteRequestAction } from '@/actions/quotes/create-quote-request';
import { POST as beaconPOST } from '@/app/api/auth/%5Flog/route';
import { POST as eventsPOST } from '@/app/api/user/events/route';
import { POST as createListPOST } from '@/app/api/watchlist/create/route';
import { HOSTILE_TEXT_MESSAGE } from '@/lib/schemas/text';
import { getDb } from '@/server/db/client';
import { quoteRequests, userEvents, watchlists } from '@/server/db/schema';
import { getLogger } from '@/server/logger';

import { inRequestScope } from '../fixtures/route-scope';
import { createTestRun, type TestUser } from '../fixtures/test-run';

/** Issue #42: NUL, control characters and broken UTF-8 get a clear 4xx everywhere, and change nothing. */
const session = vi.hoisted(() => ({ user: null as { id: string; email: string; username: string | null } | null }));
vi.mock('@/server/session', () => ({ getSessionUser: async () => session.user }));
vi.mock('next/headers', async () => (await import('../fixtures/route-scope')).nextHeaders);

const testRun = createTestRun();
let member: TestUser;
beforeAll(async () => {
  member = await testRun.makeUser('hostile');
  session.user = { id: member.id, email: member.email, username: member.username };
});
afterAll(() => testRun.cleanUp());

async function rowCount(table: typeof quoteRequests | typeof userEvents | typeof watchlists): Promise<number> {
  return (await (await getDb()).select().from(table)).length;
}

const jsonRequest = (path: string, body: string | Uint8Array<ArrayBuffer>) =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': testRun.nextIp() }, body });

describe('hostile text in a JSON body', () => {
  it.each([
    ['NUL in a property', JSON.stringify({ eventName: 'viewed', properties: { note: 'a\u0000b' } }), 'properties.note'],
    ['a bell in the name', JSON.stringify({ eventName: 'ring\u0007', properties: {} }), 'eventName'],
    ['a lone surrogate', '{"eventName":"\\ud800","properties":{}}', 'eventName'],
    ['a hostile key', JSON.stringify({ eventName: 'viewed', properties: { ['k\u0000']: 'v' } }), 'properties.(key)'],
  ])('%s: /api/user/events answers 400 naming where, and records nothing', async (_label, body, where) => {
    const before = await rowCount(userEvents);
    const response = await eventsPOST(jsonRequest('/api/user/events', body));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(`${where}: ${HOSTILE_TEXT_MESSAGE}.`);
    expect(await rowCount(userEvents)).toBe(before);
  });

  it('broken UTF-8 is a 400, not text with replacement characters', async () => {
    const before = await rowCount(watchlists);
    const bytes = new Uint8Array([...new TextEncoder().encode('{"name":"List '), 0xff, 0xfe, ...new TextEncoder().encode('","projects":[]}')]);
    const response = await createListPOST(jsonRequest('/api/watchlist/create', bytes));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('The request body is not valid UTF-8.');
    expect(await rowCount(watchlists)).toBe(before);
  });
});

describe('hostile text in a server action', () => {
  it('the quote action refuses it before anything runs, naming the field, and stores nothing', async () => {
    const before = await rowCount(quoteRequests);
    const input = { name: 'Ada\u0000', email: 'ada@example.com', company: 'Engines', website: '', services: ['security-audit'], message: 'Please audit our lending protocol.' };
    const result = await inRequestScope(new Headers({ 'x-forwarded-for': testRun.nextIp() }), () => createQuoteRequestAction(input as never));
    expect(result?.serverError).toBe(`name: ${HOSTILE_TEXT_MESSAGE}.`);
    expect(await rowCount(quoteRequests)).toBe(before);
  });
});

describe('the client log beacon', () => {
  it('logs what a browser reports at warn at most, under its own logger name, never as the server\'s error', async () => {
    const child = vi.spyOn(getLogger(), 'child');
    const response = await beaconPOST(jsonRequest('/api/auth/_log', JSON.stringify({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'oops' })));
    expect(response.status).toBe(200);
    expect(child).toHaveBeenCalledWith(expect.objectContaining({ name: 'client-beacon' }));
    const beaconLogger = child.mock.results.at(-1)!.value as ReturnType<typeof getLogger>;
    expect(beaconLogger.bindings()).toMatchObject({ name: 'client-beacon', source: 'client' });
    child.mockRestore();
  });

  it('the level it writes is warn for a reported error', async () => {
    const written: { level: string; args: unknown[] }[] = [];
    const original = getLogger().child.bind(getLogger());
    const child = vi.spyOn(getLogger(), 'child').mockImplementation((bindings, options) => {
      const made = original(bindings, options);
      for (const level of ['error', 'warn', 'debug', 'fatal'] as const) {
        vi.spyOn(made, level).mockImplementation(((...args: unknown[]) => void written.push({ level, args })) as never);
      }
      return made;
    });
    await beaconPOST(jsonRequest('/api/auth/_log', JSON.stringify({ level: 'error', code: 'CLIENT_FETCH_ERROR', message: 'oops' })));
    expect(written.map((entry) => entry.level)).toEqual(['warn']);
    expect(written[0].args[0]).toMatchObject({ code: 'CLIENT_FETCH_ERROR', reportedLevel: 'error' });
    child.mockRestore();
  });
});
