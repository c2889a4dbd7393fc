import 'server-only';

import { and, eq, gt, isNull, lt } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';

import { getDb } from '../db/client';
import { staffMembers, staffRecoveryCodes, staffVerifiedSessions, users } from '../db/schema';
import { getRateLimits } from '../rate-limit';
import { recordStaffChange } from './audit-log';
import { acceptedTotpStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, openTotpSecret, sameHash, sealTotpSecret, totpUri } from './totp';

/** How long a session that passed the second factor may use the console before asking again. */
export const VERIFIED_SESSION_HOURS = 12;

/** What the second-factor steps answer: enrolment returns the recovery codes (shown once), verification none. */
export type SecondFactorOutcome = { recoveryCodes: string[] | null };

const wrongCode = () => new UserFacingError(STAFF_MESSAGES.wrongCode, 400);

async function memberRow(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, secret: staffMembers.totpSecret, enrolledAt: staffMembers.totpEnrolledAt, lastStep: staffMembers.totpLastStep })
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
  await spendTry(userId);
  const member = await memberRow(userId);
  if (!member?.secret) throw new UserFacingError(STAFF_MESSAGES.notFound, 404);
  if (member.enrolledAt) throw new UserFacingError(STAFF_MESSAGES.alreadyEnrolled, 409);
  const step = acceptedTotpStep(openTotpSecret(member.secret), code.trim(), member.lastStep, now.getTime());
  if (step === null) throw wrongCode();
  const recoveryCodes = newRecoveryCodes();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(staffMembers).set({ totpEnrolledAt: now, totpLastStep: step, updatedAt: now }).where(eq(staffMembers.userId, userId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(recoveryCodes.map((recovery) => ({ userId, codeHash: hashRecoveryCode(recovery) })));
    await recordStaffChange(tx, { userId, email: member.email }, { action: 'staff.totp-enrol', entityType: 'staff', entityId: member.email, before: null, after: { enrolled: true } });
  });
  await getRateLimits().reset('staff-code-user', userId);
  await markSessionVerified(userId, sessionId, now);
  return { recoveryCodes };
}

/** Checks a code from the app, or a recovery code (spent on use), and verifies this session. */
export async function verifySecondFactor(userId: string, sessionId: string, code: string, now = new Date()): Promise<{ usedRecoveryCode: boolean }> {
  await spendTry(userId);
  const member = await memberRow(userId);
  if (!member?.secret || !member.enrolledAt) throw new UserFacingError(STAFF_MESSAGES.notFound, 404);
  const db = await getDb();
  const trimmed = code.trim();
  const step = acceptedTotpStep(openTotpSecret(member.secret), trimmed, member.lastStep, now.getTime());
  let usedRecoveryCode = false;
  if (step !== null) {
    // Only one request can move the step forward: a replay racing the first use finds it already taken.
    const [moved] = await db
      .update(staffMembers)
      .set({ totpLastStep: step })
      .where(and(eq(staffMembers.userId, userId), member.lastStep === null ? isNull(staffMembers.totpLastStep) : lt(staffMembers.totpLastStep, step)))
      .returning({ userId: staffMembers.userId });
    if (!moved) throw wrongCode();
  } else {
    const presented = hashRecoveryCode(trimmed);
    const open = await db.select({ id: staffRecoveryCodes.id, codeHash: staffRecoveryCodes.codeHash }).from(staffRecoveryCodes).where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
    const match = open.find((row) => sameHash(row.codeHash, presented));
    if (!match) throw wrongCode();
    const [spent] = await db.update(staffRecoveryCodes).set({ usedAt: now }).where(and(eq(staffRecoveryCodes.id, match.id), isNull(staffRecoveryCodes.usedAt))).returning({ id: staffRecoveryCodes.id });
    if (!spent) throw wrongCode();
    usedRecoveryCode = true;
  }
  await getRateLimits().reset('staff-code-user', userId);
  await markSessionVerified(userId, sessionId, now);
  return { usedRecoveryCode };
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
