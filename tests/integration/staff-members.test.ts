import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { changeMemberRoleAction } from '@/actions/staff/change-member-role';
import { inviteMemberAction } from '@/actions/staff/invite-member';
import { removeMemberAction } from '@/actions/staff/remove-member';
import { resetMemberFactorAction } from '@/actions/staff/reset-member-factor';
import { revokeInvitationAction } from '@/actions/staff/revoke-invitation';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { getDb } from '@/server/db/client';
import { mailOutbox, staffInvitations, staffMembers, staffRecoveryCodes, staffVerifiedSessions } from '@/server/db/schema';
import { getStaffContext, requireStaff } from '@/server/staff/access';
import { CLI_ACTOR, recordStaffChange } from '@/server/staff/audit-log';
import { listStaffLogFacets, readStaffLog } from '@/server/staff/log';
import { changeMemberRole, listOpenInvitations, listStaffMembers } from '@/server/staff/members';
import { beginEnrolment } from '@/server/staff/second-factor';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, signInAs, staffLogOf, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let admin: StaffUser;
beforeAll(async () => {
  admin = await makeStaff(testRun, 'admin');
});

const logOf = (email: string) => staffLogOf('staff', email);
const roleOf = async (userId: string) => (await (await getDb()).select({ role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.userId, userId)))[0]?.role ?? null;

describe('inviting', () => {
  it('gives an existing account the role at once, and mails a new address an invitation', async () => {
    signInAs(admin);
    const existing = await testRun.makeUser('existing');
    expect((await inviteMemberAction({ email: existing.email, role: 'analyst' })).data).toEqual({ outcome: 'granted', message: STAFF_MESSAGES.invitationGranted });
    expect(await roleOf(existing.id)).toBe('analyst');
    expect((await inviteMemberAction({ email: existing.email, role: 'analyst' })).data?.outcome).toBe('unchanged');

    const newcomer = testRun.nextEmail('newcomer');
    expect((await inviteMemberAction({ email: ` ${newcomer} `, role: 'sales' })).data?.outcome).toBe('invited');
    expect((await listOpenInvitations()).find((invitation) => invitation.email === newcomer)).toMatchObject({ role: 'sales' });
    expect(await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, newcomer))).toHaveLength(1);
    expect((await logOf(newcomer)).map((entry) => entry.action)).toEqual(['staff.invite']);
  });

  it('refuses a bad address or role with clear messages and stores nothing', async () => {
    signInAs(admin);
    const badEmail = await inviteMemberAction({ email: 'not an address', role: 'sales' });
    expect(badEmail.validationErrors).toMatchObject({ email: { _errors: [STAFF_MESSAGES.memberEmailInvalid] } });
    const email = testRun.nextEmail('badrole');
    const badRole = await inviteMemberAction({ email, role: 'owner' as 'admin' });
    expect(badRole.validationErrors).toMatchObject({ role: { _errors: [STAFF_MESSAGES.roleRequired] } });
    expect(await (await getDb()).select().from(staffInvitations).where(eq(staffInvitations.email, email))).toHaveLength(0);
    expect(await logOf(email)).toHaveLength(0);
  });

  it('revokes an open invitation once', async () => {
    signInAs(admin);
    const email = testRun.nextEmail('revoked');
    await inviteMemberAction({ email, role: 'moderator' });
    const invitation = (await listOpenInvitations()).find((open) => open.email === email)!;
    expect((await revokeInvitationAction({ invitationId: invitation.id })).data).toEqual({ ok: true });
    expect((await listOpenInvitations()).some((open) => open.email === email)).toBe(false);
    expect((await revokeInvitationAction({ invitationId: invitation.id })).serverError).toBe(STAFF_MESSAGES.invitationClosed);
    expect((await logOf(email)).map((entry) => entry.action)).toEqual(['staff.invite', 'staff.invite-revoke']);
  });

  it('is for admins only: others get Not found. and nothing is stored', async () => {
    const analyst = await makeStaff(testRun, 'analyst');
    const email = testRun.nextEmail('sneaky');
    for (const who of [analyst, null]) {
      signInAs(who);
      expect((await inviteMemberAction({ email, role: 'admin' })).serverError).toBe(STAFF_MESSAGES.notFound);
    }
    expect(await (await getDb()).select().from(staffInvitations).where(eq(staffInvitations.email, email))).toHaveLength(0);
  });
});

