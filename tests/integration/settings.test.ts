import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { addWalletAction } from '@/actions/settings/add-wallet';
import { changePasswordAction } from '@/actions/settings/change-password';
import { signOutEverywhereAction } from '@/actions/settings/sign-out-everywhere';
import { updateUsernameAction } from '@/actions/settings/update-username';
import { GET as avatarGET } from '@/app/api/avatars/[username]/route';
import { POST as avatarPOST } from '@/app/api/user/avatar/route';
import { POST as eventsPOST } from '@/app/api/user/events/route';
import { GET as walletsGET, POST as walletsPOST } from '@/app/api/user/wallets/route';
import { AVATAR_MAX_BYTES } from '@/lib/avatar';
import { SETTINGS_MESSAGES } from '@/lib/messages/settings';
import { avatarOwnerSchema, WALLETS_PER_USER_MAX } from '@/lib/schemas/settings';
import { hashPassword, verifyPassword } from '@/server/auth/passwords';
import { currentAvatarVersion, currentSessionVersion, isSessionCurrent } from '@/server/auth/sessions';
import { getDb } from '@/server/db/client';
import { userEvents, users, wallets } from '@/server/db/schema';
import type { SessionUser } from '@/server/session';
import { backfillAvatarVersions, getAccountProfile } from '@/server/users';

import { createTestRun, type TestUser } from '../fixtures/test-run';

/*
 * Auth.js does not load outside Next, so the session is replaced: handlers and actions see whoever `signIn` set.
 * Everything else (routes, actions, schemas, database, avatar files) is the real thing. revalidatePath needs
 * Next's request store, which a plain test has not.
 */
const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock('@/server/session', () => ({ getSessionUser: async () => session.user, currentSessionId: async () => 'this-browser' }));
vi.mock('next/cache', () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));

const testRun = createTestRun();
const run = testRun.id;
const PASSWORD = 'first-pass-1';

type Account = TestUser;
const makeUser = async (label: string): Promise<Account> => testRun.makeUser(label, await hashPassword(PASSWORD));

const signIn = (account: Account | null) => {
  session.user = account;
};

const json = (body: unknown) =>
  new Request('http://localhost/api', { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const picture = (bytes: Uint8Array, type: string | null) =>
  new Request('http://localhost/api/user/avatar', { method: 'POST', headers: type ? { 'content-type': type } : {}, body: bytes as BodyInit });

async function count(table: typeof wallets | typeof userEvents, userId: string) {
  const db = await getDb();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.userId, userId));
  return n;
}

const avatarFile = (username: string) => path.join(process.env.DATA_DIR!, 'avatars', username);

