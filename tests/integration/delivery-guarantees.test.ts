import net from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { getDb } from '@/server/db/client';
import { mailOutbox, projects, securityAlerts } from '@/server/db/schema';
import { deliverDueMail } from '@/server/mail/worker';
import { notifyWatchersOfAlert } from '@/server/notifications';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { publishAlert } from '@/server/staff/alerts';
import { createWatchlist } from '@/server/watchlists';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { startSmtpSink } from '../support/smtp-sink';

/*
 * Delivery is at-least-once through the outbox (#16): the real publication, fan-out, outbox and worker, and a real
 * SMTP server (smtp-server) that can refuse mail or be down. Only SMTP_URL is switched per test.
 */
vi.mock('next/cache', () => ({ unstable_cache: <T,>(load: T) => load, revalidateTag: () => {}, revalidatePath: () => {} }));
const mailSettings = vi.hoisted(() => ({ smtpUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), mailFrom: 'Sentinel Shield <alerts@example.com>', siteUrl: 'https://shield.example', ...mailSettings }) };
});

const testRun = createTestRun();

/** A pass's clock, `plusMs` from now (retries and leases end by the clock the worker is given). */
const clockAt = (plusMs = 0) => {
  const at = new Date(Date.now() + plusMs);
  return () => at;
};

/** A port where nothing listens: an SMTP server that is down. */
async function closedPortUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

const sink = await startSmtpSink();
let project: string;
beforeAll(async () => {
  project = `delivery-${testRun.id}`;
  await (await getDb()).insert(projects).values({ id: project, name: `Delivery ${testRun.id}` });
});
beforeEach(() => {
  mailSettings.smtpUrl = sink.url;
  sink.control.refuse = false;
  sink.control.delayMs = 0;
});
afterEach(() => refuseMarkingSent(false));
afterAll(async () => {
  await sink.close();
  await testRun.cleanUp();
});

/** `count` watchers of the project, each with alert mails on (the default). */
async function watchers(label: string, count: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let index = 0; index < count; index++) {
    const user = await testRun.makeUser(`${label}-${index}`);
    await createWatchlist(user.id, { name: 'Delivery', projects: [project] });
    users.push(user);
  }
  return users;
}

/** Publishes an alert on the project as the console does; its mails are queued in the publishing transaction. */
async function publish(title: string): Promise<string> {
  const db = await getDb();
  const [alert] = await db
    .insert(securityAlerts)
    .values({ projectId: project, type: 'exploit', title: `${title} ${testRun.id}`, occurredAt: new Date(), confidence: 'high', status: 'draft' })
    .returning({ id: securityAlerts.id });
  await publishAlert(CLI_ACTOR, alert.id);
  return alert.id;
}

const outboxOf = async (emails: string[]) => (await getDb()).select().from(mailOutbox).where(inArray(mailOutbox.to, emails));

/** Makes the database refuse to mark mails to `crash-` addresses sent, as a worker dying right after the send would. */
async function refuseMarkingSent(on: boolean) {
  const db = await getDb();
  await db.execute(sql`drop trigger if exists refuse_sent on mail_outbox`);
  if (!on) return;
  await db.execute(sql.raw(`create or replace function refuse_sent() returns trigger language plpgsql as $$
    begin
      if new."to" like 'crash-%' and new.sent_at is not null then raise exception 'the worker died after sending'; end if;
      return new;
    end $$`));
  await db.execute(sql`create trigger refuse_sent before update on mail_outbox for each row execute function refuse_sent()`);
}

