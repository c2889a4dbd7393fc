import 'server-only';

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';

import { UserFacingError } from '@/lib/errors';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { STAFF_ROLE_LABELS, type StaffRole } from '@/lib/staff';
import { BRAND_NAME } from '@/lib/constants';

import { getConfig } from '../config';
import type { Database } from '../db/client';
import { getDb } from '../db/client';
import { staffInvitations, staffMembers, staffRecoveryCodes, staffVerifiedSessions, users } from '../db/schema';
import { enqueueMail } from '../mail';
import { noticeMail } from '../mail/templates';
import { nudgeMailWorker } from '../mail/worker';
import { getRateLimits } from '../rate-limit';
import { recordStaffChange, type StaffActor } from './audit-log';
import { CLEARED_FAILURES } from './second-factor';

/** How long an invitation to an address without an account stays open. */
export const INVITATION_TTL_DAYS = 14;

/** A member as the admin's list shows them; `factorLocked`: wrong codes locked their app's codes (an admin's reset lifts it). */
export type StaffMemberSummary = { userId: string; email: string; username: string; role: StaffRole; enrolled: boolean; factorLocked: boolean; since: Date };
export type StaffInvitationSummary = { id: string; email: string; role: StaffRole; createdAt: Date; expiresAt: Date };

const findUserByEmail = async (db: Database, email: string) =>
  (await db.select({ id: users.id, email: users.email, confirmedAt: users.confirmedAt }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1))[0] ?? null;

/** Every member with their role, and whether they have enrolled their second factor. */
export async function listStaffMembers(): Promise<StaffMemberSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({ userId: staffMembers.userId, email: users.email, username: users.username, role: staffMembers.role, enrolledAt: staffMembers.totpEnrolledAt, lockedAt: staffMembers.totpLockedAt, since: staffMembers.createdAt })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .orderBy(asc(users.email));
  return rows.map(({ enrolledAt, lockedAt, ...row }) => ({ ...row, enrolled: enrolledAt !== null, factorLocked: lockedAt !== null }));
}

/** Invitations not yet taken, revoked or expired. */
export async function listOpenInvitations(now = new Date()): Promise<StaffInvitationSummary[]> {
  const db = await getDb();
  return db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role, createdAt: staffInvitations.createdAt, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)))
    .orderBy(asc(staffInvitations.createdAt));
}

/** Gives the user the role (a member keeps their second factor when only the role changes). */
async function grantRole(tx: Database, actor: StaffActor, userId: string, email: string, role: StaffRole): Promise<'added' | 'changed' | 'unchanged'> {
  const [existing] = await tx.select({ role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.userId, userId));
  if (existing?.role === role) return 'unchanged';
  if (existing) await tx.update(staffMembers).set({ role, updatedAt: new Date() }).where(eq(staffMembers.userId, userId));
  else await tx.insert(staffMembers).values({ userId, role });
  await recordStaffChange(tx, actor, {
    action: existing ? 'staff.role-change' : 'staff.add',
    entityType: 'staff',
    entityId: email,
    before: existing ? { role: existing.role } : null,
    after: { role },
  });
  return existing ? 'changed' : 'added';
}

/** The command line's `add`: the account must exist (sign up first). */
export async function addStaffMember(actor: StaffActor, email: string, role: StaffRole): Promise<'added' | 'changed' | 'unchanged'> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new UserFacingError(`No account uses ${email}. Sign up on the site first, then run this again.`, 404);
    return grantRole(tx, actor, user.id, user.email, role);
  });
}

/** Ends a membership: the role, the second factor, recovery codes and verified sessions go; the account stays. */
export async function removeStaffMember(actor: StaffActor, email: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return false;
    const [removed] = await tx.delete(staffMembers).where(eq(staffMembers.userId, user.id)).returning({ role: staffMembers.role });
    if (!removed) return false;
    await tx.delete(staffVerifiedSessions).where(eq(staffVerifiedSessions.userId, user.id));
    await recordStaffChange(tx, actor, { action: 'staff.remove', entityType: 'staff', entityId: user.email, before: { role: removed.role }, after: null });
    return true;
  });
}

/**
 * An admin's invitation from the console. An existing account gets the role at once and a mail saying so; a new
 * address gets a mail asking it to sign up, and the role is granted when that account first opens the console.
 */
export async function inviteStaff(actor: StaffActor, email: string, role: StaffRole, now = new Date()): Promise<'granted' | 'invited' | 'unchanged'> {
  const db = await getDb();
  const consoleUrl = `${getConfig().siteUrl}/staff`;
  const roleLabel = STAFF_ROLE_LABELS[role];
  const outcome = await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) {
      const granted = await grantRole(tx, actor, user.id, user.email, role);
      if (granted === 'unchanged') return 'unchanged' as const;
      await enqueueMail(
        tx,
        noticeMail(user.email, `You have been given the ${roleLabel} role at ${BRAND_NAME}`, [`${actor.email} gave your account the ${roleLabel} role in the ${BRAND_NAME} staff console.`, 'On your first visit you will set up a second factor with an authenticator app.'], { text: 'Open the console', url: consoleUrl }),
      );
      return 'granted' as const;
    }
    await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(sql`lower(${staffInvitations.email}) = lower(${email})`, isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({ email, role, invitedByUserId: actor.userId, expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000) })
      .returning({ id: staffInvitations.id });
    await recordStaffChange(tx, actor, { action: 'staff.invite', entityType: 'staff', entityId: email, before: null, after: { role, invitationId: invitation.id } });
    await enqueueMail(
      tx,
      noticeMail(email, `You are invited to the ${BRAND_NAME} staff console`, [`${actor.email} invited you to join the ${BRAND_NAME} staff as ${roleLabel}.`, `Sign up with this address (${email}) within ${INVITATION_TTL_DAYS} days, then open the console.`], { text: 'Sign up', url: `${getConfig().siteUrl}/auth/signup` }),
    );
    return 'invited' as const;
  });
  if (outcome !== 'unchanged') nudgeMailWorker();
  return outcome;
}