// A real 1×1 PNG, and a GIF's first bytes.
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);
const GIF = Uint8Array.from(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let alice: Account;
let bob: Account;

beforeAll(async () => {
  alice = await makeUser('alice');
  bob = await makeUser('bob');
});

describe('wallets', () => {
  it('refuse signed-out callers with 401', async () => {
    signIn(null);
    expect((await walletsGET(new Request('http://localhost/api/user/wallets'))).status).toBe(401);
    expect((await walletsPOST(json({ walletAddress: ADDRESS }))).status).toBe(401);
  });

  it('store an address in its checksummed form and list it', async () => {
    signIn(alice);
    const added = await walletsPOST(json({ walletAddress: ADDRESS.toLowerCase() }));
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ walletAddress: ADDRESS });
    const listed = await (await walletsGET(new Request('http://localhost/api/user/wallets'))).json();
    expect(listed.map((wallet: { walletAddress: string }) => wallet.walletAddress)).toEqual([ADDRESS]);
  });

  it('answer 409 for the same address again, in any case, and store nothing more', async () => {
    signIn(alice);
    const before = await count(wallets, alice.id);
    const again = await walletsPOST(json({ walletAddress: ADDRESS.toUpperCase().replace('0X', '0x') }));
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(SETTINGS_MESSAGES.walletDuplicate);
    expect(await count(wallets, alice.id)).toBe(before);
  });

  it.each([
    ['a wrong checksum', { walletAddress: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }],
    ['a short address', { walletAddress: '0x1234' }],
    ['a number', { walletAddress: 12 }],
    ['no address', {}],
    ['an extra field', { walletAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', owner: 'x' }],
    ['an oversized string', { walletAddress: `0x${'a'.repeat(10_000)}` }],
    ['broken JSON', '{"walletAddress":'],
  ])('answer 400 for %s and store nothing', async (_label, body) => {
    signIn(bob);
    const response = await walletsPOST(json(body));
    expect(response.status).toBe(400);
    expect(await count(wallets, bob.id)).toBe(0);
  });

  it('are per user: another user sees none of them and may add the same address', async () => {
    signIn(bob);
    expect(await (await walletsGET(new Request('http://localhost/api/user/wallets'))).json()).toEqual([]);
    expect((await walletsPOST(json({ walletAddress: ADDRESS }))).status).toBe(201);
  });

  it('stop at the per-user cap', async () => {
    const carol = await makeUser('carol');
    signIn(carol);
    for (let i = 0; i < WALLETS_PER_USER_MAX; i++) {
      const address = `0x${i.toString(16).padStart(40, '0')}`;
      expect((await walletsPOST(json({ walletAddress: address }))).status).toBe(201);
    }
    const over = await walletsPOST(json({ walletAddress: `0x${'f'.repeat(40)}` }));
    expect(over.status).toBe(409);
    expect(await count(wallets, carol.id)).toBe(WALLETS_PER_USER_MAX);
  });

  it('the cap holds under parallel adds: exactly the cap is stored, the rest are 409', async () => {
    const erin = await makeUser('erin-race');
    signIn(erin);
    for (let i = 0; i < WALLETS_PER_USER_MAX - 2; i++) {
      expect((await walletsPOST(json({ walletAddress: `0x${(i + 1000).toString(16).padStart(40, '0')}` }))).status).toBe(201);
    }
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => walletsPOST(json({ walletAddress: `0x${(i + 5000).toString(16).padStart(40, '0')}` }))));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(2);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(8);
    expect(await count(wallets, erin.id)).toBe(WALLETS_PER_USER_MAX);
  });

  it('the settings action adds through the same rules', async () => {
    const dave = await makeUser('dave');
    signIn(dave);
    expect((await addWalletAction({ walletAddress: ADDRESS.toLowerCase() }))?.data?.walletAddress).toBe(ADDRESS);
    expect((await addWalletAction({ walletAddress: ADDRESS }))?.serverError).toBe(SETTINGS_MESSAGES.walletDuplicate);
    expect((await addWalletAction({ walletAddress: '0xnope' }))?.validationErrors).toBeTruthy();
    expect(await count(wallets, dave.id)).toBe(1);
  });
});

describe('user events', () => {
  it('refuse signed-out callers with 401', async () => {
    signIn(null);
    expect((await eventsPOST(json({ eventName: 'x' }))).status).toBe(401);
  });

  it('are stored, with properties defaulting to {}', async () => {
    signIn(alice);
    expect((await eventsPOST(json({ eventName: 'settings_opened' }))).status).toBe(201);
    expect((await eventsPOST(json({ eventName: 'tour_step', properties: { step: 3, path: '/' } }))).status).toBe(201);
    const db = await getDb();
    const rows = await db.select({ name: userEvents.eventName, properties: userEvents.properties }).from(userEvents).where(eq(userEvents.userId, alice.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'settings_opened', properties: {} },
        { name: 'tour_step', properties: { step: 3, path: '/' } },
      ]),
    );
  });

  it.each([
    ['no name', { properties: {} }],
    ['an empty name', { eventName: '' }],
    ['an oversized name', { eventName: 'e'.repeat(101) }],
    ['oversized properties', { eventName: 'big', properties: { blob: 'x'.repeat(9000) } }],
    ['properties that are a list', { eventName: 'list', properties: [1, 2] }],
  ])('answer 400 for %s and store nothing', async (_label, body) => {
    signIn(bob);
    expect((await eventsPOST(json(body))).status).toBe(400);
    expect(await count(userEvents, bob.id)).toBe(0);
  });
});

describe('user events, many', () => {
  it('are limited per user: past the budget, 429 and nothing stored', async () => {
    const ivan = await makeUser('ivan');
    signIn(ivan);
    for (let i = 0; i < 300; i++) expect((await eventsPOST(json({ eventName: `e${i}` }))).status).toBe(201);
    expect((await eventsPOST(json({ eventName: 'one-too-many' }))).status).toBe(429);
    expect(await count(userEvents, ivan.id)).toBe(300);
  });
});

