import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { getDb } from '@/server/db/client';
import { mailOutbox, staffAuditLog, staffMembers, staffRecoveryCodes } from '@/server/db/schema';
import { getStaffContext, requireStaff } from '@/server/staff/access';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { runStaffCli } from '@/server/staff/cli';
import { addStaffMember, inviteStaff, listStaffMembers, staffRoleOf } from '@/server/staff/members';
import { beginEnrolment, codeWaitSeconds, completeEnrolment, verifySecondFactor } from '@/server/staff/second-factor';
import { hashRecoveryCode, openTotpSecret } from '@/server/staff/totp';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, signInAs, totpCode } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const testRun = createTestRun();
afterAll(() => testRun.cleanUp());
beforeEach(() => signInAs(null));

const mailsTo = async (email: string) => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('the second factor', () => {
  it('enrols with a real code, stores the secret sealed, and verifies only this session', async () => {
    const user = await testRun.makeUser('enrol');
    await addStaffMember(CLI_ACTOR, user.email, 'analyst');
    signInAs(user, 'browser-a');
    expect(await getStaffContext()).toMatchObject({ role: 'analyst', enrolled: false, verified: false });
    await expect(requireStaff('projects.read')).rejects.toThrow(STAFF_MESSAGES.notFound);

    const { secret, uri } = await beginEnrolment(user.id);
    expect(uri).toContain('otpauth://totp/');
    expect((await beginEnrolment(user.id)).secret).toBe(secret);
    const [row] = await (await getDb()).select().from(staffMembers).where(eq(staffMembers.userId, user.id));
    expect(row.totpSecret).not.toContain(secret);
    expect(openTotpSecret(row.totpSecret!)).toBe(secret);

    await expect(completeEnrolment(user.id, 'browser-a', '000000' === totpCode(secret) ? '111111' : '000000')).rejects.toThrow(STAFF_MESSAGES.wrongCode);
    const { recoveryCodes } = await completeEnrolment(user.id, 'browser-a', totpCode(secret));
    expect(recoveryCodes).toHaveLength(10);
    // Recovery codes are kept only as keyed hashes: no stored value holds a code, each is the hash of one.
    const stored = (await (await getDb()).select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id))).map((row) => row.codeHash);
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored.filter((hash) => hash.includes(code) || hash.includes(code.replaceAll('-', '')))).toEqual([]);
    expect(stored.sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    expect(await getStaffContext()).toMatchObject({ enrolled: true, verified: true });
    expect((await requireStaff('projects.read')).role).toBe('analyst');

    signInAs(user, 'browser-b');
    expect(await getStaffContext()).toMatchObject({ enrolled: true, verified: false });
    await expect(requireStaff('projects.read')).rejects.toThrow(STAFF_MESSAGES.notFound);
  });

  it('accepts a code once, and each recovery code once', async () => {
    const staff = await makeStaff(testRun, 'moderator');
    const now = Date.now() + 60_000;
    await verifySecondFactor(staff.id, 'second', totpCode(staff.secret, now), new Date(now));
    await expect(verifySecondFactor(staff.id, 'third', totpCode(staff.secret, now), new Date(now))).rejects.toThrow(STAFF_MESSAGES.wrongCode);
    const recovery = staff.recoveryCodes[0];
    expect(await verifySecondFactor(staff.id, 'fourth', recovery.toUpperCase())).toEqual({ usedRecoveryCode: true });
    await expect(verifySecondFactor(staff.id, 'fifth', recovery)).rejects.toThrow(STAFF_MESSAGES.wrongCode);
  });

  it('stops guessing after ten wrong codes within the rate-limit window, whatever the waits between them', async () => {
    // The waits between wrong codes in a row (tests/integration/staff-factor-lock.test.ts) run on the clock passed
    // in; the budget keeps real time, so ten tries spaced out past each wait still spend it.
    const staff = await makeStaff(testRun, 'sales');
    let at = Date.now();
    for (let i = 0; i < 10; i++) {
      at += codeWaitSeconds(i) * 1000;
      await expect(verifySecondFactor(staff.id, 'guess', 'aaaa-bbbb-cccc', new Date(at))).rejects.toThrow(i < 9 ? STAFF_MESSAGES.wrongCode : STAFF_MESSAGES.factorLocked);
    }
    await expect(verifySecondFactor(staff.id, 'guess', staff.recoveryCodes[0], new Date(at + 3_600_000))).rejects.toThrow(STAFF_MESSAGES.tooManyTries);
  });
});

