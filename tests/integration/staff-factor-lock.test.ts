import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { getDb } from '@/server/db/client';
import { mailOutbox, staffMembers } from '@/server/db/schema';
import { getRateLimits, RateLimitedError } from '@/server/rate-limit';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { addStaffMember, listStaffMembers, resetSecondFactor } from '@/server/staff/members';
import { beginEnrolment, codeWaitSeconds, completeEnrolment, verifySecondFactor } from '@/server/staff/second-factor';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, staffLogOf, totpCode, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));

// Issue #42: wrong second-factor codes in a row wait, then lock the app's codes. Time moves through the `now` the
// functions take; the rate-limit budget (a second guard) keeps real time, so where the clock moved past its
// 15-minute window a test gives the budget back as that window would.

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let admin: StaffUser;
beforeAll(async () => {
  admin = await makeStaff(testRun, 'admin');
});

/** Codes at least a minute after enrolment, so a right code is never a replay of the step enrolment used. */
const START = () => Date.now() + 120_000;

/** A six-digit code the app does not accept at `at` (nor a step either side). */
function wrongAppCode(secret: string, at: number): string {
  const accepted = new Set([at - 30_000, at, at + 30_000].map((time) => totpCode(secret, time)));
  return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code))!;
}

/** `count` wrong app codes in a row, each as soon as the wait allows; answers when the last one came. */
async function failInARow(member: StaffUser, count: number, start: number): Promise<number> {
  let at = start;
  for (let failure = 1; failure <= count; failure++) {
    if (failure > 1) at += codeWaitSeconds(failure - 1) * 1000;
    const refusal = failure >= 10 ? STAFF_MESSAGES.factorLocked : STAFF_MESSAGES.wrongCode;
    await expect(verifySecondFactor(member.id, `guess-${failure}`, wrongAppCode(member.secret, at), new Date(at))).rejects.toThrow(refusal);
  }
  return at;
}

const factorState = async (userId: string) => {
  const [row] = await (await getDb())
    .select({ failed: staffMembers.totpFailedCount, lastFailureAt: staffMembers.totpLastFailureAt, lockedAt: staffMembers.totpLockedAt })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return row;
};
const mailsTo = async (email: string) => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email));
const actionsOn = async (email: string) => (await staffLogOf('staff', email)).map((entry) => entry.action);
/** What the 15-minute budget window would have done by the time the clock moved past it. */
const budgetWindowPasses = (userId: string) => getRateLimits().reset('staff-code-user', userId);

/** Whatever a promise rejected with. */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

