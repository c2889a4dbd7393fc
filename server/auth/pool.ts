import 'server-only';

import { and, eq, sql } from 'drizzle-orm';

import { isValidPassword } from '@/lib/schemas/auth';

import { getDb } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { userAccounts, users } from '../db/schema';
import { passwordResetMail, verificationMail } from '../mail/templates';
import { nudgeMailWorker } from '../mail/worker';
import { getRateLimits, loginDelayMs } from '../rate-limit';
import { issueCodeWithMail, mailCodeWithinBudget, recordSiteMail, refuseWhenSiteMailSpent, type Requester } from './code-mail';
import { checkCode, spendCode, voidOpenCodes } from './codes';
import { AuthException } from './errors';
import { KeyedGate } from './keyed-gate';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { forgetSessionState, raiseSessionVersion } from './sessions';

/**
 * Password checks for one email run two at a time in this process, a few more wait their turn, and the rest are
 * refused: tries from many addresses at once cannot multiply the guessing rate (or the argon2 work) for one account.
 */
const loginGate = new KeyedGate({ running: 2, waiting: 8 });

/** What the rest of the app may know about a user: never the password hash. */
export type PoolUser = { id: string; email: string; username: string; image: string | null; sessionVersion: number };

const normalise = (email: string) => email.trim().toLowerCase();
/** The key of a per email + address budget: one requester's tries for one email. */
const emailAtAddress = (email: string, ip: string) => `${normalise(email)} ${ip}`;

async function findUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalise(email)}`)
    .limit(1);
  return user ?? null;
}

const toPoolUser = (user: typeof users.$inferSelect): PoolUser => ({
  id: user.id,
  email: user.email,
  username: user.username,
  image: user.image,
  sessionVersion: user.sessionVersion,
});

/** Stored for accounts that sign in only through a provider: not an argon2 hash, so no password ever matches it. */
const NO_PASSWORD = '!no-password';

/** A readable, unique username from the email's local part ("ada.lovelace" → "ada-lovelace", then "-2", "-3" …). */
async function availableUsername(email: string, addRandomSuffix = false): Promise<string> {
  const base =
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'user';
  if (addRandomSuffix) return `${base}-${crypto.randomUUID().slice(0, 8)}`;
  const db = await getDb();
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} = ${base} or ${users.username} like ${`${base}-%`}`);
  const names = new Set(taken.map((row) => row.username));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Creates an unconfirmed user with a confirmation code and its mail, all in one transaction; delivery is the outbox worker's. */
export async function signUp(input: { email: string; password: string } & Requester): Promise<void> {
  const email = normalise(input.email);
  const limits = getRateLimits();
  await limits.consume('signup-ip', input.ip);
  await limits.consume('signup-email-ip', emailAtAddress(email, input.ip));
  await refuseWhenSiteMailSpent('signup-global');
  if (!isValidPassword(input.password)) throw new AuthException('InvalidPasswordException');
  if (await findUserByEmail(email)) throw new AuthException('UsernameExistsException');

  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  for (let attempt = 0; ; attempt++) {
    // Chosen before the transaction: the embedded database has one connection, which the transaction holds.
    const username = await availableUsername(email, attempt > 0);
    try {
      await db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({ email, username, passwordHash }).returning({ id: users.id });
        await issueCodeWithMail(tx, user.id, 'confirm-signup', (code, validity) => verificationMail(email, code, validity), input);
      });
      await recordSiteMail('signup-global');
      nudgeMailWorker();
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the email was taken meanwhile, or a parallel sign-up took the same username: then try another.
      if ((await findUserByEmail(email)) || attempt >= 3) throw new AuthException('UsernameExistsException');
    }
  }
}

/** Confirms an email with its code; the code is spent in the same transaction as the confirmation. */
export async function confirmSignUp(input: { email: string; code: string; ip: string }): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('verify-ip', input.ip);
  await limits.consume('verify-email-ip', emailAtAddress(input.email, input.ip));
  const user = await findUserByEmail(input.email);
  if (!user || user.confirmedAt) throw new AuthException('NotAuthorizedException');
  const db = await getDb();
  const codeId = await checkCode(db, user.id, 'confirm-signup', input.code);
  await db.transaction(async (tx) => {
    await spendCode(tx, codeId);
    await tx.update(users).set({ confirmedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
  });
}

/**
 * Mails a new confirmation code, at most once a minute. Past the few mails an email may get in an hour, whoever
 * asks, it answers as if sent and sends nothing: the last code mailed is still good.
 */
export async function resendConfirmation(input: { email: string } & Requester): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('resend-ip', input.ip);
  await limits.consume('resend-email-ip', emailAtAddress(input.email, input.ip));
  await refuseWhenSiteMailSpent('signup-global');
  const user = await findUserByEmail(input.email);
  if (!user || user.confirmedAt) throw new AuthException('NotAuthorizedException');
  await mailCodeWithinBudget(user, 'confirm-signup', (code, validity) => verificationMail(user.email, code, validity), input, { perEmail: 'resend-mail-email', site: 'signup-global' });
}

/**
 * Every forgot-password answer takes at least this long, so the little extra work for a real account (a code and
 * a mail written) cannot be timed to discover which emails have one.
 */
export const FORGOT_PASSWORD_MIN_MS = 250;

/**
 * Queues a password reset code. Unknown emails get the same answer, in the same time, and no mail, so accounts
 * cannot be discovered. An email gets a few mails an hour at most, whoever asks; past that the answer is the same and
 * nothing is sent (the last code mailed is good for its hour), so a stranger can neither mail-bomb a user nor use up
 * the budget the user asks from.
 */
