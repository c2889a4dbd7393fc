import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { forgotPasswordAction } from '@/actions/auth/forgot-password';
import { resendConfirmationAction } from '@/actions/auth/resend-confirmation';
import { resetPasswordAction } from '@/actions/auth/reset-password';
import { signUpAction } from '@/actions/auth/sign-up';
import { verifyEmailAction } from '@/actions/auth/verify-email';
import { authenticate } from '@/server/auth/pool';
import { getDb } from '@/server/db/client';
import { mailOutbox, users, verificationCodes } from '@/server/db/schema';

import { createTestRun } from '../fixtures/test-run';
import { latestMailedCode, otherCode } from '../support/mailed-codes';

// The actions read the client address from the request headers; each test sends from an address of its own.
const request = vi.hoisted(() => ({ ip: 'unset' }));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': request.ip }) }));

const testRun = createTestRun();
const { nextEmail, nextIp } = testRun;

const PASSWORD = 'correct-horse-1';
const OTHER_PASSWORD = 'battery-staple-2';
const DONE = { data: { ok: true } };
const refused = (exception: string) => ({ serverError: exception });

beforeEach(() => {
  request.ip = nextIp();
});
afterAll(() => testRun.cleanUp());

async function counts() {
  const db = await getDb();
  const count = async (table: typeof users | typeof verificationCodes | typeof mailOutbox) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  return { users: await count(users), codes: await count(verificationCodes), mails: await count(mailOutbox) };
}

