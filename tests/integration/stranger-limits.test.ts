import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { AuthException } from '@/server/auth/errors';
import { KeyedGate } from '@/server/auth/keyed-gate';
import { authenticate, confirmSignUp, forgotPassword, resendConfirmation, resetPassword, signUp } from '@/server/auth/pool';
import { getDb } from '@/server/db/client';
import { verificationCodes } from '@/server/db/schema';
import { getRateLimits, LIMITS, SITE_KEY } from '@/server/rate-limit';
import { addressForLimits, clientIp } from '@/server/request-ip';
import { changePassword } from '@/server/users';

import { createTestRun } from '../fixtures/test-run';
import { latestMailedCode, mailsTo } from '../support/mailed-codes';

/**
 * Issue #42: a stranger may slow a user down, but never use up the budgets the user asks from, fill the whole-site
 * budgets with requests that send nothing, or mail a user more than a few times an hour.
 */
const testRun = createTestRun();
const { emailFor, ipFor } = testRun;
afterAll(() => testRun.cleanUp());

const PASSWORD = 'correct-horse-1';

async function confirmedAccount(label: string): Promise<{ email: string; id: string }> {
  const email = emailFor(label);
  await signUp({ email, password: PASSWORD, ip: ipFor(label) });
  await confirmSignUp({ email, code: await latestMailedCode(email, 'verification'), ip: ipFor(label) });
  const user = await authenticate({ email, password: PASSWORD, ip: ipFor(label) });
  return { email, id: user.id };
}

describe('whole-site mail budgets count mail really written', () => {
  it('forgot-password for unknown emails, from many addresses, spends nothing of the site budget; a real one spends one', async () => {
    const limits = getRateLimits();
    const before = await limits.used('forgot-global', SITE_KEY);
    for (let i = 0; i < 12; i++) await forgotPassword({ email: emailFor(`ghost-${i}`), ip: ipFor(`ghost-address-${i % 10}`) });
    expect(await limits.used('forgot-global', SITE_KEY)).toBe(before);
    const { email } = await confirmedAccount('site-budget-owner');
    await forgotPassword({ email, ip: ipFor('site-budget-owner') });
    expect(await limits.used('forgot-global', SITE_KEY)).toBe(before + 1);
  });

  it('once the site budget is spent, a known and an unknown email are refused alike', async () => {
    const limits = getRateLimits();
    const { email } = await confirmedAccount('site-budget-spent');
    while (!(await limits.isExhausted('forgot-global', SITE_KEY))) await limits.record('forgot-global', SITE_KEY);
    for (const asked of [email, emailFor('site-budget-ghost')]) {
      const error = await forgotPassword({ email: asked, ip: ipFor('site-budget-spent') }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AuthException);
      expect((error as AuthException).exception).toBe('LimitExceededException');
    }
    await limits.reset('forgot-global', SITE_KEY);
  });
});