export async function forgotPassword(input: { email: string } & Requester): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('forgot-ip', input.ip);
  await limits.consume('forgot-email-ip', emailAtAddress(input.email, input.ip));
  await refuseWhenSiteMailSpent('forgot-global');
  const answerAt = performance.now() + FORGOT_PASSWORD_MIN_MS;
  try {
    const user = await findUserByEmail(input.email);
    if (!user) return;
    await mailCodeWithinBudget(user, 'reset-password', (code, validity) => passwordResetMail(user.email, code, validity), input, { perEmail: 'forgot-mail-email', site: 'forgot-global' });
  } catch (error) {
    // Within the resend cooldown the mailed code is still good: answer as for any email, so the cooldown
    // cannot tell which emails have accounts.
    if (!(error instanceof AuthException && error.exception === 'LimitExceededException')) throw error;
  } finally {
    const wait = answerAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Sets a new password with a reset code. The code is spent, the password changed and every existing session ended
 * in one transaction. Proving the mailbox also confirms an unconfirmed email. An unknown email answers exactly as a
 * known one without a live code.
 */
export async function resetPassword(input: { email: string; code: string; newPassword: string; ip: string }): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('reset-ip', input.ip);
  await limits.consume('reset-email-ip', emailAtAddress(input.email, input.ip));
  if (!isValidPassword(input.newPassword)) throw new AuthException('InvalidPasswordException');
  const user = await findUserByEmail(input.email);
  if (!user) throw new AuthException('ExpiredCodeException');
  const db = await getDb();
  const codeId = await checkCode(db, user.id, 'reset-password', input.code);
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await spendCode(tx, codeId, now);
      await tx.update(users).set({ passwordHash, confirmedAt: user.confirmedAt ?? now, updatedAt: now }).where(eq(users.id, user.id));
      await raiseSessionVersion(tx, user.id, null);
    });
  } finally {
    forgetSessionState(user.id);
  }
  await limits.reset('login-failure-email', normalise(input.email));
}

/**
 * Checks a login. Each try spends a point per email + address and per address before the password is checked
 * (so parallel tries cannot outrun the count) and gets it back when the password is right; past either budget the
 * answer is LimitExceededException. Wrong passwords for the email from anywhere only make further tries wait
 * longer (loginDelayMs), so a stranger can slow the owner down but never lock them out. An unconfirmed account with
 * the right password is told so, so the UI can move to the verify step.
 */
export async function authenticate(input: { email: string; password: string; ip: string }): Promise<PoolUser> {
  const email = normalise(input.email);
  const triesHere = emailAtAddress(email, input.ip);
  const limits = getRateLimits();
  await limits.consume('login-failure-ip', input.ip);
  try {
    await limits.consume('login-failure-email-ip', triesHere);
  } catch (error) {
    await limits.refund('login-failure-ip', input.ip);
    throw error;
  }
  const delay = loginDelayMs(await limits.used('login-failure-email', email));
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  // Only the check holds a slot (the wait above does not), so a slot is busy for one hash's time.
  const { user, valid } = await loginGate.run(email, async () => {
    const found = await findUserByEmail(email);
    return { user: found, valid: found ? await verifyPassword(found.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false) };
  });
  if (!user || !valid) {
    await limits.record('login-failure-email', email);
    throw new AuthException('NotAuthorizedException');
  }
  await Promise.all([limits.refund('login-failure-ip', input.ip), limits.reset('login-failure-email-ip', triesHere), limits.reset('login-failure-email', email)]);
  if (!user.confirmedAt) throw new AuthException('UserNotConfirmedException');
  return toPoolUser(user);
}

/** A user by id, for session refreshes and pages. */
export async function getPoolUser(id: string): Promise<PoolUser | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ? toPoolUser(user) : null;
}

/**
 * The pool member behind an outside identity (Google): the account already linked to it, else the account with the
 * same email, which only a provider-verified email may claim, else a new confirmed account with no password.
 * Linking to an account whose email was never confirmed hands it to the mailbox's owner: whoever signed up with
 * that address and a password of their own loses both the password and any open code, and every session ends.
 */
export async function signInWithProvider(input: {
  provider: string;
  providerAccountId: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
}): Promise<PoolUser> {
  const db = await getDb();
  const identity = { provider: input.provider, providerAccountId: input.providerAccountId };
  const [linked] = await db
    .select({ user: users })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.provider, identity.provider), eq(userAccounts.providerAccountId, identity.providerAccountId)));
  if (linked) return toPoolUser(linked.user);
  if (!input.emailVerified) throw new AuthException('NotAuthorizedException');

  const email = normalise(input.email);
  const existing = await findUserByEmail(email);
  if (existing) {
    try {
      await db.transaction(async (tx) => {
        if (!existing.confirmedAt) {
          const now = new Date();
          await tx.update(users).set({ confirmedAt: now, passwordHash: NO_PASSWORD, updatedAt: now }).where(eq(users.id, existing.id));
          await voidOpenCodes(tx, existing.id, now);
          await raiseSessionVersion(tx, existing.id, null);
        }
        await tx.insert(userAccounts).values({ ...identity, userId: existing.id }).onConflictDoNothing();
      });
    } finally {
      forgetSessionState(existing.id);
    }
    return toPoolUser((await findUserByEmail(email)) ?? existing);
  }
  const username = await availableUsername(email);
  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({ email, username, image: input.image, passwordHash: NO_PASSWORD, confirmedAt: new Date() }).returning();
      await tx.insert(userAccounts).values({ ...identity, userId: created.id });
      return created;
    });
    return toPoolUser(user);
  } catch (error) {
    // A parallel sign-in (or sign-up) took the email or the username first: the second pass finds or links it.
    if (!isUniqueViolation(error)) throw error;
    return signInWithProvider(input);
  }
}
