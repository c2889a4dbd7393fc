import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { POST as createPOST } from '@/app/api/watchlist/create/route';
import { POST as deletePOST } from '@/app/api/watchlist/delete/route';
import { GET as listGET } from '@/app/api/watchlist/route';
import { POST as projectsPOST } from '@/app/api/watchlist/projects/route';
import { POST as updatePOST } from '@/app/api/watchlist/update/route';
import { TEMP_WATCHLIST_ID } from '@/lib/constants';
import { UserFacingError } from '@/lib/errors';
import { WATCHLISTS_PER_USER_MAX } from '@/lib/schemas/watchlist';
import { getDb } from '@/server/db/client';
import { projects, watchlistProjects, watchlists } from '@/server/db/schema';
import type { SessionUser } from '@/server/session';
import { createWatchlist, deleteWatchlist, listWatchlists, setWatchlistProject, updateWatchlist } from '@/server/watchlists';

import { createTestRun, type TestUser } from '../fixtures/test-run';

/*
 * Auth.js does not load outside Next (next-auth imports 'next/server' in a way plain Node cannot resolve), so the
 * session is mocked: the route handlers see whoever `signedIn` is. The 401 path goes through server/api.ts
 * requireApiUser exactly as in production; only where the user comes from is replaced.
 */
const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('@/server/session', () => ({ getSessionUser: async () => session.user }));

const { makeUser } = createTestRun();
type Account = TestUser;

const signIn = (account: Account | null) => {
  session.user = account;
};

/** What the database holds for a user: the lists, oldest first, with their projects in order. */
async function snapshot(userId: string) {
  const db = await getDb();
  const lists = await db.select().from(watchlists).where(eq(watchlists.userId, userId)).orderBy(asc(watchlists.createdAt), asc(watchlists.id));
  const out: { id: string; name: string; projects: string[] }[] = [];
  for (const list of lists) {
    const items = await db.select().from(watchlistProjects).where(eq(watchlistProjects.watchlistId, list.id)).orderBy(asc(watchlistProjects.position));
    out.push({ id: list.id, name: list.name, projects: items.map((item) => item.projectId) });
  }
  return out;
}

async function totals() {
  const db = await getDb();
  const [{ lists }] = await db.select({ lists: sql<number>`count(*)::int` }).from(watchlists);
  const [{ items }] = await db.select({ items: sql<number>`count(*)::int` }).from(watchlistProjects);
  return { lists, items };
}

/** The postgres error code behind a rejected query (drizzle wraps the driver's error as `cause`). */
function pgCode(error: unknown): string | undefined {
  const seen = error as { code?: string; cause?: { code?: string; cause?: { code?: string } } };
  return seen?.code ?? seen?.cause?.code ?? seen?.cause?.cause?.code;
}

async function expectUserFacing(promise: Promise<unknown>, status: number, message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'expected a UserFacingError').toBeInstanceOf(UserFacingError);
  expect((error as UserFacingError).status).toBe(status);
  if (typeof message === 'string') expect((error as UserFacingError).message).toBe(message);
  else expect((error as UserFacingError).message).toMatch(message);
}

type Handler = (request: Request) => Promise<Response>;
type Reply = { status: number; body: unknown };

async function read(response: Response): Promise<Reply> {
  expect(response.status, `answered ${response.status}`).toBeLessThan(500);
  expect(response.headers.get('content-type') ?? '').toContain('application/json');
  return { status: response.status, body: await response.json() };
}

/** POSTs a raw body (JSON content-type unless told otherwise) to a route handler. */
async function post(handler: Handler, path: string, body: string | undefined, contentType: string | null = 'application/json'): Promise<Reply> {
  const headers = new Headers();
  if (contentType) headers.set('content-type', contentType);
  return read(await handler(new Request(`http://localhost${path}`, { method: 'POST', headers, body })));
}

const postJson = (handler: Handler, path: string, body: unknown) => post(handler, path, JSON.stringify(body));
const getLists = async () => read(await listGET(new Request('http://localhost/api/watchlist')));

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await makeUser('alice');
  bob = await makeUser('bob');
});

