import 'server-only';

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';

import { CODE_LENGTH, RESEND_COOLDOWN_SECONDS } from '@/lib/constants';

import { resolveAuthSecret } from '../config';
import type { Database } from '../db/client';
import { verificationCodes, type CodePurpose } from '../db/schema';
import { AuthException } from './errors';

/** How long a code lives and how many wrong tries it survives. */
export const CODE_POLICY: Record<CodePurpose, { ttlMs: number; validity: string; maxAttempts: number }> = {
  'confirm-signup': { ttlMs: 24 * 60 * 60 * 1000, validity: '24 hours', maxAttempts: 5 },
  'reset-password': { ttlMs: 60 * 60 * 1000, validity: '1 hour', maxAttempts: 5 },
};

/** A uniformly random code of CODE_LENGTH digits from the system CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** Codes are stored as a keyed hash: a leaked table reveals nothing without the server's secret. */
export function hashCode(code: string): string {
  return createHmac('sha256', resolveAuthSecret()).update(code).digest('hex');
}

/** The state of a stored code when a user presents one: what to answer, as a pure rule. */
export function judgeCode(
  stored: { codeHash: string; expiresAt: Date; attempts: number; consumedAt: Date | null } | undefined,
  presentedHash: string,
  maxAttempts: number,
  now: Date,
): 'ok' | 'CodeMismatchException' | 'ExpiredCodeException' {
  if (!stored || stored.consumedAt || stored.expiresAt <= now || stored.attempts >= maxAttempts) return 'ExpiredCodeException';
  const a = Buffer.from(stored.codeHash, 'hex');
  const b = Buffer.from(presentedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) ? 'ok' : 'CodeMismatchException';
}

/** Issues a new code (the newest one is the only one that counts); refuses within the resend cooldown. */
export async function issueCode(db: Database, userId: string, purpose: CodePurpose, now = new Date()): Promise<string> {
  const [latest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (latest && now.getTime() - latest.createdAt.getTime() < RESEND_COOLDOWN_SECONDS * 1000) {
    throw new AuthException('LimitExceededException');
  }
  const code = generateCode();
  await db.insert(verificationCodes).values({
    userId,
    purpose,
    codeHash: hashCode(code),
    expiresAt: new Date(now.getTime() + CODE_POLICY[purpose].ttlMs),
    createdAt: now,
  });
  return code;
}

/**
 * Checks a presented code against the newest one of its purpose and returns that code's id. Each try first claims
 * one of the code's attempts in a conditional update of its own, committed whatever happens next, so parallel or
 * failed guesses always count and cannot exceed the limit. Throws the pool's exception. The code is not spent yet:
 * spendCode does that inside the transaction of the change it pays for.
 */
export async function checkCode(db: Database, userId: string, purpose: CodePurpose, code: string, now = new Date()): Promise<string> {
  const [latest] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest) throw new AuthException('ExpiredCodeException');
  const [claimed] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, CODE_POLICY[purpose].maxAttempts),
      ),
    )
    .returning();
  if (!claimed) throw new AuthException('ExpiredCodeException');
  // The claimed try is already counted, so judge it against the limit as it stood before this try.
  const verdict = judgeCode({ ...claimed, attempts: claimed.attempts - 1 }, hashCode(code), CODE_POLICY[purpose].maxAttempts, now);
  if (verdict !== 'ok') throw new AuthException(verdict);
  return claimed.id;
}

/**
 * Spends a checked code inside the transaction that makes the change it pays for: if that change fails, the code
 * stays good. Single use even under parallel requests: only one update finds it unspent.
 */
export async function spendCode(tx: Database, codeId: string, now = new Date()): Promise<void> {
  const spent = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (spent.length === 0) throw new AuthException('ExpiredCodeException');
}

/** Voids every open code of a user (when someone else's proof of the mailbox makes them meaningless). */
export async function voidOpenCodes(tx: Database, userId: string, now = new Date()): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
}
