import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { authenticate, confirmSignUp, forgotPassword, resetPassword, signInWithProvider, signUp } from '@/server/auth/pool';
import { hashPassword } from '@/server/auth/passwords';
import { currentSessionVersion, isSessionCurrent, revokeSession } from '@/server/auth/sessions';
import { getDb } from '@/server/db/client';
import { userAccounts, users, verificationCodes } from '@/server/db/schema';
import { changePassword, signOutEverywhere } from '@/server/users';

import { refusal } from '../fixtures/refusal';
import { createTestRun } from '../fixtures/test-run';
import { latestMailedCode } from '../support/mailed-codes';

const testRun = createTestRun();
const { nextEmail, nextIp } = testRun;
afterAll(() => testRun.cleanUp());

const STRANGER_PASSWORD = 'stranger-pass-1';
const OWNER_PASSWORD = 'owner-pass-1';


async function userRow(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

async function confirmedUser(password: string) {
  const email = nextEmail('owner');
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ email, username: email.split('@')[0], passwordHash: await hashPassword(password), confirmedAt: new Date() })
    .returning();
  return row;
}

/** Makes every update of one user's row fail inside the database, as a full disk or a lost connection would. */
async function breakUpdatesOf(email: string): Promise<() => Promise<void>> {
  const db = await getDb();
  const name = `fail_${Math.random().toString(36).slice(2, 10)}`;
  await db.execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$`));
  await db.execute(sql.raw(`create trigger ${name} before update on users for each row when (old.email = '${email}') execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on users`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}

describe('Google sign-in never adopts an account a stranger opened with the owner’s address', () => {
  it('linking to an unconfirmed account voids the stranger’s password and codes, and links the identity', async () => {
    const email = nextEmail('victim');
    await signUp({ email, password: STRANGER_PASSWORD, ip: nextIp() });
    const strangerCode = await latestMailedCode(email, 'verification');
    const before = await userRow(email);
    expect(before.confirmedAt).toBeNull();

    const member = await signInWithProvider({ provider: 'google', providerAccountId: `g-${email}`, email, emailVerified: true, image: null });
    expect(member.id).toBe(before.id);

    const after = await userRow(email);
    expect(after.confirmedAt).not.toBeNull();
    expect(await refusal(authenticate({ email, password: STRANGER_PASSWORD, ip: nextIp() }))).toBe('NotAuthorizedException');
    expect(await refusal(confirmSignUp({ email, code: strangerCode, ip: nextIp() }))).toBe('NotAuthorizedException');
    const db = await getDb();
    const open = await db.select().from(verificationCodes).where(and(eq(verificationCodes.userId, after.id), isNull(verificationCodes.consumedAt)));
    expect(open).toEqual([]);
    const links = await db.select().from(userAccounts).where(eq(userAccounts.userId, after.id));
    expect(links.map((link) => [link.provider, link.providerAccountId])).toEqual([['google', `g-${email}`]]);
    expect(after.sessionVersion).toBeGreaterThan(before.sessionVersion);
  });

  it('refuses an email the provider has not verified, and creates or links nothing', async () => {
    const email = nextEmail('unverified');
    await signUp({ email, password: STRANGER_PASSWORD, ip: nextIp() });
    const db = await getDb();
    const [{ count: before }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(await refusal(signInWithProvider({ provider: 'google', providerAccountId: `g-${email}`, email, emailVerified: false, image: null }))).toBe(
      'NotAuthorizedException',
    );
    expect(await refusal(signInWithProvider({ provider: 'google', providerAccountId: 'g-new', email: nextEmail('new'), emailVerified: false, image: null }))).toBe(
      'NotAuthorizedException',
    );
    const [{ count: after }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(after).toBe(before);
    expect((await userRow(email)).confirmedAt).toBeNull();
    expect(await db.select().from(userAccounts).where(eq(userAccounts.providerAccountId, `g-${email}`))).toEqual([]);
  });

  it('a confirmed account keeps its password when linked; a linked identity finds its account even after an email change', async () => {
    const owner = await confirmedUser(OWNER_PASSWORD);
    const member = await signInWithProvider({ provider: 'google', providerAccountId: `g-${owner.id}`, email: owner.email, emailVerified: true, image: null });
    expect(member.id).toBe(owner.id);
    expect((await authenticate({ email: owner.email, password: OWNER_PASSWORD, ip: nextIp() })).id).toBe(owner.id);
    const again = await signInWithProvider({ provider: 'google', providerAccountId: `g-${owner.id}`, email: 'renamed@example.com', emailVerified: true, image: null });
    expect(again.id).toBe(owner.id);
  });

  it('a first Google sign-in creates a confirmed account that no password opens', async () => {
    const email = nextEmail('fresh');
    const member = await signInWithProvider({ provider: 'google', providerAccountId: `g-${email}`, email, emailVerified: true, image: null });
    expect((await userRow(email)).confirmedAt).not.toBeNull();
    expect(await refusal(authenticate({ email, password: '!no-password', ip: nextIp() }))).toBe('NotAuthorizedException');
    const parallel = await Promise.all([1, 2, 3].map(() => signInWithProvider({ provider: 'google', providerAccountId: `g-${email}`, email, emailVerified: true, image: null })));
    expect(parallel.map((user) => user.id)).toEqual([member.id, member.id, member.id]);
  });
});

describe('sessions end when the password changes, on a reset and on "Sign out of all devices"', () => {
  it('changing the password ends every other session and keeps the caller’s', async () => {
    const owner = await confirmedUser(OWNER_PASSWORD);
    const oldVersion = (await currentSessionVersion(owner.id))!;
    expect(await isSessionCurrent(owner.id, oldVersion, 'this-browser')).toBe(true);
    expect(await isSessionCurrent(owner.id, oldVersion, 'stolen-cookie')).toBe(true);

    await changePassword(owner.id, { currentPassword: OWNER_PASSWORD, newPassword: 'owner-pass-2' }, 'this-browser');
    expect(await isSessionCurrent(owner.id, oldVersion, 'this-browser')).toBe(true);
    expect(await isSessionCurrent(owner.id, oldVersion, 'stolen-cookie')).toBe(false);
    expect(await isSessionCurrent(owner.id, oldVersion)).toBe(false);
    // A sign-in after the change starts at the new version.
    expect(await isSessionCurrent(owner.id, oldVersion + 1, 'new-sign-in')).toBe(true);

    // The next raise keeps only the session it names.
    await changePassword(owner.id, { currentPassword: 'owner-pass-2', newPassword: 'owner-pass-3' }, 'new-sign-in');
    expect(await isSessionCurrent(owner.id, oldVersion, 'this-browser')).toBe(false);
    expect(await isSessionCurrent(owner.id, oldVersion + 1, 'new-sign-in')).toBe(true);
  });

  it('"Sign out of all devices" keeps only the caller; a password reset keeps none', async () => {
    const owner = await confirmedUser(OWNER_PASSWORD);
    const start = (await currentSessionVersion(owner.id))!;
    await signOutEverywhere(owner.id, 'this-browser');
    expect(await isSessionCurrent(owner.id, start, 'other-device')).toBe(false);
    expect(await isSessionCurrent(owner.id, start, 'this-browser')).toBe(true);

    await forgotPassword({ email: owner.email, ip: nextIp() });
    await resetPassword({ email: owner.email, code: await latestMailedCode(owner.email, 'reset'), newPassword: 'owner-pass-3', ip: nextIp() });
    expect(await isSessionCurrent(owner.id, start, 'this-browser')).toBe(false);
    expect(await isSessionCurrent(owner.id, start + 1, 'other-device')).toBe(false);
    expect(await currentSessionVersion(owner.id)).toBe(start + 2);
  });

  it('signing out ends that session alone, even for a copy of its cookie', async () => {
    const owner = await confirmedUser(OWNER_PASSWORD);
    const version = (await currentSessionVersion(owner.id))!;
    expect(await isSessionCurrent(owner.id, version, 'session-a')).toBe(true);
    await revokeSession(owner.id, 'session-a', new Date(Date.now() + 60_000));
    expect(await isSessionCurrent(owner.id, version, 'session-a')).toBe(false);
    expect(await isSessionCurrent(owner.id, version, 'session-b')).toBe(true);
    // Twice is harmless.
    await revokeSession(owner.id, 'session-a', new Date(Date.now() + 60_000));
  });

  it('a deleted user has no current session', async () => {
    const owner = await confirmedUser(OWNER_PASSWORD);
    const db = await getDb();
    await db.delete(users).where(eq(users.id, owner.id));
    expect(await isSessionCurrent(owner.id, 0)).toBe(false);
    expect(await isSessionCurrent('not-a-user-id', 0)).toBe(false);
  });
});

describe('a code is spent only with the change it pays for', () => {
  it('a reset whose password update fails leaves the code good for a retry', async () => {
    const owner = await confirmedUser(OWNER_PASSWORD);
    await forgotPassword({ email: owner.email, ip: nextIp() });
    const code = await latestMailedCode(owner.email, 'reset');

    const repair = await breakUpdatesOf(owner.email);
    const failure = await resetPassword({ email: owner.email, code, newPassword: 'owner-pass-4', ip: nextIp() }).then(
      () => null,
      (error: unknown) => error,
    );
    await repair();
    expect(failure).toBeInstanceOf(Error);
    expect((await authenticate({ email: owner.email, password: OWNER_PASSWORD, ip: nextIp() })).id).toBe(owner.id);

    await resetPassword({ email: owner.email, code, newPassword: 'owner-pass-4', ip: nextIp() });
    expect((await authenticate({ email: owner.email, password: 'owner-pass-4', ip: nextIp() })).id).toBe(owner.id);
    // And now it is spent.
    expect(await refusal(resetPassword({ email: owner.email, code, newPassword: 'owner-pass-5', ip: nextIp() }))).toBe('ExpiredCodeException');
  });

  it('a confirmation that fails to save leaves the code good for a retry', async () => {
    const email = nextEmail('confirm');
    await signUp({ email, password: OWNER_PASSWORD, ip: nextIp() });
    const code = await latestMailedCode(email, 'verification');
    const repair = await breakUpdatesOf(email);
    const failure = await confirmSignUp({ email, code, ip: nextIp() }).then(
      () => null,
      (error: unknown) => error,
    );
    await repair();
    expect(failure).toBeInstanceOf(Error);
    expect((await userRow(email)).confirmedAt).toBeNull();
    await confirmSignUp({ email, code, ip: nextIp() });
    expect((await userRow(email)).confirmedAt).not.toBeNull();
  });

  it('a reset for an unknown email answers exactly as a known email without a live code', async () => {
    const owner = await confirmedUser(OWNER_PASSWORD);
    const known = await refusal(resetPassword({ email: owner.email, code: '123456', newPassword: 'owner-pass-6', ip: nextIp() }));
    const unknown = await refusal(resetPassword({ email: nextEmail('nobody'), code: '123456', newPassword: 'owner-pass-6', ip: nextIp() }));
    expect(unknown).toBe(known);
  });
});