describe('server/watchlists.ts', () => {
  it('creates, lists, updates and deletes a watchlist, keeping project order', async () => {
    const user = await makeUser('crud');
    expect(await listWatchlists(user.id)).toEqual([]);

    const { id } = await createWatchlist(user.id, { name: 'DeFi', projects: ['ethereum', 'bitcoin'] });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const second = await createWatchlist(user.id, { name: 'Empty', projects: [] });
    expect(await listWatchlists(user.id)).toEqual([
      { id, name: 'DeFi', projects: ['ethereum', 'bitcoin'] },
      { id: second.id, name: 'Empty', projects: [] },
    ]);

    await updateWatchlist(user.id, { id, name: 'Majors', projects: ['bitcoin', 'tether', 'ethereum'] });
    expect((await listWatchlists(user.id))[0]).toEqual({ id, name: 'Majors', projects: ['bitcoin', 'tether', 'ethereum'] });

    // Keeping its own name is no conflict.
    await updateWatchlist(user.id, { id, name: 'Majors', projects: [] });
    expect((await listWatchlists(user.id))[0]).toEqual({ id, name: 'Majors', projects: [] });

    await updateWatchlist(user.id, { id, name: 'Majors', projects: ['tether'] });
    await deleteWatchlist(user.id, id);
    expect(await listWatchlists(user.id)).toEqual([{ id: second.id, name: 'Empty', projects: [] }]);
    // Its projects went with it.
    const db = await getDb();
    expect(await db.select().from(watchlistProjects).where(eq(watchlistProjects.watchlistId, id))).toEqual([]);
  });

  it('one user cannot read, update or delete the other user’s list (404 "Watchlist not found.")', async () => {
    const { id } = await createWatchlist(alice.id, { name: 'Only mine', projects: ['bitcoin'] });
    const aliceBefore = await snapshot(alice.id);
    const bobBefore = await snapshot(bob.id);

    expect((await listWatchlists(bob.id)).some((list) => list.id === id)).toBe(false);
    await expectUserFacing(updateWatchlist(bob.id, { id, name: 'Stolen', projects: [] }), 404, 'Watchlist not found.');
    await expectUserFacing(deleteWatchlist(bob.id, id), 404, 'Watchlist not found.');
    // A list that does not exist at all answers the same, so nothing tells them apart.
    await expectUserFacing(updateWatchlist(bob.id, { id: randomUUID(), name: 'Stolen', projects: [] }), 404, 'Watchlist not found.');
    await expectUserFacing(deleteWatchlist(bob.id, randomUUID()), 404, 'Watchlist not found.');

    expect(await snapshot(alice.id)).toEqual(aliceBefore);
    expect(await snapshot(bob.id)).toEqual(bobBefore);
  });

  it('a duplicate name is refused with 409 "The name is already used", on create and on rename', async () => {
    const user = await makeUser('dup');
    await createWatchlist(user.id, { name: 'DeFi', projects: [] });
    const other = await createWatchlist(user.id, { name: 'Other', projects: ['bitcoin'] });
    const before = await snapshot(user.id);

    await expectUserFacing(createWatchlist(user.id, { name: 'DeFi', projects: ['ethereum'] }), 409, 'The name is already used');
    await expectUserFacing(updateWatchlist(user.id, { id: other.id, name: 'DeFi', projects: [] }), 409, 'The name is already used');
    expect(await snapshot(user.id)).toEqual(before);

    // Names are per user: someone else may use it.
    const stranger = await makeUser('dup-other');
    await expect(createWatchlist(stranger.id, { name: 'DeFi', projects: [] })).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('an unknown project id is refused with 400 and nothing is written', async () => {
    const user = await makeUser('unknown');
    const { id } = await createWatchlist(user.id, { name: 'Real', projects: ['bitcoin'] });
    const before = await totals();

    await expectUserFacing(createWatchlist(user.id, { name: 'Fake', projects: ['bitcoin', 'no-such-project'] }), 400, /no-such-project/);
    await expectUserFacing(updateWatchlist(user.id, { id, name: 'Real', projects: ['no-such-project'] }), 400, /no-such-project/);

    expect(await totals()).toEqual(before);
    expect(await listWatchlists(user.id)).toEqual([{ id, name: 'Real', projects: ['bitcoin'] }]);
  });

  it(`keeps at most ${WATCHLISTS_PER_USER_MAX} lists per user`, async () => {
    const user = await makeUser('many');
    for (let i = 0; i < WATCHLISTS_PER_USER_MAX; i += 1) await createWatchlist(user.id, { name: `List ${i}`, projects: [] });
    await expectUserFacing(createWatchlist(user.id, { name: 'One too many', projects: [] }), 409, /at most/);
    expect(await listWatchlists(user.id)).toHaveLength(WATCHLISTS_PER_USER_MAX);
  });
});

describe('races', () => {
  it('parallel creates of the same name: exactly one succeeds, the others get 409, one row', async () => {
    const user = await makeUser('race');
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => createWatchlist(user.id, { name: 'Race', projects: ['bitcoin'] })));
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    for (const { reason } of lost) {
      expect(reason).toBeInstanceOf(UserFacingError);
      expect(reason).toMatchObject({ status: 409, message: 'The name is already used' });
    }
    const lists = await snapshot(user.id);
    expect(lists).toEqual([{ id: (won[0] as PromiseFulfilledResult<{ id: string }>).value.id, name: 'Race', projects: ['bitcoin'] }]);
  });

  it('parallel creates of the same name through the route: one 200, the rest 409', async () => {
    const user = await makeUser('race-route');
    signIn(user);
    const replies = await Promise.all(Array.from({ length: 4 }, () => postJson(createPOST, '/api/watchlist/create', { name: 'Routed', projects: [] })));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(refused).toHaveLength(3);
    for (const reply of refused) expect(reply).toEqual({ status: 409, body: { error: 'The name is already used' } });
    expect((await snapshot(user.id)).map((list) => list.name)).toEqual(['Routed']);
    signIn(null);
  });

  it('parallel updates toggling different projects end consistent: the last write wins, never duplicates', async () => {
    const user = await makeUser('toggle');
    const base = ['bitcoin', 'ethereum'];
    const { id } = await createWatchlist(user.id, { name: 'Toggles', projects: base });
    // Each "tab" read the same list and toggled a different project.
    const writes = [
      ['bitcoin', 'ethereum', 'tether'],
      ['bitcoin'],
      ['ethereum'],
      ['bitcoin', 'ethereum', 'solana'],
      ['bitcoin', 'ethereum', 'cardano'],
    ];
    for (const write of writes) expect(new Set(write).size).toBe(write.length);
    const outcomes = await Promise.allSettled(writes.map((projects) => updateWatchlist(user.id, { id, name: 'Toggles', projects })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(writes.map(() => 'fulfilled'));

    const [list] = await listWatchlists(user.id);
    expect(new Set(list.projects).size).toBe(list.projects.length);
    // The final state is exactly one of the writes (whole, in its order), not a mix.
    expect(writes).toContainEqual(list.projects);
    const db = await getDb();
    const rows = await db.select().from(watchlistProjects).where(eq(watchlistProjects.watchlistId, id)).orderBy(asc(watchlistProjects.position));
    expect(rows.map((row) => row.position)).toEqual(list.projects.map((_, index) => index));
  });

  it('parallel updates of two lists of one user do not touch each other', async () => {
    const user = await makeUser('two-lists');
    const first = await createWatchlist(user.id, { name: 'First', projects: ['bitcoin'] });
    const second = await createWatchlist(user.id, { name: 'Second', projects: ['ethereum'] });
    await Promise.all([
      updateWatchlist(user.id, { id: first.id, name: 'First', projects: ['bitcoin', 'tether'] }),
      updateWatchlist(user.id, { id: second.id, name: 'Second', projects: ['ethereum', 'solana'] }),
      updateWatchlist(user.id, { id: first.id, name: 'First', projects: ['bitcoin', 'tether'] }),
    ]);
    expect(await listWatchlists(user.id)).toEqual([
      { id: first.id, name: 'First', projects: ['bitcoin', 'tether'] },
      { id: second.id, name: 'Second', projects: ['ethereum', 'solana'] },
    ]);
  });
});

describe('changes from several tabs compose', () => {
  /** The first `count` seeded project ids, in a stable order. */
  async function projectIds(count: number): Promise<string[]> {
    const db = await getDb();
    const rows = await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id)).limit(count);
    expect(rows).toHaveLength(count);
    return rows.map((row) => row.id);
  }

  it('100 parallel toggles of 100 different projects leave exactly those 100 projects, each once', async () => {
    const user = await makeUser('hundred');
    const { id } = await createWatchlist(user.id, { name: 'Hundred', projects: [] });
    const ids = await projectIds(100);
    const outcomes = await Promise.allSettled(ids.map((projectId) => setWatchlistProject(user.id, { id, projectId, watched: true })));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const [list] = await listWatchlists(user.id);
    expect([...list.projects].sort()).toEqual([...ids].sort());
  });

  it('through the route: 100 parallel requests, half removing and half adding different projects, end on the right set', async () => {
    const user = await makeUser('hundred-route');
    const ids = await projectIds(100);
    const [removing, adding] = [ids.slice(0, 50), ids.slice(50)];
    const { id } = await createWatchlist(user.id, { name: 'Mixed', projects: removing });
    signIn(user);
    const replies = await Promise.all([
      ...removing.map((projectId) => postJson(projectsPOST, '/api/watchlist/projects', { id, projectId, watched: false })),
      ...adding.map((projectId) => postJson(projectsPOST, '/api/watchlist/projects', { id, projectId, watched: true })),
    ]);
    signIn(null);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    const [list] = await listWatchlists(user.id);
    expect([...list.projects].sort()).toEqual([...adding].sort());
  });

  it('adding twice and removing an absent project change nothing; a rename without projects keeps them', async () => {
    const user = await makeUser('idempotent');
    const { id } = await createWatchlist(user.id, { name: 'Once', projects: ['bitcoin'] });
    await Promise.all([
      setWatchlistProject(user.id, { id, projectId: 'ethereum', watched: true }),
      setWatchlistProject(user.id, { id, projectId: 'ethereum', watched: true }),
      setWatchlistProject(user.id, { id, projectId: 'tether', watched: false }),
      updateWatchlist(user.id, { id, name: 'Renamed' }),
    ]);
    expect(await listWatchlists(user.id)).toEqual([{ id, name: 'Renamed', projects: ['bitcoin', 'ethereum'] }]);
  });

  it("another user's list is 404 and an unknown project 400, through the route, and nothing changes", async () => {
    const { id } = await createWatchlist(alice.id, { name: 'Toggle target', projects: ['bitcoin'] });
    signIn(bob);
    expect((await postJson(projectsPOST, '/api/watchlist/projects', { id, projectId: 'ethereum', watched: true })).status).toBe(404);
    expect((await postJson(projectsPOST, '/api/watchlist/projects', { id, projectId: 'bitcoin', watched: false })).status).toBe(404);
    signIn(alice);
    expect((await postJson(projectsPOST, '/api/watchlist/projects', { id, projectId: 'no-such-project', watched: true })).status).toBe(400);
    expect((await postJson(projectsPOST, '/api/watchlist/projects', { id, projectId: 'ethereum', watched: 'yes' })).status).toBe(400);
    expect((await postJson(projectsPOST, '/api/watchlist/projects', { id, projectId: 'ethereum' })).status).toBe(400);
    signIn(null);
    expect((await postJson(projectsPOST, '/api/watchlist/projects', { id, projectId: 'ethereum', watched: true })).status).toBe(401);
    expect((await listWatchlists(alice.id)).find((list) => list.id === id)?.projects).toEqual(['bitcoin']);
  });

  it(`the per-user cap of ${WATCHLISTS_PER_USER_MAX} lists holds under parallel creates`, async () => {
    const user = await makeUser('cap-race');
    for (let index = 0; index < WATCHLISTS_PER_USER_MAX - 3; index++) await createWatchlist(user.id, { name: `List ${index}`, projects: [] });
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, index) => createWatchlist(user.id, { name: `Race ${index}`, projects: [] })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect((outcome.reason as UserFacingError).status).toBe(409);
    expect(await listWatchlists(user.id)).toHaveLength(WATCHLISTS_PER_USER_MAX);
  });
});