describe('membership', () => {
  it('is nobody by default: a signed-in user and an anonymous visitor have no staff context', async () => {
    expect(await getStaffContext()).toBeNull();
    signInAs(await testRun.makeUser('visitor'));
    expect(await getStaffContext()).toBeNull();
    await expect(requireStaff('quotes.read')).rejects.toThrow(STAFF_MESSAGES.notFound);
  });

  it('holds only the permissions of its role', async () => {
    const sales = await makeStaff(testRun, 'sales');
    signInAs(sales);
    expect((await requireStaff('quotes.write')).role).toBe('sales');
    await expect(requireStaff('alerts.write')).rejects.toThrow(STAFF_MESSAGES.notFound);
  });

  it('an invitation grants an existing account at once, and a new address when it signs up and opens the console', async () => {
    const admin = await makeStaff(testRun, 'admin');
    const existing = await testRun.makeUser('existing');
    expect(await inviteStaff({ userId: admin.id, email: admin.email }, existing.email, 'analyst')).toBe('granted');
    expect(await staffRoleOf(existing.id)).toEqual({ role: 'analyst', enrolled: false });
    expect(await mailsTo(existing.email)).toHaveLength(1);

    const newcomerEmail = testRun.nextEmail('newcomer');
    expect(await inviteStaff({ userId: admin.id, email: admin.email }, newcomerEmail, 'moderator')).toBe('invited');
    expect((await mailsTo(newcomerEmail))[0].text).toContain('/auth/signup');
    const db = await getDb();
    const { users } = await import('@/server/db/schema');
    const [unconfirmed] = await db.insert(users).values({ email: newcomerEmail, username: `newcomer-${testRun.id}`, passwordHash: 'x' }).returning({ id: users.id });
    expect(await staffRoleOf(unconfirmed.id)).toBeNull();
    await db.update(users).set({ confirmedAt: new Date() }).where(eq(users.id, unconfirmed.id));
    expect(await staffRoleOf(unconfirmed.id)).toEqual({ role: 'moderator', enrolled: false });
    expect(await staffRoleOf(unconfirmed.id)).toEqual({ role: 'moderator', enrolled: false });
  });
});

describe('the audit log', () => {
  it('records each change with who, before and after, and refuses to be edited or emptied', async () => {
    const user = await testRun.makeUser('logged');
    await addStaffMember(CLI_ACTOR, user.email, 'sales');
    await addStaffMember(CLI_ACTOR, user.email, 'analyst');
    const db = await getDb();
    const entries = await db.select().from(staffAuditLog).where(eq(staffAuditLog.entityId, user.email)).orderBy(staffAuditLog.id);
    expect(entries.map((entry) => [entry.action, entry.actorEmail, entry.before, entry.after])).toEqual([
      ['staff.add', 'cli', null, { role: 'sales' }],
      ['staff.role-change', 'cli', { role: 'sales' }, { role: 'analyst' }],
    ]);
    await expect(db.execute(sql`update staff_audit_log set actor_email = 'someone' where id = ${entries[0].id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from staff_audit_log where id = ${entries[0].id}`)).rejects.toThrow();
  });
});

describe('npm run staff', () => {
  const output = () => {
    const lines: string[] = [];
    return { lines, out: { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) } };
  };

  it('adds, lists and removes; refuses a bad role or an unknown address with a clear message and changes nothing', async () => {
    const user = await testRun.makeUser('cli');
    const bad = output();
    expect(await runStaffCli(['add', user.email, '--role', 'boss'], bad.out)).toBe(2);
    expect(bad.lines[0]).toContain('--role must be one of admin, analyst, moderator, sales');
    const unknown = output();
    expect(await runStaffCli(['add', testRun.nextEmail('ghost'), '--role', 'admin'], unknown.out)).toBe(1);
    expect(unknown.lines[0]).toContain('Sign up on the site first');

    expect(await runStaffCli(['add', user.email, '--role', 'admin'], output().out)).toBe(0);
    const listed = output();
    expect(await runStaffCli(['list'], listed.out)).toBe(0);
    expect(listed.lines.some((line) => line.startsWith(`${user.email}\tadmin\tsecond factor not set up yet`))).toBe(true);
    expect(await runStaffCli(['remove', user.email], output().out)).toBe(0);
    expect((await listStaffMembers()).some((member) => member.email === user.email)).toBe(false);
  });

  /** `npm run staff -- <args>` as an operator runs it, in a process of its own. */
  const npmRunStaff = (args: string[], env: Record<string, string>) =>
    spawnSync('npm', ['run', '--silent', 'staff', '--', ...args], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '', ...env }, encoding: 'utf8', timeout: 150_000 });

  it.runIf(!process.env.DATABASE_URL)('on the embedded database, refuses clearly while the server holds it, and changes nothing', async () => {
    // This test process stands in for the running server: it holds DATA_DIR's lock.
    const user = await testRun.makeUser('cli-locked');
    const result = npmRunStaff(['add', user.email, '--role', 'admin'], { DATA_DIR: process.env.DATA_DIR!, DATABASE_URL: '' });
    expect(result.stderr).toContain(`is in use by process ${process.pid}`);
    expect(result.stderr).toContain('Stop the server (it holds the embedded database) and run this again, or use PostgreSQL.');
    expect(result.status).toBe(3);
    expect(await staffRoleOf(user.id)).toBeNull();
  }, 160_000);

  it('on the embedded database, works while the server is stopped (and leaves the folder unlocked)', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
    try {
      const listed = npmRunStaff(['list'], { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'off' });
      expect(listed.stdout, listed.stderr).toContain('No staff yet. Add the first admin with: npm run staff -- add <email> --role admin');
      expect(listed.status).toBe(0);
      const unknown = npmRunStaff(['add', 'nobody@example.com', '--role', 'admin'], { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'off' });
      expect(unknown.stderr).toContain('Sign up on the site first');
      expect(unknown.status).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Two fresh embedded databases opened and migrated: tens of seconds on a busy machine.
  }, 320_000);

  it.runIf(Boolean(process.env.DATABASE_URL))('on PostgreSQL, works while the server is running', async () => {
    const user = await testRun.makeUser('cli-running');
    const result = npmRunStaff(['add', user.email, '--role', 'sales'], {});
    expect(result.stdout, result.stderr).toContain(`${user.email} is now sales`);
    expect(result.status).toBe(0);
    expect(await staffRoleOf(user.id)).toEqual({ role: 'sales', enrolled: false });
  }, 160_000);
});