describe('avatars', () => {
  it('refuse signed-out uploads with 401', async () => {
    signIn(null);
    expect((await avatarPOST(picture(PNG, 'image/png'))).status).toBe(401);
  });

  it('store a PNG under the username and serve it with its real type', async () => {
    signIn(alice);
    const response = await avatarPOST(picture(PNG, 'image/png'));
    expect(response.status).toBe(200);
    expect(fs.existsSync(avatarFile(alice.username))).toBe(true);
    const served = await avatarGET(new Request('http://localhost'), { params: Promise.resolve({ username: alice.username }) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('take the bytes over the declared type: a GIF declared as PNG is refused (415) and nothing is stored', async () => {
    signIn(bob);
    const response = await avatarPOST(picture(GIF, 'image/png'));
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe(SETTINGS_MESSAGES.avatarWrongType);
    expect(fs.existsSync(avatarFile(bob.username))).toBe(false);
  });

  it('refuse a PNG declared as something else that is not a picture type', async () => {
    signIn(bob);
    expect((await avatarPOST(picture(PNG, 'text/html'))).status).toBe(415);
    expect(fs.existsSync(avatarFile(bob.username))).toBe(false);
  });

  it('refuse a picture over 1 MB with 413 and store nothing', async () => {
    signIn(bob);
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(PNG);
    const response = await avatarPOST(picture(big, 'image/png'));
    expect(response.status).toBe(413);
    expect(fs.existsSync(avatarFile(bob.username))).toBe(false);
  });

  it('record whether a user has a picture: none before the first upload, then its version in the answer, the profile and the session', async () => {
    const fay = await makeUser('fay');
    signIn(fay);
    expect((await getAccountProfile(fay.id)).avatarVersion).toBeNull();
    expect(await currentAvatarVersion(fay.id)).toBeNull();
    const before = Date.now();
    const response = await avatarPOST(picture(PNG, 'image/png'));
    expect(response.status).toBe(200);
    const { avatarVersion } = avatarOwnerSchema.parse(await response.json());
    expect(avatarVersion).toBeGreaterThanOrEqual(before - 1000);
    expect((await getAccountProfile(fay.id)).avatarVersion).toBe(avatarVersion);
    // The session check's cached row is dropped by the upload, so the next request's session carries the version.
    expect(await currentAvatarVersion(fay.id)).toBe(avatarVersion);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = avatarOwnerSchema.parse(await (await avatarPOST(picture(PNG, 'image/png'))).json());
    expect(second.avatarVersion).toBeGreaterThan(avatarVersion);
    expect(await currentAvatarVersion(fay.id)).toBe(second.avatarVersion);
  });

  it('record no version for a refused upload', async () => {
    const gus = await makeUser('gus');
    signIn(gus);
    expect((await avatarPOST(picture(GIF, 'image/png'))).status).toBe(415);
    expect((await getAccountProfile(gus.id)).avatarVersion).toBeNull();
  });

  it('backfill the version of pictures stored before it was recorded, from the file, and leave users without one alone', async () => {
    const hal = await makeUser('hal');
    const ivy = await makeUser('ivy');
    fs.mkdirSync(path.dirname(avatarFile(hal.username)), { recursive: true });
    fs.writeFileSync(avatarFile(hal.username), PNG);
    const stored = new Date('2026-01-02T03:04:05.000Z');
    fs.utimesSync(avatarFile(hal.username), stored, stored);
    // A half-written upload is no one's picture.
    fs.writeFileSync(`${avatarFile(ivy.username)}.123.456.tmp`, PNG);
    expect(await backfillAvatarVersions()).toBeGreaterThanOrEqual(1);
    expect((await getAccountProfile(hal.id)).avatarVersion).toBe(stored.getTime());
    expect((await getAccountProfile(ivy.id)).avatarVersion).toBeNull();
    // A recorded version is kept: the backfill only fills in what is missing.
    fs.utimesSync(avatarFile(hal.username), new Date(), new Date());
    await backfillAvatarVersions();
    expect((await getAccountProfile(hal.id)).avatarVersion).toBe(stored.getTime());
  });

  it('answer 404 for a username without a picture, or one that is not a username', async () => {
    for (const username of [bob.username, '../secret', 'a.b']) {
      expect((await avatarGET(new Request('http://localhost'), { params: Promise.resolve({ username }) })).status).toBe(404);
    }
  });
});

describe('username', () => {
  it('changes, lower-cased, and the avatar follows it', async () => {
    const erin = await makeUser('erin');
    signIn(erin);
    expect((await avatarPOST(picture(PNG, 'image/png'))).status).toBe(200);
    const result = await updateUsernameAction({ username: `Erin-New-${run}` });
    expect(result?.data).toEqual({ username: `erin-new-${run}` });
    const db = await getDb();
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, erin.id));
    expect(row.username).toBe(`erin-new-${run}`);
    expect(fs.existsSync(avatarFile(`erin-new-${run}`))).toBe(true);
    expect(fs.existsSync(avatarFile(erin.username))).toBe(false);
  });

  it('refuses a name another user has, in any case, and changes nothing', async () => {
    signIn(bob);
    const result = await updateUsernameAction({ username: alice.username.toUpperCase() });
    expect(result?.serverError).toBe(SETTINGS_MESSAGES.usernameTaken);
    const db = await getDb();
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, bob.id));
    expect(row.username).toBe(bob.username);
  });

  it.each([['too long', 'x'.repeat(31)], ['bad characters', 'bob/../../etc'], ['too short', 'ab']])('refuses one %s and changes nothing', async (_label, username) => {
    signIn(bob);
    const result = await updateUsernameAction({ username });
    expect(result?.validationErrors).toBeTruthy();
    const db = await getDb();
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, bob.id));
    expect(row.username).toBe(bob.username);
  });

  it('refuses signed-out callers', async () => {
    signIn(null);
    expect((await updateUsernameAction({ username: 'someone-new' }))?.serverError).toBeTruthy();
  });
});