describe('at-least-once delivery through the outbox', () => {
  it('a crash after queueing loses nothing: the mails wait in the outbox and the next start sends each once', async () => {
    const users = await watchers('queued', 4);
    const emails = users.map((user) => user.email);
    // Published while no worker runs (it crashed, or the instance is restarting): the mails are rows, not memory.
    await publish('Queued before a crash');
    const rows = await outboxOf(emails);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.sentAt === null)).toBe(true);

    // A worker died holding two of them (claimed, leased, never sent): the restart sends the others at once.
    const held = rows.slice(0, 2).map((row) => row.id);
    const db = await getDb();
    await db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(Date.now() + 2 * 60_000), attempts: 1 })
      .where(inArray(mailOutbox.id, held));
    await deliverDueMail({ clock: clockAt(), limit: 1000 });
    for (const row of rows) expect(sink.to(row.to)).toHaveLength(held.includes(row.id) ? 0 : 1);

    // Once the dead worker's lease ends, its rows go out too, once each.
    await deliverDueMail({ clock: clockAt(3 * 60_000), limit: 1000 });
    await deliverDueMail({ clock: clockAt(60 * 60_000), limit: 1000 });
    for (const row of rows) {
      expect(sink.to(row.to)).toHaveLength(1);
      expect(sink.to(row.to)[0].messageId).toBe(`<${row.id}@example.com>`);
    }
    expect((await outboxOf(emails)).every((row) => row.sentAt instanceof Date)).toBe(true);
  });

  it('a crash after the send but before it is recorded resends the mail with the same Message-ID, so the receiver can drop it', async () => {
    const user = await testRun.makeUser('crash');
    await createWatchlist(user.id, { name: 'Delivery', projects: [project] });
    await publish('Sent then crashed');
    await refuseMarkingSent(true);
    await expect(deliverDueMail({ clock: clockAt(), limit: 1000 })).rejects.toThrow(/mail_outbox/);
    expect(sink.to(user.email)).toHaveLength(1);
    const [row] = await outboxOf([user.email]);
    expect(row.sentAt).toBeNull();

    await refuseMarkingSent(false);
    // Leased by the "dead" pass: nobody resends before the lease ends.
    await deliverDueMail({ clock: clockAt(60_000), limit: 1000 });
    expect(sink.to(user.email)).toHaveLength(1);
    await deliverDueMail({ clock: clockAt(3 * 60_000), limit: 1000 });
    const copies = sink.to(user.email);
    expect(copies).toHaveLength(2);
    expect(copies[1].messageId).toBe(copies[0].messageId);
    expect(copies[0].messageId).toBe(`<${row.id}@example.com>`);
    expect((await outboxOf([user.email]))[0].sentAt).toBeInstanceOf(Date);
  });

  it('a failing SMTP server loses nothing: refused or down, the mails are retried and go out once when it recovers', async () => {
    const users = await watchers('smtp-fails', 6);
    const emails = users.map((user) => user.email);
    await publish('Through a failing relay');

    sink.control.refuse = true;
    const refused = await deliverDueMail({ clock: clockAt(), limit: 1000 });
    expect(refused.sent).toBe(0);
    let rows = await outboxOf(emails);
    expect(rows.every((row) => row.sentAt === null && row.failedAt === null && row.attempts === 1 && /busy/i.test(row.lastError ?? ''))).toBe(true);

    // Then the relay is down altogether.
    mailSettings.smtpUrl = await closedPortUrl();
    await deliverDueMail({ clock: clockAt(10 * 60_000), limit: 1000 });
    rows = await outboxOf(emails);
    expect(rows.every((row) => row.sentAt === null && row.failedAt === null && row.attempts === 2)).toBe(true);
    expect(rows.every((row) => /ECONNREFUSED|connect/i.test(row.lastError ?? ''))).toBe(true);
    for (const email of emails) expect(sink.to(email)).toEqual([]);

    // It recovers: every mail goes out, once, and later passes send nothing more.
    mailSettings.smtpUrl = sink.url;
    sink.control.refuse = false;
    await deliverDueMail({ clock: clockAt(30 * 60_000), limit: 1000 });
    await deliverDueMail({ clock: clockAt(3 * 60 * 60_000), limit: 1000 });
    for (const email of emails) expect(sink.to(email)).toHaveLength(1);
    expect((await outboxOf(emails)).every((row) => row.sentAt instanceof Date && row.attempts === 3)).toBe(true);
  });

  it('running the fan-out again for the same alert queues no mail twice', async () => {
    const users = await watchers('rerun', 3);
    const emails = users.map((user) => user.email);
    const alertId = await publish('Fanned out twice');
    const db = await getDb();
    expect(await db.transaction((tx) => notifyWatchersOfAlert(tx, alertId))).toMatchObject({ mailed: 0 });
    expect(await db.transaction((tx) => notifyWatchersOfAlert(tx, alertId))).toMatchObject({ mailed: 0 });
    const rows = await outboxOf(emails);
    expect(rows.map((row) => row.to).sort()).toEqual([...emails].sort());
  });

  it('several workers at once send each mail exactly once, each with its own Message-ID', async () => {
    const users = await watchers('parallel', 40);
    const emails = users.map((user) => user.email);
    await publish('Shared by workers');
    // A slow relay keeps each worker's batch in flight while the others claim.
    sink.control.delayMs = 15;
    const reports = await Promise.all([1, 2, 3].map(() => deliverDueMail({ clock: clockAt(), limit: 1000 })));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBeGreaterThanOrEqual(emails.length);
    const delivered = emails.flatMap((email) => sink.to(email));
    expect(delivered).toHaveLength(emails.length);
    expect(new Set(delivered.map((mail) => mail.messageId)).size).toBe(emails.length);
    const rows = await (await getDb()).select().from(mailOutbox).where(and(inArray(mailOutbox.to, emails), eq(mailOutbox.attempts, 1)));
    expect(rows).toHaveLength(emails.length);
  });

  it('one pass sends many mails over a few SMTP connections, not one connection per mail', async () => {
    const users = await watchers('pooled', 60);
    const emails = users.map((user) => user.email);
    await publish('Over pooled connections');
    const before = sink.connections();
    const report = await deliverDueMail({ clock: clockAt(), limit: 1000 });
    expect(report.sent).toBeGreaterThanOrEqual(emails.length);
    for (const email of emails) expect(sink.to(email)).toHaveLength(1);
    expect(sink.connections() - before).toBeLessThanOrEqual(10);
  });
});
