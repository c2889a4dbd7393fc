import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';

import type { StaffRole } from '@/lib/staff';
import { getDb } from '@/server/db/client';
import { projects, staffAuditLog } from '@/server/db/schema';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { addStaffMember } from '@/server/staff/members';
import { beginEnrolment, completeEnrolment } from '@/server/staff/second-factor';

import type { createTestRun, TestUser } from '../fixtures/test-run';

/** The current code of an authenticator holding `secret` (an independent reading of RFC 6238's defaults). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

export type StaffUser = TestUser & { role: StaffRole; sessionId: string; secret: string; recoveryCodes: string[] };

/**
 * A staff member as the console knows one after the first visit: account, role (granted at the command line), the
 * authenticator enrolled with a real code, and `sessionId` verified. Sign in as them by putting `sessionId` in the
 * test's session mock.
 */
export async function makeStaff(testRun: ReturnType<typeof createTestRun>, role: StaffRole): Promise<StaffUser> {
  const user = await testRun.makeUser(role);
  await addStaffMember(CLI_ACTOR, user.email, role);
  const { secret } = await beginEnrolment(user.id);
  const sessionId = `session-${user.username}`;
  const { recoveryCodes } = await completeEnrolment(user.id, sessionId, totpCode(secret));
  return { ...user, role, sessionId, secret, recoveryCodes: recoveryCodes ?? [] };
}

/** The audit-log entries about one thing, oldest first. */
export async function staffLogOf(entityType: string, entityId: string) {
  const db = await getDb();
  return db.select().from(staffAuditLog).where(and(eq(staffAuditLog.entityType, entityType), eq(staffAuditLog.entityId, entityId))).orderBy(staffAuditLog.id);
}

/** A plain project of this test run: slug `<label>-<run>`, named `<kind> Test <label> <run>`. */
export async function makeTestProject(testRun: ReturnType<typeof createTestRun>, kind: string, label: string): Promise<string> {
  const id = `${label}-${testRun.id}`;
  await (await getDb()).insert(projects).values({ id, name: `${kind} Test ${label} ${testRun.id}` });
  return id;
}

/** Who the mocked session is (see ./session-stand-ins for the mocks a staff test file declares). */
export { signInAs } from './session-stand-ins';