describe('a stranger cannot use up a user\'s own budgets', () => {
  it('five forgot-password requests for the victim from elsewhere leave the victim\'s own request and reset working', async () => {
    const { email } = await confirmedAccount('victim-forgot');
    for (let i = 0; i < LIMITS['forgot-email-ip'].points; i++) await forgotPassword({ email, ip: ipFor('stranger-forgot') }).catch(() => undefined);
    await expect(forgotPassword({ email, ip: ipFor('stranger-forgot') })).rejects.toMatchObject({ exception: 'LimitExceededException' });
    await expect(forgotPassword({ email, ip: ipFor('victim-forgot-home') })).resolves.toBeUndefined();
    const code = await latestMailedCode(email, 'reset');
    await resetPassword({ email, code, newPassword: 'victim-new-pass-2', ip: ipFor('victim-forgot-home') });
    await expect(authenticate({ email, password: 'victim-new-pass-2', ip: ipFor('victim-forgot-home') })).resolves.toMatchObject({ email });
  });

  it('a stranger mails an unconfirmed user at most a few codes an hour through resend, and the user\'s own resend is never refused for it', async () => {
    const email = emailFor('victim-resend');
    await signUp({ email, password: PASSWORD, ip: ipFor('victim-resend') });
    const db = await getDb();
    for (let i = 0; i < 10; i++) {
      // As if the resend cooldown had passed between the stranger's requests.
      await db.update(verificationCodes).set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => 120)` }).where(eq(verificationCodes.purpose, 'confirm-signup'));
      await resendConfirmation({ email, ip: ipFor(`stranger-resend-${i}`) });
    }
    // The sign-up's own mail plus at most resend-mail-email more.
    expect((await mailsTo(email)).length).toBe(1 + LIMITS['resend-mail-email'].points);
    await db.update(verificationCodes).set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => 120)` }).where(eq(verificationCodes.purpose, 'confirm-signup'));
    await expect(resendConfirmation({ email, ip: ipFor('victim-resend') })).resolves.toBeUndefined();
    // The last code mailed still confirms the account.
    await confirmSignUp({ email, code: await latestMailedCode(email, 'verification'), ip: ipFor('victim-resend') });
  });

  it('wrong codes for the victim from a stranger\'s address do not block the victim\'s verify from their own', async () => {
    const email = emailFor('victim-verify');
    await signUp({ email, password: PASSWORD, ip: ipFor('victim-verify') });
    for (let i = 0; i < LIMITS['verify-email-ip'].points; i++) {
      await confirmSignUp({ email, code: '000000', ip: ipFor('stranger-verify') }).catch(() => undefined);
    }
    await expect(confirmSignUp({ email, code: '000000', ip: ipFor('stranger-verify') })).rejects.toMatchObject({ exception: 'LimitExceededException' });
    await expect(confirmSignUp({ email, code: '000001', ip: ipFor('victim-verify') })).rejects.not.toMatchObject({ exception: 'LimitExceededException' });
  });

  it('ten wrong logins by a stranger do not block the owner\'s password change in Settings', async () => {
    const { email, id } = await confirmedAccount('victim-change');
    for (let i = 0; i < LIMITS['login-failure-email'].points + 2; i++) {
      await authenticate({ email, password: 'guess-pass-9', ip: ipFor(`stranger-login-${i}`) }).catch(() => undefined);
    }
    await expect(changePassword(id, { currentPassword: PASSWORD, newPassword: 'owner-new-pass-3' }, null)).resolves.toBeUndefined();
  });

  it('limits wrong current passwords in Settings per member', async () => {
    const { id } = await confirmedAccount('settings-guesser');
    for (let i = 0; i < LIMITS['password-change-user'].points; i++) {
      await expect(changePassword(id, { currentPassword: `wrong-pass-${i}`, newPassword: 'owner-new-pass-3' }, null)).rejects.toMatchObject({ status: 400 });
    }
    await expect(changePassword(id, { currentPassword: PASSWORD, newPassword: 'owner-new-pass-3' }, null)).rejects.toMatchObject({ status: 429 });
  });
});

describe('login tries for one email', () => {
  it('run at most two at a time per process, a few wait, and the rest are refused at once', async () => {
    const gate = new KeyedGate({ running: 2, waiting: 3 });
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        release.push(() => {
          running--;
          resolve();
        });
      });
    const tries = Array.from({ length: 7 }, () => gate.run('ada@example.com', task).then(() => 'done', (error: unknown) => error));
    await vi.waitFor(() => expect(release).toHaveLength(2));
    expect(gate.pending('ada@example.com')).toBe(5);
    // Another email is not held up by this one's queue.
    await expect(gate.run('grace@example.com', async () => 'grace')).resolves.toBe('grace');
    while (release.length) {
      release.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const outcomes = await Promise.all(tries);
    expect(most).toBe(2);
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome instanceof AuthException && outcome.exception === 'LimitExceededException')).toHaveLength(2);
    expect(gate.pending('ada@example.com')).toBe(0);
  });

  it('the pool never checks more than two passwords for one email at once, however many addresses try', async () => {
    const { email } = await confirmedAccount('parallel-login');
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => authenticate({ email, password: 'guess-pass-9', ip: ipFor(`parallel-${i}`) })));
    const refusals = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as AuthException).exception : 'accepted'));
    expect(refusals).not.toContain('accepted');
    expect(refusals.filter((name) => name === 'LimitExceededException').length).toBeGreaterThanOrEqual(20 - 2 - 8);
  });
});

describe('addresses for per-address limits', () => {
  it('counts an IPv6 address by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressForLimits('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressForLimits('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressForLimits('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressForLimits('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressForLimits('203.0.113.7')).toBe('203.0.113.7');
    expect(clientIp(new Headers({ 'x-forwarded-for': '2001:DB8:1:2::99' }))).toBe('2001:db8:1:2::/64');
  });

  it('one host\'s /64 shares one budget: new addresses in it buy nothing', async () => {
    const limits = getRateLimits();
    const prefix = `2001:db8:${testRun.id.slice(0, 4).replace(/[^0-9a-f]/gi, '0') || '0'}:42`;
    for (let i = 0; i < LIMITS['quote-ip'].points; i++) await limits.consume('quote-ip', addressForLimits(`${prefix}::${(i + 1).toString(16)}`));
    await expect(limits.consume('quote-ip', addressForLimits(`${prefix}:ffff::1`))).rejects.toMatchObject({ exception: 'LimitExceededException' });
    await expect(limits.consume('quote-ip', addressForLimits('2001:db8:ffff:43::1'))).resolves.toBeUndefined();
  });
});
