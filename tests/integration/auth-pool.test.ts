import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { AuthException } from '@/server/auth/errors';
import { authenticate, confirmSignUp, forgotPassword, getPoolUser, resendConfirmation, resetPassword, signUp } from '@/server/auth/pool';
import { getDb } from '@/server/db/client';
import { users, verificationCodes } from '@/server/db/schema';

import { refusal } from '../fixtures/refusal';
import { createTestRun } from '../fixtures/test-run';
import { latestMailedCode, mailsTo, otherCode } from '../support/mailed-codes';

const testRun = createTestRun();
const { emailFor, ipFor } = testRun;

const PASSWORD = 'correct-horse-1';
const OTHER_PASSWORD = 'battery-staple-2';

afterAll(() => testRun.cleanUp());


async function usersWithEmail(email: string) {
  const db = await getDb();
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

async function userRow(email: string) {
  const rows = await usersWithEmail(email);
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Moves a user's codes back in time, as if the resend cooldown had passed. */
async function backdateCodes(userId: string, seconds = 120) {
  const db = await getDb();
  await db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(verificationCodes.userId, userId));
}

/** Signs up and confirms an account; returns its email. */
async function confirmedAccount(label: string, password = PASSWORD): Promise<string> {
  const email = emailFor(label);
  await signUp({ email, password, ip: ipFor(label) });
  await confirmSignUp({ email, code: await latestMailedCode(email, 'verification'), ip: ipFor(label) });
  return email;
}

/** The request (1-based) at which the pool first throttles `send` with LimitExceededException; null if it never does within `limit`. */
async function requestsUntilThrottled(limit: number, send: (request: number) => Promise<unknown>): Promise<number | null> {
  for (let request = 1; request <= limit; request++) {
    try {
      await send(request);
    } catch (error) {
      expect(error).toBeInstanceOf(AuthException);
      expect((error as AuthException).exception).toBe('LimitExceededException');
      return request;
    }
  }
  return null;
}

describe('signUp', () => {
  it('creates one unconfirmed user, stores only hashes, and mails exactly one 6-digit code', async () => {
    const email = emailFor('Signup-Ada');
    await signUp({ email, password: PASSWORD, ip: ipFor('signup') });

    const user = await userRow(email);
    expect(user.email).toBe(email.toLowerCase());
    expect(user.confirmedAt).toBeNull();
    expect(user.username).toMatch(/^signup-ada/);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mails[0].text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mails[0].html).toContain(code);
    expect(mails[0].subject).toMatch(/verification/i);

    const db = await getDb();
    const codes = await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(codes).toHaveLength(1);
    expect(codes[0].purpose).toBe('confirm-signup');
    expect(codes[0].codeHash).not.toContain(code);
    expect(codes[0].expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(codes[0].expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
  });

  it('refuses the same email again, in any case, with UsernameExistsException', async () => {
    const email = emailFor('dup');
    await signUp({ email, password: PASSWORD, ip: ipFor('dup') });
    expect(await refusal(signUp({ email, password: OTHER_PASSWORD, ip: ipFor('dup') }))).toBe('UsernameExistsException');
    expect(await refusal(signUp({ email: email.toUpperCase(), password: OTHER_PASSWORD, ip: ipFor('dup') }))).toBe('UsernameExistsException');
    expect(await refusal(signUp({ email: `  ${email.replace('dup', 'DuP')}  `, password: OTHER_PASSWORD, ip: ipFor('dup') }))).toBe(
      'UsernameExistsException',
    );
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('refuses a password that breaks the rule with InvalidPasswordException and creates nothing', async () => {
    const email = emailFor('weak');
    for (const password of ['short1', 'abcdefgh', '12345678', 'a'.repeat(256) + '1']) {
      expect(await refusal(signUp({ email, password, ip: ipFor('weak') }))).toBe('InvalidPasswordException');
    }
    expect(await usersWithEmail(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('lets exactly one of several parallel sign-ups of the same email succeed', async () => {
    const email = emailFor('race');
    const results = await Promise.allSettled(
      [email, email.toUpperCase(), email].map((variant, i) => signUp({ email: variant, password: PASSWORD, ip: ipFor(`race-${i}`) })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(AuthException);
        expect((result.reason as AuthException).exception).toBe('UsernameExistsException');
      }
    }
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('gives parallel sign-ups with the same local part distinct usernames', async () => {
    const local = `twin-${testRun.id}`;
    const emails = [`${local}@example.com`, `${local}@example.org`];
    await Promise.all(emails.map((email, i) => signUp({ email, password: PASSWORD, ip: ipFor(`twin-${i}`) })));
    const names = await Promise.all(emails.map(async (email) => (await userRow(email)).username));
    expect(new Set(names).size).toBe(2);
  });
});

describe('authenticate before confirmation', () => {
  it('says UserNotConfirmedException for the right password and NotAuthorizedException for a wrong one', async () => {
    const email = emailFor('unconfirmed');
    await signUp({ email, password: PASSWORD, ip: ipFor('unconfirmed') });
    expect(await refusal(authenticate({ email, password: PASSWORD, ip: ipFor('unconfirmed') }))).toBe('UserNotConfirmedException');
    expect(await refusal(authenticate({ email, password: OTHER_PASSWORD, ip: ipFor('unconfirmed') }))).toBe('NotAuthorizedException');
  });
});

describe('confirmation codes', () => {
  it('refuses a wrong code, accepts the right one, then says the email is no longer awaiting confirmation', async () => {
    const email = emailFor('confirm');
    const ip = ipFor('confirm');
    await signUp({ email, password: PASSWORD, ip });
    const code = await latestMailedCode(email, 'verification');

    expect(await refusal(confirmSignUp({ email, code: otherCode(code), ip }))).toBe('CodeMismatchException');
    expect((await userRow(email)).confirmedAt).toBeNull();

    await confirmSignUp({ email: email.toUpperCase(), code, ip });
    const confirmedAt = (await userRow(email)).confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);

    expect(await refusal(confirmSignUp({ email, code, ip }))).toBe('NotAuthorizedException');
    expect(await refusal(resendConfirmation({ email, ip }))).toBe('NotAuthorizedException');
    expect((await userRow(email)).confirmedAt).toEqual(confirmedAt);
  });

  it('refuses an email that has no account with NotAuthorizedException', async () => {
    const ip = ipFor('confirm-none');
    expect(await refusal(confirmSignUp({ email: emailFor('nobody'), code: '123456', ip }))).toBe('NotAuthorizedException');
    expect(await refusal(resendConfirmation({ email: emailFor('nobody'), ip }))).toBe('NotAuthorizedException');
    expect(await mailsTo(emailFor('nobody'))).toHaveLength(0);
  });

  it('refuses even the right code after 5 wrong ones (ExpiredCodeException)', async () => {
    const email = emailFor('guesser');
    const ip = ipFor('guesser');
    await signUp({ email, password: PASSWORD, ip });
    const code = await latestMailedCode(email, 'verification');
    for (let i = 0; i < 5; i++) {
      expect(await refusal(confirmSignUp({ email, code: otherCode(String((Number(code) + i) % 1_000_000).padStart(6, '0')), ip }))).toBe(
        'CodeMismatchException',
      );
    }
    expect(await refusal(confirmSignUp({ email, code, ip }))).toBe('ExpiredCodeException');
    expect((await userRow(email)).confirmedAt).toBeNull();
  });

  it('refuses an expired code (ExpiredCodeException)', async () => {
    const email = emailFor('late');
    const ip = ipFor('late');
    await signUp({ email, password: PASSWORD, ip });
    const code = await latestMailedCode(email, 'verification');
    const db = await getDb();
    await db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, (await userRow(email)).id));
    expect(await refusal(confirmSignUp({ email, code, ip }))).toBe('ExpiredCodeException');
  });

  it('refuses a resend within 60 s (LimitExceededException); after the cooldown, mails a new code that replaces the old one', async () => {
    const email = emailFor('resend');
    const ip = ipFor('resend');
    await signUp({ email, password: PASSWORD, ip });
    const first = await latestMailedCode(email, 'verification');

    expect(await refusal(resendConfirmation({ email, ip }))).toBe('LimitExceededException');
    expect(await mailsTo(email)).toHaveLength(1);

    await backdateCodes((await userRow(email)).id);
    await resendConfirmation({ email, ip });
    expect(await mailsTo(email)).toHaveLength(2);
    const second = await latestMailedCode(email, 'verification');
    expect(second).toMatch(/^\d{6}$/);

    if (second !== first) expect(await refusal(confirmSignUp({ email, code: first, ip }))).toBe('CodeMismatchException');
    await confirmSignUp({ email, code: second, ip });
    expect((await userRow(email)).confirmedAt).toBeInstanceOf(Date);
  });
});

describe('authenticate after confirmation', () => {
  it('returns the user, in any case of email, and never its password hash', async () => {
    const email = await confirmedAccount('login');
    const user = await authenticate({ email: `  ${email.toUpperCase()} `, password: PASSWORD, ip: ipFor('login') });
    expect(Object.keys(user).sort()).toEqual(['email', 'id', 'image', 'sessionVersion', 'username']);
    expect(user.email).toBe(email);
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);

    const again = await getPoolUser(user.id);
    expect(again).toEqual(user);
    expect(Object.keys(again!).sort()).toEqual(['email', 'id', 'image', 'sessionVersion', 'username']);
  });

  it('refuses a wrong password and an unknown email alike (NotAuthorizedException)', async () => {
    const email = await confirmedAccount('login-wrong');
    const ip = ipFor('login-wrong');
    expect(await refusal(authenticate({ email, password: OTHER_PASSWORD, ip }))).toBe('NotAuthorizedException');
    expect(await refusal(authenticate({ email: emailFor('ghost'), password: PASSWORD, ip }))).toBe('NotAuthorizedException');
  });

  it('throttles repeated wrong passwords for one email from one address with LimitExceededException at or before try 15, then refuses even the right one there', async () => {
    const email = await confirmedAccount('brute');
    const ip = ipFor('brute');
    let throttledAt: number | null = null;
    for (let attempt = 1; attempt <= 30; attempt++) {
      const exception = await refusal(authenticate({ email, password: `wrong-password-${attempt}`, ip }));
      if (exception === 'LimitExceededException') {
        throttledAt = attempt;
        break;
      }
      expect(exception).toBe('NotAuthorizedException');
    }
    expect(throttledAt).not.toBeNull();
    expect(throttledAt!).toBeLessThanOrEqual(15);
    expect(await refusal(authenticate({ email, password: PASSWORD, ip }))).toBe('LimitExceededException');
    // The hard stop is the email's at that address: from another address the owner still signs in (after a delay).
    expect((await authenticate({ email, password: PASSWORD, ip: ipFor('brute-2') })).email).toBe(email);
  });

  it('getPoolUser answers null for ids that are not users', async () => {
    expect(await getPoolUser('not-a-uuid')).toBeNull();
    expect(await getPoolUser("' OR 1=1 --")).toBeNull();
    expect(await getPoolUser('00000000-0000-0000-0000-000000000000')).toBeNull();
  });
});

describe('forgotPassword and resetPassword', () => {
  it('sends no mail for an unknown email, and does not say so', async () => {
    const email = emailFor('unknown-forgot');
    await expect(forgotPassword({ email, ip: ipFor('unknown-forgot') })).resolves.toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('mails a reset code that sets a new password: the new one logs in, the old one is refused, the code is single use', async () => {
    const email = await confirmedAccount('reset');
    const ip = ipFor('reset');
    await forgotPassword({ email, ip });
    const code = await latestMailedCode(email, 'reset');

    await resetPassword({ email, code, newPassword: OTHER_PASSWORD, ip });

    expect((await authenticate({ email, password: OTHER_PASSWORD, ip })).email).toBe(email);
    expect(await refusal(authenticate({ email, password: PASSWORD, ip }))).toBe('NotAuthorizedException');

    const reused = await refusal(resetPassword({ email, code, newPassword: 'third-password-3', ip }));
    expect(['ExpiredCodeException', 'CodeMismatchException']).toContain(reused);
    expect((await authenticate({ email, password: OTHER_PASSWORD, ip })).email).toBe(email);
  });

  it('refuses a wrong code (CodeMismatchException), an unknown email (ExpiredCodeException), and a weak new password, keeping the old password', async () => {
    const email = await confirmedAccount('reset-bad');
    const ip = ipFor('reset-bad');
    await forgotPassword({ email, ip });
    const code = await latestMailedCode(email, 'reset');

    expect(await refusal(resetPassword({ email, code: otherCode(code), newPassword: OTHER_PASSWORD, ip }))).toBe('CodeMismatchException');
    // An unknown email answers as a known one with no live code would: the reply tells nothing about accounts.
    expect(await refusal(resetPassword({ email: emailFor('reset-ghost'), code, newPassword: OTHER_PASSWORD, ip }))).toBe('ExpiredCodeException');
    expect(await refusal(resetPassword({ email, code, newPassword: 'abcdefgh', ip }))).toBe('InvalidPasswordException');
    expect((await authenticate({ email, password: PASSWORD, ip })).email).toBe(email);

    // The code survived those refusals.
    await resetPassword({ email, code, newPassword: OTHER_PASSWORD, ip });
    expect((await authenticate({ email, password: OTHER_PASSWORD, ip })).email).toBe(email);
  });

  it('does not let a confirmation code reset the password', async () => {
    const email = emailFor('cross');
    const ip = ipFor('cross');
    await signUp({ email, password: PASSWORD, ip });
    const confirmation = await latestMailedCode(email, 'verification');
    expect(['CodeMismatchException', 'ExpiredCodeException']).toContain(
      await refusal(resetPassword({ email, code: confirmation, newPassword: OTHER_PASSWORD, ip })),
    );
  });

  it('confirms an unconfirmed account when its reset code proves the mailbox', async () => {
    const email = emailFor('reset-unconfirmed');
    const ip = ipFor('reset-unconfirmed');
    await signUp({ email, password: PASSWORD, ip });
    await forgotPassword({ email, ip });
    await resetPassword({ email, code: await latestMailedCode(email, 'reset'), newPassword: OTHER_PASSWORD, ip });
    expect((await userRow(email)).confirmedAt).toBeInstanceOf(Date);
    expect((await authenticate({ email, password: OTHER_PASSWORD, ip })).email).toBe(email);
  });

  it('sends one reset mail within the cooldown, answers like an unknown email, and throttles by the 6th request', async () => {
    const email = await confirmedAccount('forgot-flood');
    const ip = ipFor('forgot-flood');
    const throttledAt = await requestsUntilThrottled(40, () => forgotPassword({ email, ip }));
    expect(throttledAt).not.toBeNull();
    expect(throttledAt!).toBeLessThanOrEqual(6);
    expect((await mailsTo(email)).filter((mail) => /reset/i.test(mail.subject))).toHaveLength(1);
  });

  it('mails one email at most three reset codes an hour, whoever asks, and never refuses the owner for a stranger\'s flood (#42)', async () => {
    const email = await confirmedAccount('forgot-slow-flood');
    const userId = (await userRow(email)).id;
    const before = (await mailsTo(email)).length;
    const throttledAt = await requestsUntilThrottled(40, async (request) => {
      // A new address each time and the cooldown passed: a stranger spread over many addresses.
      await backdateCodes(userId);
      await forgotPassword({ email, ip: ipFor(`forgot-slow-${request}`) });
    });
    expect(throttledAt).toBeNull();
    expect((await mailsTo(email)).length - before).toBe(3);
    // The owner, from an address of their own, is answered as anyone is, and the last code mailed still works.
    await backdateCodes(userId);
    await forgotPassword({ email, ip: ipFor('forgot-slow-owner') });
    await resetPassword({ email, code: await latestMailedCode(email, 'reset'), newPassword: OTHER_PASSWORD, ip: ipFor('forgot-slow-owner') });
    await expect(authenticate({ email, password: OTHER_PASSWORD, ip: ipFor('forgot-slow-owner') })).resolves.toMatchObject({ email });
  });

  it('stops one address flooding one email with forgot-password within a few requests, known email or not', async () => {
    const known = await confirmedAccount('forgot-one-address');
    for (const email of [known, emailFor('forgot-ghost')]) {
      const throttledAt = await requestsUntilThrottled(40, () => forgotPassword({ email, ip: ipFor(`forgot-one-address ${email}`) }));
      expect(throttledAt).not.toBeNull();
      expect(throttledAt!).toBeLessThanOrEqual(10);
    }
  });
});

describe('what the pool stores', () => {
  it('keeps one row per email and only hashed codes', async () => {
    const db = await getDb();
    const duplicates = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .groupBy(sql`lower(${users.email})`)
      .having(sql`count(*) > 1`);
    expect(duplicates).toEqual([]);
    const codes = await db.select({ codeHash: verificationCodes.codeHash }).from(verificationCodes);
    expect(codes.length).toBeGreaterThan(0);
    for (const { codeHash } of codes) expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
