import 'server-only';

import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

import { getConfig } from '../config';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { staffMembers, staffRecoveryCodes, staffVerifiedSessions, users } from '../db/schema';
import { enqueueMail } from '../mail';
import { staffFactorLockedMail } from '../mail/templates';
import { nudgeMailWorker } from '../mail/worker';
import { getRateLimits, RateLimitedError } from '../rate-limit';
import { recordStaffChange } from './audit-log';
import { acceptedTotpStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, openTotpSecret, sameHash, sealTotpSecret, totpUri } from './totp';

/** How long a session that passed the second factor may use the console before asking again. */
export const VERIFIED_SESSION_HOURS = 12;

/** What the second-factor steps answer: enrolment returns the recovery codes (shown once), verification none. */
export type SecondFactorOutcome = { recoveryCodes: string[] | null };

const wrongCode = () => new UserFacingError(STAFF_MESSAGES.wrongCode, 400);
const factorLocked = () => new UserFacingError(STAFF_MESSAGES.factorLocked, 423);

// ─── Wrong codes in a row (issue #42) ───────────────────────────────────────────────────────────────────────────
// The rate-limit budget alone let a holder of the password try ~960 codes a day forever. Now the wrong codes since
// the last right one are kept on the member: past a few, each try waits for a doubling delay since the last failure
// (refused unchecked and uncounted inside it); at LOCK_AFTER_FAILURES the app's codes lock until a recovery code or
// an admin's reset lifts it, and the member gets a mail. The budget stays as a second guard against bursts.

/** Wrong codes in a row that cost no wait. */
export const FREE_CODE_FAILURES = 3;
/** The wait after the first failure past the free ones; it doubles with each further failure. */
export const FIRST_CODE_WAIT_SECONDS = 30;
/** The longest wait: the locked member's recovery code is never held back longer than this. */
export const MAX_CODE_WAIT_SECONDS = 15 * 60;
/** Wrong codes in a row that lock the authenticator's codes (ten guesses at three codes in a million each). */
export const LOCK_AFTER_FAILURES = 10;

/** Seconds the next try must wait after the last failure, with `failures` wrong codes in a row. */
export function codeWaitSeconds(failures: number): number {
  if (failures < FREE_CODE_FAILURES) return 0;
  return Math.min(MAX_CODE_WAIT_SECONDS, FIRST_CODE_WAIT_SECONDS * 2 ** (failures - FREE_CODE_FAILURES));
}

type FailureState = { failedCount: number; lastFailureAt: Date | null; lockedAt: Date | null };

/** Refuses, as a 429 saying how long, a try that comes before the wait since the last failure is over. */
function refuseWhileWaiting(state: FailureState, now: Date) {
  const wait = codeWaitSeconds(state.failedCount);
  if (!wait || !state.lastFailureAt) return;
  const leftMs = state.lastFailureAt.getTime() + wait * 1000 - now.getTime();
  if (leftMs <= 0) return;
  const seconds = Math.ceil(leftMs / 1000);
  throw new RateLimitedError(STAFF_MESSAGES.codeWait(seconds), seconds);
}

const looksLikeAppCode = (code: string) => /^\d{6}$/.test(code);

/** The member's row with its failure state, locked for this transaction so concurrent tries count one after another. */
async function memberForUpdate(tx: Database, userId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      secret: staffMembers.totpSecret,
      enrolledAt: staffMembers.totpEnrolledAt,
      lastStep: staffMembers.totpLastStep,
      failedCount: staffMembers.totpFailedCount,
      lastFailureAt: staffMembers.totpLastFailureAt,
      lockedAt: staffMembers.totpLockedAt,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, userId))
    .for('update', { of: staffMembers });
  return row ?? null;
}

type Member = NonNullable<Awaited<ReturnType<typeof memberForUpdate>>>;

/** Columns that forget the failures (a right code, a recovery code, an admin's reset). */
export const CLEARED_FAILURES = { totpFailedCount: 0, totpLastFailureAt: null, totpLockedAt: null } as const;

/**
 * Counts a wrong code and logs it; the failure that reaches LOCK_AFTER_FAILURES locks the app's codes, logs that
 * and mails the member, once per lock. While enrolling nothing locks: there is no recovery code yet to lift it, and
 * whoever holds the password could enrol an app of their own anyway; the wait still slows guessing.
 */