describe('changing a member', () => {
  it("changes another member's role and logs it", async () => {
    const member = await makeStaff(testRun, 'analyst');
    signInAs(admin);
    expect((await changeMemberRoleAction({ userId: member.id, role: 'sales' })).data).toEqual({ ok: true });
    expect(await roleOf(member.id)).toBe('sales');
    expect((await changeMemberRoleAction({ userId: member.id, role: 'sales' })).serverError).toBe(STAFF_MESSAGES.nothingChanged);
    const entries = await logOf(member.email);
    expect(entries.at(-1)).toMatchObject({ action: 'staff.role-change', actorEmail: admin.email, before: { role: 'analyst' }, after: { role: 'sales' } });
  });

  it('removes another member: role, factor, recovery codes and verified sessions go, the account stays', async () => {
    const member = await makeStaff(testRun, 'moderator');
    signInAs(admin);
    expect((await removeMemberAction({ userId: member.id })).data).toEqual({ ok: true });
    const db = await getDb();
    expect(await roleOf(member.id)).toBeNull();
    expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, member.id))).toHaveLength(0);
    expect(await db.select().from(staffVerifiedSessions).where(eq(staffVerifiedSessions.userId, member.id))).toHaveLength(0);
    signInAs(member);
    await expect(requireStaff('reports.read')).rejects.toThrow(STAFF_MESSAGES.notFound);
    expect((await logOf(member.email)).at(-1)).toMatchObject({ action: 'staff.remove', before: { role: 'moderator' }, after: null });
  });

  it('resets a lost second factor: the member must enrol again, with new recovery codes', async () => {
    const member = await makeStaff(testRun, 'sales');
    signInAs(admin);
    expect((await resetMemberFactorAction({ userId: member.id })).data).toEqual({ ok: true });
    const db = await getDb();
    const [row] = await db.select().from(staffMembers).where(eq(staffMembers.userId, member.id));
    expect(row).toMatchObject({ role: 'sales', totpSecret: null, totpEnrolledAt: null, totpLastStep: null });
    expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, member.id))).toHaveLength(0);
    signInAs(member);
    expect(await getStaffContext()).toMatchObject({ role: 'sales', enrolled: false, verified: false });
    await expect(requireStaff('quotes.read')).rejects.toThrow(STAFF_MESSAGES.notFound);
    expect((await beginEnrolment(member.id)).secret).not.toBe(member.secret);
    expect((await logOf(member.email)).at(-1)).toMatchObject({ action: 'staff.totp-reset', actorEmail: admin.email, before: { enrolled: true }, after: { enrolled: false } });
  });

  it('refuses an admin changing, removing or resetting themselves, with a clear message', async () => {
    signInAs(admin);
    const before = (await logOf(admin.email)).length;
    expect((await changeMemberRoleAction({ userId: admin.id, role: 'analyst' })).serverError).toBe(STAFF_MESSAGES.ownRoleUnchangeable);
    expect((await removeMemberAction({ userId: admin.id })).serverError).toBe(STAFF_MESSAGES.selfRemovalRefused);
    expect((await resetMemberFactorAction({ userId: admin.id })).serverError).toBe(STAFF_MESSAGES.ownFactorResetRefused);
    expect(await roleOf(admin.id)).toBe('admin');
    expect((await getStaffContext())?.verified).toBe(true);
    expect(await logOf(admin.email)).toHaveLength(before);
  });

  it('answers a stranger or a bad id clearly', async () => {
    signInAs(admin);
    const stranger = await testRun.makeUser('stranger');
    expect((await changeMemberRoleAction({ userId: stranger.id, role: 'sales' })).serverError).toBe(STAFF_MESSAGES.memberNotFound);
    expect((await removeMemberAction({ userId: 'nobody' })).validationErrors).toMatchObject({ userId: { _errors: [STAFF_MESSAGES.memberNotFound] } });
  });

  it('lists members with their role and whether their second factor is set up', async () => {
    const member = await makeStaff(testRun, 'analyst');
    const db = await getDb();
    await db.update(staffMembers).set({ totpEnrolledAt: null }).where(eq(staffMembers.userId, member.id));
    const listed = await listStaffMembers();
    expect(listed.find((row) => row.userId === admin.id)).toMatchObject({ role: 'admin', enrolled: true });
    expect(listed.find((row) => row.userId === member.id)).toMatchObject({ role: 'analyst', enrolled: false });
  });
});

describe('the audit log page', () => {
  it('filters by entity type and actor, newest first, and pages back', async () => {
    const actor = { userId: null, email: `pager-${testRun.id}@example.com` };
    const db = await getDb();
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 55; i++) await recordStaffChange(tx, actor, { action: 'quote.update', entityType: 'quote', entityId: `q-${i}`, before: { n: i - 1 }, after: { n: i } });
      await recordStaffChange(tx, actor, { action: 'score.update', entityType: 'score', entityId: 'p-1', before: null, after: { score: 1 } });
    });

    const first = await readStaffLog({ type: 'quote', actor: actor.email });
    expect(first.entries).toHaveLength(50);
    expect(first.entries.every((entry) => entry.entityType === 'quote' && entry.actorEmail === actor.email)).toBe(true);
    expect(first.entries[0].entityId).toBe('q-55');
    expect(first.olderBefore).toBe(first.entries[49].id);
    const second = await readStaffLog({ type: 'quote', actor: actor.email, before: first.olderBefore! });
    expect(second.entries.map((entry) => entry.entityId)).toEqual(['q-5', 'q-4', 'q-3', 'q-2', 'q-1']);
    expect(second.olderBefore).toBeNull();
    expect((await readStaffLog({ type: 'score', actor: actor.email })).entries.map((entry) => entry.entityId)).toEqual(['p-1']);

    const facets = await listStaffLogFacets();
    expect(facets.actors).toEqual(expect.arrayContaining([actor.email, admin.email]));
    expect(facets.entityTypes).toEqual(expect.arrayContaining(['quote', 'score', 'staff']));
  });
});

describe('the last admin', () => {
  it('stays an admin whoever asks, the command line included', async () => {
    const db = await getDb();
    // Only this file's first admin is left an admin for this test.
    const others = await db.update(staffMembers).set({ role: 'analyst' }).where(and(eq(staffMembers.role, 'admin'), ne(staffMembers.userId, admin.id))).returning({ userId: staffMembers.userId });
    try {
      await expect(changeMemberRole(CLI_ACTOR, admin.id, 'sales')).rejects.toThrow(STAFF_MESSAGES.lastAdminStays);
      expect(await roleOf(admin.id)).toBe('admin');
    } finally {
      for (const other of others) await db.update(staffMembers).set({ role: 'admin' }).where(eq(staffMembers.userId, other.userId));
    }
  });
});
