import 'server-only';

import { eq, sql } from 'drizzle-orm';

import { isValidPassword } from '@/lib/schemas/auth';

import { getDb } from '../db/client';
import { users } from '../db/schema';
import { logger } from '../logger';
import { sendMail } from '../mail';
import { passwordResetMail, verificationMail } from '../mail/templates';
import { getRateLimits } from '../rate-limit';
import { CODE_POLICY, consumeCode, issueCode } from './codes';
import { AuthException } from './errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

/** What the rest of the app may know about a user: never the password hash. */
export type PoolUser = { id: string; email: string; username: string; image: string | null };

const normalise = (email: string) => email.trim().toLowerCase();

async function findUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalise(email)}`)
    .limit(1);
  return user ?? null;
}

const toPoolUser = (user: typeof users.$inferSelect): PoolUser => ({ id: user.id, email: user.email, username: user.username, image: user.image });

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

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

async function deliver(mail: Parameters<typeof sendMail>[0]) {
  try {
    await sendMail(mail);
  } catch (error) {
    logger.error({ err: error, to: mail.to }, 'mail delivery failed');
    throw new AuthException('CodeDeliveryFailureException');
  }
}

/** Creates an unconfirmed user and mails a confirmation code. A failed mail keeps the user: they can resend. */
export async function signUp(input: { email: string; password: string; ip: string }): Promise<void> {
  const email = normalise(input.email);
  const limits = getRateLimits();
  await limits.consume('signup-ip', input.ip);
  await limits.consume('signup-email', email);
  if (!isValidPassword(input.password)) throw new AuthException('InvalidPasswordException');
  if (await findUserByEmail(email)) throw new AuthException('UsernameExistsException');

  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  let code: string | null = null;
  for (let attempt = 0; code === null; attempt++) {
    // Chosen before the transaction: the embedded database has one connection, which the transaction holds.
    const username = await availableUsername(email, attempt > 0);
    try {
      code = await db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({ email, username, passwordHash }).returning({ id: users.id });
        return issueCode(tx, user.id, 'confirm-signup');
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Either the email was taken meanwhile, or a parallel sign-up took the same username: then try another.
      if ((await findUserByEmail(email)) || attempt >= 3) throw new AuthException('UsernameExistsException');
    }
  }
  await deliver(verificationMail(email, code, CODE_POLICY['confirm-signup'].validity));
}

/** Confirms an email with its code. */
export async function confirmSignUp(input: { email: string; code: string; ip: string }): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('verify-ip', input.ip);
  await limits.consume('verify-email', normalise(input.email));
  const user = await findUserByEmail(input.email);
  if (!user || user.confirmedAt) throw new AuthException('NotAuthorizedException');
  const db = await getDb();
  await consumeCode(db, user.id, 'confirm-signup', input.code);
  await db.update(users).set({ confirmedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
}

/** Mails a new confirmation code, at most once a minute. */
export async function resendConfirmation(input: { email: string; ip: string }): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('resend-ip', input.ip);
  await limits.consume('resend-email', normalise(input.email));
  const user = await findUserByEmail(input.email);
  if (!user || user.confirmedAt) throw new AuthException('NotAuthorizedException');
  const code = await issueCode(await getDb(), user.id, 'confirm-signup');
  await deliver(verificationMail(user.email, code, CODE_POLICY['confirm-signup'].validity));
}

/** Mails a password reset code. Unknown emails get the same answer and no mail, so accounts cannot be discovered. */
export async function forgotPassword(input: { email: string; ip: string }): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('forgot-ip', input.ip);
  await limits.consume('forgot-email', normalise(input.email));
  const user = await findUserByEmail(input.email);
  if (!user) return;
  let code: string;
  try {
    code = await issueCode(await getDb(), user.id, 'reset-password');
  } catch (error) {
    // Within the resend cooldown the mailed code is still good: answer as for any email, so the cooldown
    // cannot tell which emails have accounts.
    if (error instanceof AuthException && error.exception === 'LimitExceededException') return;
    throw error;
  }
  await deliver(passwordResetMail(user.email, code, CODE_POLICY['reset-password'].validity));
}

/** Sets a new password with a reset code. Proving the mailbox also confirms an unconfirmed email. */
export async function resetPassword(input: { email: string; code: string; newPassword: string; ip: string }): Promise<void> {
  const limits = getRateLimits();
  await limits.consume('reset-ip', input.ip);
  await limits.consume('reset-email', normalise(input.email));
  if (!isValidPassword(input.newPassword)) throw new AuthException('InvalidPasswordException');
  const user = await findUserByEmail(input.email);
  if (!user) throw new AuthException('CodeMismatchException');
  const db = await getDb();
  await consumeCode(db, user.id, 'reset-password', input.code);
  const now = new Date();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), confirmedAt: user.confirmedAt ?? now, updatedAt: now })
    .where(eq(users.id, user.id));
  await limits.reset('login-failure-email', normalise(input.email));
}

/**
 * Checks a login. Wrong passwords are throttled per email and per IP; an unconfirmed account with the right
 * password is told so, so the UI can move to the verify step.
 */
export async function authenticate(input: { email: string; password: string; ip: string }): Promise<PoolUser> {
  const email = normalise(input.email);
  const limits = getRateLimits();
  if ((await limits.isExhausted('login-failure-email', email)) || (await limits.isExhausted('login-failure-ip', input.ip))) {
    throw new AuthException('LimitExceededException');
  }
  const user = await findUserByEmail(email);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyAgainstDummy(input.password), false);
  if (!user || !valid) {
    await limits.consume('login-failure-email', email);
    await limits.consume('login-failure-ip', input.ip);
    throw new AuthException('NotAuthorizedException');
  }
  if (!user.confirmedAt) throw new AuthException('UserNotConfirmedException');
  await limits.reset('login-failure-email', email);
  return toPoolUser(user);
}

/** A user by id, for session refreshes and pages. */
export async function getPoolUser(id: string): Promise<PoolUser | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ? toPoolUser(user) : null;
}

/** The pool member for an email verified by an identity provider, created (confirmed, with no usable password) on first sign-in. */
export async function findOrCreateOAuthUser(input: { email: string; image: string | null }): Promise<PoolUser> {
  const existing = await findUserByEmail(input.email);
  const db = await getDb();
  if (existing) {
    if (!existing.confirmedAt) await db.update(users).set({ confirmedAt: new Date() }).where(eq(users.id, existing.id));
    return toPoolUser(existing);
  }
  const email = normalise(input.email);
  // A random hash that no password matches: the account signs in through its provider or a password reset.
  const passwordHash = await hashPassword(crypto.randomUUID() + crypto.randomUUID());
  try {
    const [user] = await db
      .insert(users)
      .values({ email, username: await availableUsername(email), image: input.image, passwordHash, confirmedAt: new Date() })
      .returning();
    return toPoolUser(user);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await findUserByEmail(email);
    if (!raced) throw error;
    return toPoolUser(raced);
  }
}