describe('the database enforces the rules itself', () => {
  it('refuses a 21-character, an empty or a padded name inserted directly', async () => {
    const db = await getDb();
    for (const name of ['x'.repeat(21), '', ' padded ']) {
      const error = await db
        .insert(watchlists)
        .values({ userId: alice.id, name })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error, JSON.stringify(name)).not.toBeNull();
      expect(pgCode(error)).toBe('23514');
    }
    // 20 characters is fine.
    const [row] = await db.insert(watchlists).values({ userId: alice.id, name: 'y'.repeat(20) }).returning({ id: watchlists.id });
    await db.delete(watchlists).where(eq(watchlists.id, row.id));
  });

  it('refuses a duplicate name for one user and a project twice in one list', async () => {
    const db = await getDb();
    const [list] = await db.insert(watchlists).values({ userId: bob.id, name: 'Direct' }).returning({ id: watchlists.id });
    const duplicateName = await db
      .insert(watchlists)
      .values({ userId: bob.id, name: 'Direct' })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(pgCode(duplicateName)).toBe('23505');

    await db.insert(watchlistProjects).values({ watchlistId: list.id, projectId: 'bitcoin', position: 0 });
    const duplicateProject = await db
      .insert(watchlistProjects)
      .values({ watchlistId: list.id, projectId: 'bitcoin', position: 1 })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(pgCode(duplicateProject)).toBe('23505');

    const unknownProject = await db
      .insert(watchlistProjects)
      .values({ watchlistId: list.id, projectId: 'no-such-project', position: 1 })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(pgCode(unknownProject)).toBe('23503');

    expect(await snapshot(bob.id)).toContainEqual({ id: list.id, name: 'Direct', projects: ['bitcoin'] });
    await db.delete(watchlists).where(eq(watchlists.id, list.id));
  });
});