describe('change password', () => {
  async function hashOf(userId: string) {
    const db = await getDb();
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row.hash;
  }

  it('needs the right current password; a wrong one changes nothing', async () => {
    const frank = await makeUser('frank');
    signIn(frank);
    const before = await hashOf(frank.id);
    const result = await changePasswordAction({ currentPassword: 'wrong-pass-1', newPassword: 'second-pass-2', confirmPassword: 'second-pass-2' });
    expect(result?.serverError).toBe(SETTINGS_MESSAGES.currentPasswordWrong);
    expect(await hashOf(frank.id)).toBe(before);
  });

  it('refuses a new password that breaks the sign-up rule, and changes nothing', async () => {
    const grace = await makeUser('grace');
    signIn(grace);
    const before = await hashOf(grace.id);
    const result = await changePasswordAction({ currentPassword: PASSWORD, newPassword: 'short1', confirmPassword: 'short1' });
    expect(result?.validationErrors).toBeTruthy();
    expect(await hashOf(grace.id)).toBe(before);
  });

  it('sets the new password: the old one no longer matches, the new one does', async () => {
    const heidi = await makeUser('heidi');
    signIn(heidi);
    const before = (await currentSessionVersion(heidi.id))!;
    const result = await changePasswordAction({ currentPassword: PASSWORD, newPassword: 'second-pass-2', confirmPassword: 'second-pass-2' });
    expect(result?.data).toEqual({ ok: true });
    const hash = await hashOf(heidi.id);
    expect(await verifyPassword(hash, 'second-pass-2')).toBe(true);
    expect(await verifyPassword(hash, PASSWORD)).toBe(false);
    // Every other session ends; the caller's own (this request's session) stays.
    expect(await isSessionCurrent(heidi.id, before, 'other-device')).toBe(false);
    expect(await isSessionCurrent(heidi.id, before, 'this-browser')).toBe(true);
  });

  it('"Sign out of all devices" ends every other session and keeps the caller’s', async () => {
    const ivan = await makeUser('ivan');
    const before = (await currentSessionVersion(ivan.id))!;
    signIn(ivan);
    expect((await signOutEverywhereAction())?.data).toEqual({ ok: true });
    expect(await isSessionCurrent(ivan.id, before, 'other-device')).toBe(false);
    expect(await isSessionCurrent(ivan.id, before, 'this-browser')).toBe(true);
    signIn(null);
    expect((await signOutEverywhereAction())?.serverError).toBeTruthy();
  });
});