async function recordFailure(tx: Database, userId: string, member: Member, during: 'enrolment' | 'verification', now: Date): Promise<{ locked: boolean; mailed: boolean }> {
  const actor = { userId, email: member.email };
  const [counted] = await tx
    .update(staffMembers)
    .set({ totpFailedCount: sql`${staffMembers.totpFailedCount} + 1`, totpLastFailureAt: now })
    .where(eq(staffMembers.userId, userId))
    .returning({ failedCount: staffMembers.totpFailedCount, lockedAt: staffMembers.totpLockedAt });
  await recordStaffChange(tx, actor, {
    action: 'staff.totp-failure',
    entityType: 'staff',
    entityId: member.email,
    before: { failedCodes: counted.failedCount - 1 },
    after: { failedCodes: counted.failedCount, during },
  });
  if (counted.lockedAt) return { locked: true, mailed: false };
  if (during === 'enrolment' || counted.failedCount < LOCK_AFTER_FAILURES) return { locked: false, mailed: false };
  await tx.update(staffMembers).set({ totpLockedAt: now, updatedAt: now }).where(eq(staffMembers.userId, userId));
  await recordStaffChange(tx, actor, {
    action: 'staff.totp-locked',
    entityType: 'staff',
    entityId: member.email,
    before: { locked: false },
    after: { locked: true, failedCodes: counted.failedCount },
  });
  await enqueueMail(tx, staffFactorLockedMail(member.email, counted.failedCount, now, `${getConfig().siteUrl}/staff/verify`));
  return { locked: true, mailed: true };
}

/** What a try decided inside its transaction; refusals are thrown after commit, so the counted failure stays. */
type TryOutcome<T> = { ok: true; value: T } | { ok: false; error: UserFacingError; mailed: boolean };

function settle<T>(outcome: TryOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.mailed) nudgeMailWorker();
  throw outcome.error;
}

async function memberRow(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, secret: staffMembers.totpSecret, enrolledAt: staffMembers.totpEnrolledAt })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, userId));
  return row ?? null;
}

/**
 * The secret to enrol, as a URI for the QR code and as text for manual entry. Until the first code is proved the
 * same pending secret is shown again (a reload must not invalidate what the app already scanned).
 */
export async function beginEnrolment(userId: string): Promise<{ uri: string; secret: string }> {
  const member = await memberRow(userId);
  if (!member) throw new UserFacingError(STAFF_MESSAGES.notFound, 404);
  if (member.enrolledAt) throw new UserFacingError(STAFF_MESSAGES.alreadyEnrolled, 409);
  let secret = member.secret ? openTotpSecret(member.secret) : null;
  if (!secret) {
    secret = newTotpSecret();
    const db = await getDb();
    await db.update(staffMembers).set({ totpSecret: sealTotpSecret(secret) }).where(and(eq(staffMembers.userId, userId), isNull(staffMembers.totpEnrolledAt)));
  }
  return { uri: totpUri(secret, member.email), secret };
}

async function markSessionVerified(userId: string, sessionId: string, now: Date) {
  const db = await getDb();
  const expiresAt = new Date(now.getTime() + VERIFIED_SESSION_HOURS * 3_600_000);
  await db.delete(staffVerifiedSessions).where(lt(staffVerifiedSessions.expiresAt, now));
  await db
    .insert(staffVerifiedSessions)
    .values({ sessionId, userId, expiresAt })
    .onConflictDoUpdate({ target: staffVerifiedSessions.sessionId, set: { userId, expiresAt } });
}

/** Wrong codes are limited per member, so six digits cannot be guessed. */
async function spendTry(userId: string) {
  await getRateLimits().consumeOrRefuse('staff-code-user', userId, STAFF_MESSAGES.tooManyTries);
}

/** Proves the first code: the factor is enrolled, this session is verified, and the recovery codes are shown once. */
export async function completeEnrolment(userId: string, sessionId: string, code: string, now = new Date()): Promise<{ recoveryCodes: string[] }> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<TryOutcome<string[]>> => {
    const member = await memberForUpdate(tx, userId);
    if (!member?.secret) throw new UserFacingError(STAFF_MESSAGES.notFound, 404);
    if (member.enrolledAt) throw new UserFacingError(STAFF_MESSAGES.alreadyEnrolled, 409);
    refuseWhileWaiting(member, now);
    await spendTry(userId);
    const step = acceptedTotpStep(openTotpSecret(member.secret), code.trim(), member.lastStep, now.getTime());
    if (step === null) return { ok: false, error: wrongCode(), ...(await recordFailure(tx, userId, member, 'enrolment', now)) };
    const recoveryCodes = newRecoveryCodes();
    await tx.update(staffMembers).set({ totpEnrolledAt: now, totpLastStep: step, ...CLEARED_FAILURES, updatedAt: now }).where(eq(staffMembers.userId, userId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((recovery) => ({ userId, codeHash: hashRecoveryCode(recovery) })));
    await recordStaffChange(tx, { userId, email: member.email }, { action: 'staff.totp-enrol', entityType: 'staff', entityId: member.email, before: null, after: { enrolled: true } });
    return { ok: true, value: recoveryCodes };
  });
  const recoveryCodes = settle(outcome);
  await getRateLimits().reset('staff-code-user', userId);
  await markSessionVerified(userId, sessionId, now);
  return { recoveryCodes };
}