describe('wrong second-factor codes in a row', () => {
  it('cost no wait for three, then 30 seconds doubling up to 15 minutes', () => {
    expect(Array.from({ length: 11 }, (_, failures) => codeWaitSeconds(failures))).toEqual([0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('after the third, refuse a try inside the wait with a 429 saying how long, without checking or counting it', async () => {
    const member = await makeStaff(testRun, 'analyst');
    const third = await failInARow(member, 3, START());
    expect(await factorState(member.id)).toMatchObject({ failed: 3, lockedAt: null });

    // Even the right code is not looked at inside the wait.
    const early = await rejection(verifySecondFactor(member.id, 'early', totpCode(member.secret, third + 10_000), new Date(third + 10_000)));
    expect(early).toBeInstanceOf(RateLimitedError);
    expect(early).toMatchObject({ message: STAFF_MESSAGES.codeWait(20), status: 429, retryAfterSeconds: 20 });
    await expect(verifySecondFactor(member.id, 'early', member.recoveryCodes[0], new Date(third + 29_000))).rejects.toThrow(STAFF_MESSAGES.codeWait(1));
    expect(await factorState(member.id)).toMatchObject({ failed: 3 });
    expect((await actionsOn(member.email)).filter((action) => action === 'staff.totp-failure')).toHaveLength(3);

    // A fourth failure once the wait is over doubles it.
    const fourth = third + 30_000;
    await expect(verifySecondFactor(member.id, 'late', wrongAppCode(member.secret, fourth), new Date(fourth))).rejects.toThrow(STAFF_MESSAGES.wrongCode);
    await expect(verifySecondFactor(member.id, 'early', totpCode(member.secret, fourth + 59_000), new Date(fourth + 59_000))).rejects.toThrow(STAFF_MESSAGES.codeWait(1));

    // A right code after the wait opens the console and forgets the failures.
    const after = fourth + 60_000;
    expect(await verifySecondFactor(member.id, 'right', totpCode(member.secret, after), new Date(after))).toEqual({ usedRecoveryCode: false });
    expect(await factorState(member.id)).toEqual({ failed: 0, lastFailureAt: null, lockedAt: null });
    const log = await staffLogOf('staff', member.email);
    expect(log.filter((entry) => entry.action === 'staff.totp-failure').map((entry) => [entry.actorEmail, entry.before, entry.after])).toEqual([
      [member.email, { failedCodes: 0 }, { failedCodes: 1, during: 'verification' }],
      [member.email, { failedCodes: 1 }, { failedCodes: 2, during: 'verification' }],
      [member.email, { failedCodes: 2 }, { failedCodes: 3, during: 'verification' }],
      [member.email, { failedCodes: 3 }, { failedCodes: 4, during: 'verification' }],
    ]);
  });

  it('lock the app codes at the tenth, log it and mail the member once; a right app code is then refused', async () => {
    const member = await makeStaff(testRun, 'moderator');
    const tenth = await failInARow(member, 10, START());
    expect(await factorState(member.id)).toMatchObject({ failed: 10, lockedAt: new Date(tenth) });

    const mails = await mailsTo(member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(STAFF_MESSAGES.factorLockedMailSubject);
    expect(mails[0].text).toContain('10 wrong codes in a row');
    expect(mails[0].text).toContain('recovery codes');
    expect(mails[0].text).toContain('/staff/verify');
    for (const secret of [member.secret, ...member.recoveryCodes]) expect(`${mails[0].text}${mails[0].html}`).not.toContain(secret);

    const log = await staffLogOf('staff', member.email);
    expect(log.filter((entry) => entry.action === 'staff.totp-failure').map((entry) => entry.after?.failedCodes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(log.filter((entry) => entry.action === 'staff.totp-locked').map((entry) => [entry.actorEmail, entry.before, entry.after])).toEqual([
      [member.email, { locked: false }, { locked: true, failedCodes: 10 }],
    ]);

    // Past the wait, the right app code is refused unchecked and uncounted (the budget is not even asked).
    const later = tenth + 15 * 60_000;
    const locked = await rejection(verifySecondFactor(member.id, 'right', totpCode(member.secret, later), new Date(later)));
    expect(locked).toMatchObject({ message: STAFF_MESSAGES.factorLocked, status: 423 });
    expect(await factorState(member.id)).toMatchObject({ failed: 10 });

    // A wrong recovery code still counts, and still waits, but the lock mails and logs only once.
    await budgetWindowPasses(member.id);
    await expect(verifySecondFactor(member.id, 'guess', 'aaaa-bbbb-cccc', new Date(later))).rejects.toThrow(STAFF_MESSAGES.factorLocked);
    await expect(verifySecondFactor(member.id, 'guess', member.recoveryCodes[0], new Date(later + 60_000))).rejects.toThrow(STAFF_MESSAGES.codeWait(840));
    expect(await factorState(member.id)).toMatchObject({ failed: 11, lockedAt: new Date(tenth) });
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect((await actionsOn(member.email)).filter((action) => action === 'staff.totp-locked')).toHaveLength(1);
  });

  it('are forgotten, lock and all, when a recovery code is used; its use is logged with the codes left', async () => {
    const member = await makeStaff(testRun, 'sales');
    const tenth = await failInARow(member, 10, START());
    await budgetWindowPasses(member.id);
    const later = tenth + 15 * 60_000;
    expect(await verifySecondFactor(member.id, 'recovering', member.recoveryCodes[3], new Date(later))).toEqual({ usedRecoveryCode: true });
    expect(await factorState(member.id)).toEqual({ failed: 0, lastFailureAt: null, lockedAt: null });
    expect((await staffLogOf('staff', member.email)).at(-1)).toMatchObject({
      action: 'staff.recovery-code-used',
      actorEmail: member.email,
      before: { recoveryCodesLeft: 10, locked: true },
      after: { recoveryCodesLeft: 9, locked: false },
    });

    // The app's codes work again, and the next wrong code starts a new count with no wait.
    const next = later + 60_000;
    expect(await verifySecondFactor(member.id, 'app', totpCode(member.secret, next), new Date(next))).toEqual({ usedRecoveryCode: false });
    await expect(verifySecondFactor(member.id, 'typo', wrongAppCode(member.secret, next + 60_000), new Date(next + 60_000))).rejects.toThrow(STAFF_MESSAGES.wrongCode);
    expect(await factorState(member.id)).toMatchObject({ failed: 1, lockedAt: null });
  });

  it("are forgotten, lock and all, when an admin resets the member's factor; the new one enrols at once", async () => {
    const member = await makeStaff(testRun, 'analyst');
    await failInARow(member, 10, START());
    // The admin's list says so, which is how an admin learns whom to reset.
    const listed = async () => (await listStaffMembers()).find((entry) => entry.userId === member.id);
    expect(await listed()).toMatchObject({ enrolled: true, factorLocked: true });
    await resetSecondFactor({ userId: admin.id, email: admin.email }, member.id);
    expect(await factorState(member.id)).toEqual({ failed: 0, lastFailureAt: null, lockedAt: null });
    expect(await listed()).toMatchObject({ enrolled: false, factorLocked: false });
    expect((await staffLogOf('staff', member.email)).at(-1)).toMatchObject({
      action: 'staff.totp-reset',
      actorEmail: admin.email,
      before: { enrolled: true, locked: true },
      after: { enrolled: false, locked: false },
    });
    // The reset gives the budget back too: the member enrolling right away is not refused for the attacker's tries.
    const { secret } = await beginEnrolment(member.id);
    expect((await completeEnrolment(member.id, 'new-app', totpCode(secret))).recoveryCodes).toHaveLength(10);
  });

  it('while enrolling, count and wait too, but never lock: there is no recovery code yet', async () => {
    const user = await testRun.makeUser('enrolling');
    await addStaffMember(CLI_ACTOR, user.email, 'analyst');
    const { secret } = await beginEnrolment(user.id);
    let at = START();
    for (let failure = 1; failure <= 10; failure++) {
      if (failure > 1) at += codeWaitSeconds(failure - 1) * 1000;
      await expect(completeEnrolment(user.id, 'enrolling', wrongAppCode(secret, at), new Date(at))).rejects.toThrow(STAFF_MESSAGES.wrongCode);
      if (failure === 3) await expect(completeEnrolment(user.id, 'enrolling', totpCode(secret, at + 1_000), new Date(at + 1_000))).rejects.toThrow(STAFF_MESSAGES.codeWait(29));
    }
    expect(await factorState(user.id)).toMatchObject({ failed: 10, lockedAt: null });
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect((await actionsOn(user.email)).filter((action) => action === 'staff.totp-failure')).toHaveLength(10);

    await budgetWindowPasses(user.id);
    const right = at + 15 * 60_000;
    expect((await completeEnrolment(user.id, 'enrolling', totpCode(secret, right), new Date(right))).recoveryCodes).toHaveLength(10);
    expect(await factorState(user.id)).toEqual({ failed: 0, lastFailureAt: null, lockedAt: null });
  });
});