async function userRow(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

async function signedUp(label: string): Promise<string> {
  const email = nextEmail(label);
  expect(await signUpAction({ email, password: PASSWORD, acceptTerms: true })).toEqual(DONE);
  return email;
}

async function confirmed(label: string): Promise<string> {
  const email = await signedUp(label);
  expect(await verifyEmailAction({ email, verificationCode: await latestMailedCode(email, 'verification') })).toEqual(DONE);
  return email;
}

describe('the auth actions do what their routes do', () => {
  it('sign-up → verify-email confirms the account, which then logs in', async () => {
    const before = await counts();
    const email = await signedUp('happy');
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.mails).toBe(before.mails + 1);
    expect((await userRow(email))!.confirmedAt).toBeNull();

    expect(await verifyEmailAction({ email, verificationCode: await latestMailedCode(email, 'verification') })).toEqual(DONE);
    expect((await userRow(email))!.confirmedAt).toBeInstanceOf(Date);
    expect((await authenticate({ email, password: PASSWORD, ip: nextIp() })).email).toBe(email);
  });

  it('resend-confirmation after the cooldown mails a new code that verifies', async () => {
    const email = await signedUp('resend-ok');
    const db = await getDb();
    await db
      .update(verificationCodes)
      .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` })
      .where(eq(verificationCodes.userId, (await userRow(email))!.id));
    expect(await resendConfirmationAction({ email })).toEqual(DONE);
    expect(await verifyEmailAction({ email, verificationCode: await latestMailedCode(email, 'verification') })).toEqual(DONE);
  });

  it('forgot-password → reset (email bound, as the form does) → the new password logs in, the old one is refused', async () => {
    const email = await confirmed('reset-ok');
    expect(await forgotPasswordAction({ email })).toEqual(DONE);
    const code = await latestMailedCode(email, 'reset');
    expect(await resetPasswordAction(email, { code, newPassword: OTHER_PASSWORD })).toEqual(DONE);
    expect((await authenticate({ email, password: OTHER_PASSWORD, ip: nextIp() })).email).toBe(email);
    await expect(authenticate({ email, password: PASSWORD, ip: nextIp() })).rejects.toMatchObject({ exception: 'NotAuthorizedException' });
  });

  it('forgot-password answers the same for an unknown email, and mails nothing', async () => {
    const before = await counts();
    expect(await forgotPasswordAction({ email: nextEmail('ghost') })).toEqual(DONE);
    expect(await counts()).toEqual(before);
  });
});

describe('a refusal of the pool reaches the form as its exception name, and changes nothing', () => {
  it('UsernameExistsException for an email already taken (in any case)', async () => {
    const email = await signedUp('taken');
    const before = await counts();
    expect(await signUpAction({ email: email.toUpperCase(), password: OTHER_PASSWORD, acceptTerms: true })).toEqual(refused('UsernameExistsException'));
    expect(await counts()).toEqual(before);
  });

  it('CodeMismatchException for a wrong code, on verify and on reset', async () => {
    const email = await signedUp('mismatch');
    const code = await latestMailedCode(email, 'verification');
    expect(await verifyEmailAction({ email, verificationCode: otherCode(code) })).toEqual(refused('CodeMismatchException'));
    expect((await userRow(email))!.confirmedAt).toBeNull();

    expect(await forgotPasswordAction({ email })).toEqual(DONE);
    const resetCode = await latestMailedCode(email, 'reset');
    expect(await resetPasswordAction(email, { code: otherCode(resetCode), newPassword: OTHER_PASSWORD })).toEqual(refused('CodeMismatchException'));
    await expect(authenticate({ email, password: OTHER_PASSWORD, ip: nextIp() })).rejects.toMatchObject({ exception: 'NotAuthorizedException' });
  });

  it('NotAuthorizedException for an email that is not awaiting verification, on verify and on resend', async () => {
    const email = await confirmed('not-awaiting');
    expect(await verifyEmailAction({ email, verificationCode: '123456' })).toEqual(refused('NotAuthorizedException'));
    expect(await resendConfirmationAction({ email })).toEqual(refused('NotAuthorizedException'));
    const ghost = nextEmail('ghost');
    expect(await verifyEmailAction({ email: ghost, verificationCode: '123456' })).toEqual(refused('NotAuthorizedException'));
    expect(await resendConfirmationAction({ email: ghost })).toEqual(refused('NotAuthorizedException'));
  });

  it('LimitExceededException for a resend within 60 s; no mail is written', async () => {
    const email = await signedUp('cooldown');
    const before = await counts();
    expect(await resendConfirmationAction({ email })).toEqual(refused('LimitExceededException'));
    expect(await counts()).toEqual(before);
  });

  it('ExpiredCodeException for a reset code of an email that has none', async () => {
    expect(await resetPasswordAction(nextEmail('no-code'), { code: '123456', newPassword: OTHER_PASSWORD })).toEqual(refused('ExpiredCodeException'));
  });

  it('the per-address budget counts the address of the request: one address is throttled, another is not', async () => {
    let throttledAt: number | null = null;
    for (let attempt = 1; attempt <= 40 && throttledAt === null; attempt++) {
      const result = await resendConfirmationAction({ email: nextEmail('flood') });
      if (result?.serverError === 'LimitExceededException') throttledAt = attempt;
      else expect(result).toEqual(refused('NotAuthorizedException'));
    }
    expect(throttledAt).not.toBeNull();
    request.ip = nextIp();
    expect(await resendConfirmationAction({ email: nextEmail('flood') })).toEqual(refused('NotAuthorizedException'));
  });
});

describe('input the form would not send is refused by the same schema, and changes nothing', () => {
  it('sign-up without accepting the terms, with a weak password, or with a bad email', async () => {
    const before = await counts();
    const refusals = [
      await signUpAction({ email: nextEmail('no-terms'), password: PASSWORD, acceptTerms: false as unknown as true }),
      await signUpAction({ email: nextEmail('weak'), password: 'abcdefgh', acceptTerms: true }),
      await signUpAction({ email: 'not-an-email', password: PASSWORD, acceptTerms: true }),
    ];
    for (const result of refusals) {
      expect(result?.validationErrors).toBeDefined();
      expect(result?.data).toBeUndefined();
    }
    expect(await counts()).toEqual(before);
  });

  it('reset with a bound value that is not an email, or without a code', async () => {
    const before = await counts();
    // The bound email is never typed by the user, so a bad one is a tampered request: a generic refusal.
    const tampered = await resetPasswordAction('not-an-email', { code: '123456', newPassword: OTHER_PASSWORD });
    expect(tampered?.data).toBeUndefined();
    expect(tampered?.serverError).toBeDefined();
    expect((await resetPasswordAction(nextEmail('no-code'), { code: '', newPassword: OTHER_PASSWORD }))?.validationErrors).toBeDefined();
    expect(await counts()).toEqual(before);
  });
});
