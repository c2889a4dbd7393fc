import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import MailboxPage from '@/app/(site)/dev/mailbox/page';
import { POST as forgotPOST } from '@/app/api/auth/forgot-password/route';
import { POST as signupPOST } from '@/app/api/auth/signup/route';
import { forgotPassword, resendConfirmation, signUp } from '@/server/auth/pool';
import { ConfigError, parseConfig } from '@/server/config';
import { getDb } from '@/server/db/client';
import { users, verificationCodes } from '@/server/db/schema';
import { getLogger } from '@/server/logger';
import { enqueueMail } from '@/server/mail';
import { deliverDueMail, MAIL_GIVE_UP_AFTER_MS, startMailWorker, stopMailWorker } from '@/server/mail/worker';
import { requesterOf } from '@/server/request-ip';

import { inRequestScope } from '../fixtures/route-scope';
import { createTestRun } from '../fixtures/test-run';
import { mailsTo } from '../support/mailed-codes';
import { startSmtpSink } from '../support/smtp-sink';

/*
 * The real pool, outbox, worker and database; a real SMTP server (smtp-server) that can be told to refuse mail,
 * and a TCP server that never answers. Only the SMTP and DEV_MAILBOX settings are switched per test.
 */
vi.mock('next/headers', async () => (await import('../fixtures/route-scope')).nextHeaders);
const mailSettings = vi.hoisted(() => ({ smtpUrl: null as string | null, devMailbox: false }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), mailFrom: 'Sentinel Shield <no-reply@example.com>', ...mailSettings }) };
});

const testRun = createTestRun();
const { nextEmail, nextIp } = testRun;
const PASSWORD = 'correct-horse-1';

/** A server that takes the connection and never says a word (a stalled mail relay). */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sink = await startSmtpSink();

beforeEach(() => {
  mailSettings.smtpUrl = sink.url;
  mailSettings.devMailbox = false;
  sink.control.refuse = false;
  sink.control.delayMs = 0;
});

afterEach(async () => {
  await stopMailWorker();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await sink.close();
  await testRun.cleanUp();
});

async function userByEmail(email: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user ?? null;
}