describe('the route handlers', () => {
  it('answer 401 when signed out, and change nothing', async () => {
    signIn(null);
    const before = await totals();
    const { id } = await createWatchlist(alice.id, { name: 'Signed out', projects: [] });
    const after = await totals();
    expect(await getLists()).toEqual({ status: 401, body: { error: 'Not signed in.' } });
    expect(await postJson(createPOST, '/api/watchlist/create', { name: 'Anon', projects: [] })).toEqual({ status: 401, body: { error: 'Not signed in.' } });
    expect(await postJson(updatePOST, '/api/watchlist/update', { id, name: 'Anon', projects: [] })).toEqual({ status: 401, body: { error: 'Not signed in.' } });
    expect(await postJson(deletePOST, '/api/watchlist/delete', { id })).toEqual({ status: 401, body: { error: 'Not signed in.' } });
    // Signed out, even a bad body gets 401 first.
    expect((await post(createPOST, '/api/watchlist/create', 'nope')).status).toBe(401);
    expect(await totals()).toEqual(after);
    expect(after.lists).toBe(before.lists + 1);
    await deleteWatchlist(alice.id, id);
  });

  it('GET lists only the signed-in user’s lists as [{ id, name, projects }]', async () => {
    const user = await makeUser('get');
    const mine = await createWatchlist(user.id, { name: 'Mine', projects: ['ethereum', 'bitcoin'] });
    await createWatchlist(alice.id, { name: 'Not yours', projects: [] });
    signIn(user);
    const reply = await getLists();
    expect(reply).toEqual({ status: 200, body: [{ id: mine.id, name: 'Mine', projects: ['ethereum', 'bitcoin'] }] });
    signIn(await makeUser('get-empty'));
    expect(await getLists()).toEqual({ status: 200, body: [] });
    signIn(null);
  });

  it('create → update → delete succeed with the documented replies', async () => {
    const user = await makeUser('routes');
    signIn(user);
    const created = await postJson(createPOST, '/api/watchlist/create', { name: '  DeFi  ', projects: ['bitcoin'] });
    expect(created.status).toBe(200);
    const { id } = created.body as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listWatchlists(user.id)).toEqual([{ id, name: 'DeFi', projects: ['bitcoin'] }]);

    // projects may be left out on create
    const bare = await postJson(createPOST, '/api/watchlist/create', { name: 'Bare' });
    expect(bare.status).toBe(200);

    expect(await postJson(updatePOST, '/api/watchlist/update', { id, name: 'Renamed', projects: ['ethereum', 'bitcoin'] })).toEqual({ status: 200, body: { ok: true } });
    expect((await listWatchlists(user.id))[0]).toEqual({ id, name: 'Renamed', projects: ['ethereum', 'bitcoin'] });

    expect(await postJson(deletePOST, '/api/watchlist/delete', { id })).toEqual({ status: 200, body: { ok: true } });
    expect((await listWatchlists(user.id)).map((list) => list.name)).toEqual(['Bare']);
    // Deleting again: gone.
    expect(await postJson(deletePOST, '/api/watchlist/delete', { id })).toEqual({ status: 404, body: { error: 'Watchlist not found.' } });
    signIn(null);
  });

  describe('bad input: a 4xx with a clear error, and nothing changed', () => {
    let owner: Account;
    let listId: string;
    let otherUsersId: string;

    beforeAll(async () => {
      owner = await makeUser('bad');
      listId = (await createWatchlist(owner.id, { name: 'Keep', projects: ['bitcoin'] })).id;
      await createWatchlist(owner.id, { name: 'Taken', projects: [] });
      otherUsersId = (await createWatchlist(bob.id, { name: 'Bobs', projects: ['ethereum'] })).id;
    });

    type Case = [label: string, body: string | undefined, status: number, error: string | RegExp, contentType?: string | null];

    const longName = 'x'.repeat(21);
    const commonCases = (valid: Record<string, unknown>): Case[] => [
      ['empty body', '', 400, 'The request body is not valid JSON.'],
      ['no body', undefined, 400, 'The request body is not valid JSON.'],
      ['non-JSON', '{name: DeFi', 400, 'The request body is not valid JSON.'],
      ['not JSON content-type', JSON.stringify(valid), 400, /content-type application\/json/, 'text/plain'],
      ['no content-type', JSON.stringify(valid), 400, /content-type application\/json/, null],
      ['null', 'null', 400, /./],
      ['an array', '[]', 400, /./],
      ['a string', '"DeFi"', 400, /./],
      ['an extra field', JSON.stringify({ ...valid, userId: randomUUID() }), 400, /userId|[Uu]nrecognized/],
    ];
    const nameCases = (valid: Record<string, unknown>): Case[] => [
      ["name ''", JSON.stringify({ ...valid, name: '' }), 400, /name/],
      ["name '   '", JSON.stringify({ ...valid, name: '   ' }), 400, /name/],
      ['name of 21 characters', JSON.stringify({ ...valid, name: longName }), 400, 'name: Watchlist name cannot exceed 20 characters.'],
      ['name a number', JSON.stringify({ ...valid, name: 42 }), 400, /name/],
      ['name missing', JSON.stringify({ ...valid, name: undefined }), 400, /name/],
      ['projects not an array', JSON.stringify({ ...valid, projects: 'bitcoin' }), 400, /projects/],
      ['projects with a number', JSON.stringify({ ...valid, projects: [1] }), 400, /projects/],
      ['projects with a duplicate', JSON.stringify({ ...valid, projects: ['bitcoin', 'bitcoin'] }), 400, /projects/],
      ['an unknown project id', JSON.stringify({ ...valid, projects: ['no-such-project'] }), 400, /no-such-project/],
      ['a malformed project id', JSON.stringify({ ...valid, projects: ['Not A Slug'] }), 400, /projects/],
    ];

    async function expectRefused(handler: Handler, path: string, cases: Case[]) {
      const before = { owner: await snapshot(owner.id), bob: await snapshot(bob.id), totals: await totals() };
      for (const [label, body, status, error, contentType] of cases) {
        const reply = await post(handler, path, body, contentType === undefined ? 'application/json' : contentType);
        expect(reply.status, `${path} ${label}`).toBe(status);
        const message = (reply.body as { error?: unknown }).error;
        expect(typeof message, `${path} ${label}: an error message`).toBe('string');
        if (typeof error === 'string') expect(message, `${path} ${label}`).toBe(error);
        else expect(message, `${path} ${label}`).toMatch(error);
      }
      expect(await snapshot(owner.id)).toEqual(before.owner);
      expect(await snapshot(bob.id)).toEqual(before.bob);
      expect(await totals()).toEqual(before.totals);
    }

    it('create', async () => {
      signIn(owner);
      const valid = { name: 'Fresh', projects: [] };
      await expectRefused(createPOST, '/api/watchlist/create', [
        ...commonCases(valid),
        ...nameCases(valid).filter(([label]) => label !== 'name missing'),
        ['name missing', JSON.stringify({ projects: [] }), 400, /name/],
        ['a duplicate name', JSON.stringify({ name: 'Taken', projects: [] }), 409, 'The name is already used'],
        ['a duplicate name after trimming', JSON.stringify({ name: '  Taken ', projects: [] }), 409, 'The name is already used'],
      ]);
      signIn(null);
    });

    it('update', async () => {
      signIn(owner);
      const valid = { id: listId, name: 'Keep', projects: ['bitcoin'] };
      await expectRefused(updatePOST, '/api/watchlist/update', [
        ...commonCases(valid),
        ...nameCases(valid),
        ['projects not a list', JSON.stringify({ ...valid, projects: 'bitcoin' }), 400, /projects/],
        ['id missing', JSON.stringify({ name: 'Keep', projects: [] }), 400, /id/],
        ['the placeholder id (not a uuid)', JSON.stringify({ ...valid, id: TEMP_WATCHLIST_ID }), 400, /id/],
        ['id a number', JSON.stringify({ ...valid, id: 7 }), 400, /id/],
        ["another user's id", JSON.stringify({ ...valid, id: otherUsersId }), 404, 'Watchlist not found.'],
        ['an unknown id', JSON.stringify({ ...valid, id: randomUUID() }), 404, 'Watchlist not found.'],
        ['a duplicate name', JSON.stringify({ ...valid, name: 'Taken' }), 409, 'The name is already used'],
      ]);
      signIn(null);
    });

    it('delete', async () => {
      signIn(owner);
      await expectRefused(deletePOST, '/api/watchlist/delete', [
        ...commonCases({ id: listId }),
        ['id missing', '{}', 400, /id/],
        ['the placeholder id (not a uuid)', JSON.stringify({ id: TEMP_WATCHLIST_ID }), 400, /id/],
        ['id empty', JSON.stringify({ id: '' }), 400, /id/],
        ['id a number', JSON.stringify({ id: 7 }), 400, /id/],
        ['id a list', JSON.stringify({ id: [listId] }), 400, /id/],
        ["another user's id", JSON.stringify({ id: otherUsersId }), 404, 'Watchlist not found.'],
        ['an unknown id', JSON.stringify({ id: randomUUID() }), 404, 'Watchlist not found.'],
      ]);
      signIn(null);
    });

    it("another user's list is not readable through GET either", async () => {
      signIn(owner);
      const reply = await getLists();
      expect(reply.status).toBe(200);
      expect((reply.body as { id: string }[]).map((list) => list.id)).not.toContain(otherUsersId);
      signIn(null);
    });
  });
});