/** Withdraws an open invitation. */
export async function revokeInvitation(actor: StaffActor, invitationId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning({ email: staffInvitations.email, role: staffInvitations.role });
    if (!revoked) throw new UserFacingError(STAFF_MESSAGES.invitationClosed, 404);
    await recordStaffChange(tx, actor, { action: 'staff.invite-revoke', entityType: 'staff', entityId: revoked.email, before: { role: revoked.role }, after: null });
  });
}

/**
 * The role of a user, taking an open invitation to their (confirmed) address on the way: the first visit of an
 * invited person to the console makes them a member.
 */
export async function staffRoleOf(userId: string, now = new Date()): Promise<{ role: StaffRole; enrolled: boolean } | null> {
  const db = await getDb();
  const [member] = await db.select({ role: staffMembers.role, enrolledAt: staffMembers.totpEnrolledAt }).from(staffMembers).where(eq(staffMembers.userId, userId));
  if (member) return { role: member.role, enrolled: member.enrolledAt !== null };
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email, confirmedAt: users.confirmedAt }).from(users).where(eq(users.id, userId));
    if (!user?.confirmedAt) return null;
    const [invitation] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          sql`lower(${staffInvitations.email}) = lower(${user.email})`,
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning({ role: staffInvitations.role });
    if (!invitation) return null;
    await tx.insert(staffMembers).values({ userId, role: invitation.role }).onConflictDoNothing();
    await recordStaffChange(tx, { userId, email: user.email }, { action: 'staff.invite-accept', entityType: 'staff', entityId: user.email, before: null, after: { role: invitation.role } });
    return { role: invitation.role, enrolled: false };
  });
}

// ─── The console's Staff page (admins) ──────────────────────────────────────────────────────────────────────────
// An admin changes others, never themselves: nobody locks themselves out, and the last admin always stays.

/** A member another admin may change, locked for this transaction; refuses oneself and non-members. */
async function lockOtherMember(tx: Database, actor: StaffActor, userId: string, refusalForSelf: string) {
  if (userId === actor.userId) throw new UserFacingError(refusalForSelf, 409);
  const [member] = await tx
    .select({ role: staffMembers.role, email: users.email, enrolledAt: staffMembers.totpEnrolledAt, lockedAt: staffMembers.totpLockedAt })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(eq(staffMembers.userId, userId))
    .for('update', { of: staffMembers });
  if (!member) throw new UserFacingError(STAFF_MESSAGES.memberNotFound, 404);
  return member;
}

/** Refuses a change that would leave no admin (two admins demoting each other at once included: the rows are locked). */
async function keepAnAdmin(tx: Database, leavingUserId: string) {
  const admins = await tx.select({ userId: staffMembers.userId }).from(staffMembers).where(eq(staffMembers.role, 'admin')).for('update');
  if (admins.every((admin) => admin.userId === leavingUserId)) throw new UserFacingError(STAFF_MESSAGES.lastAdminStays, 409);
}

/** Gives another member a new role (their second factor stays). */
export async function changeMemberRole(actor: StaffActor, userId: string, role: StaffRole): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const member = await lockOtherMember(tx, actor, userId, STAFF_MESSAGES.ownRoleUnchangeable);
    if (member.role === role) throw new UserFacingError(STAFF_MESSAGES.nothingChanged, 409);
    if (member.role === 'admin') await keepAnAdmin(tx, userId);
    await grantRole(tx, actor, userId, member.email, role);
  });
}

/** Ends another member's membership: role, second factor, recovery codes and verified sessions go; the account stays. */
export async function removeMember(actor: StaffActor, userId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const member = await lockOtherMember(tx, actor, userId, STAFF_MESSAGES.selfRemovalRefused);
    if (member.role === 'admin') await keepAnAdmin(tx, userId);
    await tx.delete(staffMembers).where(eq(staffMembers.userId, userId));
    await tx.delete(staffVerifiedSessions).where(eq(staffVerifiedSessions.userId, userId));
    await recordStaffChange(tx, actor, { action: 'staff.remove', entityType: 'staff', entityId: member.email, before: { role: member.role }, after: null });
  });
}

/**
 * For a member who lost their authenticator and recovery codes, or whose codes wrong tries locked: the secret, the
 * enrolment, the recovery codes, the count of wrong codes (and so the lock) and every verified session go, so their
 * next visit to the console enrols a new factor.
 */
export async function resetSecondFactor(actor: StaffActor, userId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const member = await lockOtherMember(tx, actor, userId, STAFF_MESSAGES.ownFactorResetRefused);
    await tx.update(staffMembers).set({ totpSecret: null, totpEnrolledAt: null, totpLastStep: null, ...CLEARED_FAILURES, updatedAt: now }).where(eq(staffMembers.userId, userId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.delete(staffVerifiedSessions).where(eq(staffVerifiedSessions.userId, userId));
    await recordStaffChange(tx, actor, {
      action: 'staff.totp-reset',
      entityType: 'staff',
      entityId: member.email,
      before: { enrolled: member.enrolledAt !== null, locked: member.lockedAt !== null },
      after: { enrolled: false, locked: false },
    });
  });
  // The wrong codes that locked the old factor must not hold back the new one's enrolment.
  await getRateLimits().reset('staff-code-user', userId);
}