async function codeCount(userId: string) {
  const db = await getDb();
  return (await db.select({ n: sql<number>`count(*)::int` }).from(verificationCodes).where(eq(verificationCodes.userId, userId)))[0].n;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? null;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Makes the database refuse any mail to addresses starting with `refused-`, as a failing write would. */
async function refuseMailWrites(on: boolean) {
  const db = await getDb();
  if (!on) {
    await db.execute(sql`drop trigger if exists refuse_mail on mail_outbox`);
    return;
  }
  await db.execute(sql.raw(`create or replace function refuse_mail() returns trigger language plpgsql as $$
    begin
      if new."to" like 'refused-%' then raise exception 'mail refused by the test'; end if;
      return new;
    end $$`));
  await db.execute(sql`drop trigger if exists refuse_mail on mail_outbox`);
  await db.execute(sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`);
}

describe('a code and its mail are written together', () => {
  afterEach(() => refuseMailWrites(false));

  it('a sign-up whose mail cannot be written leaves neither the account, nor a code, nor a mail', async () => {
    await refuseMailWrites(true);
    const email = nextEmail('refused-signup');
    await expect(signUp({ email, password: PASSWORD, ip: nextIp() })).rejects.toThrow();
    expect(await userByEmail(email)).toBeNull();
    expect(await mailsTo(email)).toHaveLength(0);
    // Once mail can be written again, the same sign-up succeeds with one code and one mail.
    await refuseMailWrites(false);
    await signUp({ email, password: PASSWORD, ip: nextIp() });
    const user = await userByEmail(email);
    expect(await codeCount(user!.id)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a resend whose mail cannot be written issues no new code', async () => {
    const email = nextEmail('refused-resend');
    await signUp({ email, password: PASSWORD, ip: nextIp() });
    const user = (await userByEmail(email))!;
    const db = await getDb();
    await db.update(verificationCodes).set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` }).where(eq(verificationCodes.userId, user.id));
    await refuseMailWrites(true);
    await expect(resendConfirmation({ email, ip: nextIp() })).rejects.toThrow();
    expect(await codeCount(user.id)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('the outbox worker', () => {
  it('retries a mail the SMTP server refused, and delivers it once, with the outbox id as Message-ID, when SMTP works again', async () => {
    sink.control.refuse = true;
    const email = nextEmail('retry');
    await signUp({ email, password: PASSWORD, ip: nextIp() });
    await deliverDueMail();
    let [row] = await mailsTo(email);
    expect(row.sentAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/busy/i);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(row.lockedUntil).toBeNull();

    // Not due yet: a pass right away leaves it alone.
    await deliverDueMail();
    expect((await mailsTo(email))[0].attempts).toBe(1);

    sink.control.refuse = false;
    const later = new Date(Date.now() + 15 * 60_000);
    await deliverDueMail({ clock: () => later });
    [row] = await mailsTo(email);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(2);
    const delivered = sink.to(email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0].messageId).toBe(`<${row.id}@example.com>`);
    expect(codeIn(delivered[0].text ?? '')).toBe(codeIn(row.text));

    // Sent means sent: later passes never send it again.
    await deliverDueMail({ clock: () => new Date(later.getTime() + 60 * 60_000) });
    expect(sink.to(email)).toHaveLength(1);
  });

  it('gives up only after 24 hours of failures: failed_at and last_error set, the row kept, an error logged', async () => {
    sink.control.refuse = true;
    const email = nextEmail('give-up');
    const id = await enqueueMail(await getDb(), { to: email, subject: 'Test', text: 'Hello', html: '<p>Hello</p>' });
    const errors = vi.spyOn(getLogger(), 'error');

    await deliverDueMail({ clock: () => new Date(Date.now() + 23 * 60 * 60_000) });
    let [row] = await mailsTo(email);
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(1);

    await deliverDueMail({ clock: () => new Date(Date.now() + MAIL_GIVE_UP_AFTER_MS + 60_000) });
    [row] = await mailsTo(email);
    expect(row.id).toBe(id);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toMatch(/busy/i);
    expect(errors.mock.calls.some((call) => JSON.stringify(call).includes(id))).toBe(true);

    // Given up is final, and still not deleted.
    sink.control.refuse = false;
    await deliverDueMail({ clock: () => new Date(Date.now() + 2 * MAIL_GIVE_UP_AFTER_MS) });
    expect(sink.to(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('delivers a sign-up at once from the worker in the server process, without waiting for its next poll', async () => {
    startMailWorker();
    const email = nextEmail('prompt');
    await signUp({ email, password: PASSWORD, ip: nextIp() });
    await expect.poll(() => sink.to(email).length, { timeout: 2_500, interval: 50 }).toBe(1);
  });

  it('never delivers the same row twice when several workers claim at once', async () => {
    sink.control.delayMs = 20;
    const emails = Array.from({ length: 12 }, () => nextEmail('parallel'));
    const db = await getDb();
    for (const email of emails) await enqueueMail(db, { to: email, subject: 'Parallel', text: `Hello ${email}`, html: '<p>Hello</p>' });

    const reports = await Promise.all([deliverDueMail(), deliverDueMail(), deliverDueMail()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(emails.length);
    for (const email of emails) {
      expect(sink.to(email)).toHaveLength(1);
      expect((await mailsTo(email))[0].sentAt).toBeInstanceOf(Date);
    }
    const ids = emails.flatMap((email) => sink.to(email)).map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(emails.length);
  });
});

describe('no request waits for SMTP', () => {
  it('a sign-up answers at once while the SMTP server never answers, and the stalled send ends within seconds', async () => {
    const silent = await startSilentServer();
    try {
      mailSettings.smtpUrl = silent.url;
      startMailWorker();
      const email = nextEmail('silent');
      const startedAt = performance.now();
      const response = await signupPOST(
        new Request('http://localhost/api/auth/signup', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          body: JSON.stringify({ email, password: PASSWORD }),
        }),
      );
      const elapsed = performance.now() - startedAt;
      expect(response.status).toBe(200);
      // nodemailer's own greeting timeout alone is 30 s; the request must not come near it.
      expect(elapsed).toBeLessThan(4_000);
      // The worker did try at once, and gave up on the silent server after its greeting timeout, for a retry.
      await expect.poll(() => silent.connections(), { timeout: 3_000 }).toBeGreaterThan(0);
      await expect.poll(async () => (await mailsTo(email))[0]?.lastError ?? null, { timeout: 20_000, interval: 250 }).toMatch(/greeting|timeout/i);
      const [row] = await mailsTo(email);
      expect(row.sentAt).toBeNull();
      expect(row.failedAt).toBeNull();
    } finally {
      await stopMailWorker();
      await silent.close();
    }
  });

  it('forgot-password answers the same, in the same time, for known and unknown emails', async () => {
    // A slow SMTP server: any request that waited for it would stand out.
    sink.control.delayMs = 400;
    const forgot = async (email: string) => {
      const startedAt = performance.now();
      const response = await forgotPOST(
        new Request('http://localhost/api/auth/forgot-password', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          body: JSON.stringify({ email }),
        }),
      );
      return { ms: performance.now() - startedAt, status: response.status, body: await response.json() };
    };
    const known: Awaited<ReturnType<typeof forgot>>[] = [];
    const unknown: Awaited<ReturnType<typeof forgot>>[] = [];
    for (let round = 0; round < 7; round++) {
      // A fresh account each round, so every known request really issues a code and queues a mail.
      const user = await testRun.makeUser('forgot-known');
      known.push(await forgot(user.email));
      unknown.push(await forgot(nextEmail('forgot-unknown')));
      expect(await mailsTo(user.email)).toHaveLength(1);
    }
    for (const reply of [...known, ...unknown]) expect({ status: reply.status, body: reply.body }).toEqual({ status: 200, body: { msg: 'SUCCESS' } });
    const difference = Math.abs(median(known.map((reply) => reply.ms)) - median(unknown.map((reply) => reply.ms)));
    expect(difference).toBeLessThan(100);
  });

  it('forgot-password within the cooldown answers like any other email, in the same time', async () => {
    const user = await testRun.makeUser('forgot-cooldown');
    await forgotPassword({ email: user.email, ip: nextIp() });
    const startedAt = performance.now();
    await forgotPassword({ email: user.email, ip: nextIp() });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(200);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('the development mailbox', () => {
  const logged = () => {
    const logger = getLogger();
    return (['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const).map((level) => vi.spyOn(logger, level));
  };

  it('without DEV_MAILBOX: /dev/mailbox is not found, and the log says a mail was queued and to whom, never its code', async () => {
    mailSettings.smtpUrl = null;
    const spies = logged();
    const email = nextEmail('no-mailbox');
    await signUp({ email, password: PASSWORD, ip: nextIp() });
    await deliverDueMail();
    const [row] = await mailsTo(email);
    const code = codeIn(row.text)!;
    expect(row.sentAt).toBeInstanceOf(Date);
    const lines = spies.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call)));
    expect(lines.some((line) => line.includes(email) && /queued/.test(line))).toBe(true);
    expect(lines.filter((line) => line.includes(code))).toEqual([]);

    const error = await MailboxPage().then(
      () => null,
      (thrown: unknown) => thrown as { digest?: string },
    );
    expect(error?.digest).toMatch(/404/);
  });

  it('with DEV_MAILBOX on: the page opens to this machine only, warns, and shows (as the log does) only the codes asked for from here (#42)', async () => {
    mailSettings.smtpUrl = null;
    mailSettings.devMailbox = true;
    const spies = logged();
    const email = nextEmail('mailbox');
    const stranger = nextEmail('mailbox-stranger');
    await signUp({ email, password: PASSWORD, ...requesterOf(new Headers({ 'x-forwarded-for': '127.0.0.1' })) });
    await signUp({ email: stranger, password: PASSWORD, ...requesterOf(new Headers({ 'x-forwarded-for': '198.51.100.7' })) });
    await deliverDueMail();
    const code = codeIn((await mailsTo(email))[0].text)!;
    const strangersCode = codeIn((await mailsTo(stranger))[0].text)!;
    const lines = spies.flatMap((spy) => spy.mock.calls.map((call) => JSON.stringify(call)));
    expect(lines.some((line) => line.includes(code))).toBe(true);
    expect(lines.some((line) => line.includes(strangersCode))).toBe(false);

    const html = renderToStaticMarkup(await inRequestScope(new Headers({ 'x-forwarded-for': '::1' }), () => MailboxPage()));
    expect(html).toContain('role="alert"');
    expect(html).toMatch(/DEV_MAILBOX is on/);
    expect(html).toMatch(/This page opens only from this machine/);
    expect(html).toContain(email);
    expect(html).toContain(code);
    expect(html).toContain(stranger);
    expect(html).not.toContain(strangersCode);

    const throughProxies: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.5, 127.0.0.1' }, { 'x-forwarded-for': '203.0.113.5' }, { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=203.0.113.5' }];
    for (const forwarded of throughProxies) {
      const error = await inRequestScope(new Headers(forwarded), () => MailboxPage()).then(
        () => null,
        (thrown: unknown) => thrown as { digest?: string },
      );
      expect(error?.digest).toMatch(/404/);
    }
  });
});

describe('the configuration', () => {
  const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db.internal:5432/app', AUTH_SECRET: 'x'.repeat(40) };

  it('refuses a production start with DATABASE_URL and no SMTP_URL, naming SMTP_URL', () => {
    expect(() => parseConfig(production)).toThrow(ConfigError);
    expect(() => parseConfig(production)).toThrow(/SMTP_URL/);
    expect(parseConfig({ ...production, SMTP_URL: 'smtp://mail.internal:25' }).smtpUrl).toBe('smtp://mail.internal:25');
  });

  it('refuses DEV_MAILBOX in production with DATABASE_URL, and reads DEV_MAILBOX strictly', () => {
    expect(() => parseConfig({ ...production, SMTP_URL: 'smtp://mail.internal:25', DEV_MAILBOX: '1' })).toThrow(/DEV_MAILBOX/);
    expect(parseConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(parseConfig({ DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(parseConfig({ DEV_MAILBOX: '0' }).devMailbox).toBe(false);
    expect(parseConfig({ DEV_MAILBOX: '' }).devMailbox).toBe(false);
    expect(parseConfig({}).devMailbox).toBe(false);
    expect(() => parseConfig({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX/);
  });
});