/**
 * Checks a code from the app, or a recovery code (spent on use), and verifies this session. After wrong codes in a
 * row a try first waits (codeWaitSeconds); while the app's codes are locked only a recovery code is checked, and it
 * lifts the lock.
 */
export async function verifySecondFactor(userId: string, sessionId: string, code: string, now = new Date()): Promise<{ usedRecoveryCode: boolean }> {
  const db = await getDb();
  const trimmed = code.trim();
  const outcome = await db.transaction(async (tx): Promise<TryOutcome<{ usedRecoveryCode: boolean }>> => {
    const member = await memberForUpdate(tx, userId);
    if (!member?.secret || !member.enrolledAt) throw new UserFacingError(STAFF_MESSAGES.notFound, 404);
    refuseWhileWaiting(member, now);
    const locked = member.lockedAt !== null;
    // Not checked, so not counted: a locked factor says so to every app code, right or wrong.
    if (locked && looksLikeAppCode(trimmed)) throw factorLocked();
    await spendTry(userId);
    const failed = async () => {
      const failure = await recordFailure(tx, userId, member, 'verification', now);
      return { ok: false as const, error: failure.locked ? factorLocked() : wrongCode(), mailed: failure.mailed };
    };
    const step = locked ? null : acceptedTotpStep(openTotpSecret(member.secret), trimmed, member.lastStep, now.getTime());
    if (step !== null) {
      // The row is locked, so the step read above is current; the condition still keeps a code from moving it back.
      const [moved] = await tx
        .update(staffMembers)
        .set({ totpLastStep: step, ...CLEARED_FAILURES })
        .where(and(eq(staffMembers.userId, userId), member.lastStep === null ? isNull(staffMembers.totpLastStep) : lt(staffMembers.totpLastStep, step)))
        .returning({ userId: staffMembers.userId });
      if (!moved) return failed();
      return { ok: true, value: { usedRecoveryCode: false } };
    }
    const presented = hashRecoveryCode(trimmed);
    const open = await tx.select({ id: staffRecoveryCodes.id, codeHash: staffRecoveryCodes.codeHash }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
    const match = open.find((row) => sameHash(row.codeHash, presented));
    if (!match) return failed();
    const [spent] = await tx.update(staffRecoveryCodes).set({ usedAt: now }).where(and(eq(staffRecoveryCodes.id, match.id), isNull(staffRecoveryCodes.usedAt))).returning({ id: staffRecoveryCodes.id });
    if (!spent) return failed();
    await tx.update(staffMembers).set({ ...CLEARED_FAILURES, updatedAt: now }).where(eq(staffMembers.userId, userId));
    await recordStaffChange(tx, { userId, email: member.email }, {
      action: 'staff.recovery-code-used',
      entityType: 'staff',
      entityId: member.email,
      before: { recoveryCodesLeft: open.length, locked },
      after: { recoveryCodesLeft: open.length - 1, locked: false },
    });
    return { ok: true, value: { usedRecoveryCode: true } };
  });
  const verified = settle(outcome);
  await getRateLimits().reset('staff-code-user', userId);
  await markSessionVerified(userId, sessionId, now);
  return verified;
}

/** True when this session passed the second factor and it has not expired. */
export async function isSessionVerified(userId: string, sessionId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ sessionId: staffVerifiedSessions.sessionId })
    .from(staffVerifiedSessions)
    .where(and(eq(staffVerifiedSessions.sessionId, sessionId), eq(staffVerifiedSessions.userId, userId), gt(staffVerifiedSessions.expiresAt, now)));
  return Boolean(row);
}

/** Recovery codes not yet used, for the console's reminder. */
export async function countOpenRecoveryCodes(userId: string): Promise<number> {
  const db = await getDb();
  const rows = await db.select({ id: staffRecoveryCodes.id }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return rows.length;
}
