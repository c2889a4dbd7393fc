import { eq, inArray, sql } from 'drizzle-orm';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { POST as oneClickPOST } from '@/app/(site)/unsubscribe/one-click/route';
import UnsubscribePage from '@/app/(site)/unsubscribe/page';
import { updateAlertEmailAction } from '@/actions/settings/update-alert-email';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';
import { unsubscribeToken } from '@/server/alert-mail';
import { getDb } from '@/server/db/client';
import { mailOutbox, projects, securityAlerts, users } from '@/server/db/schema';
import { DIGEST_MAX_ITEMS, DIGEST_PERIOD_MS, sendDueDigests } from '@/server/digest';
import { deliverDueMail } from '@/server/mail/worker';
import { countUnreadNotifications } from '@/server/notifications';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { publishAlert } from '@/server/staff/alerts';
import { createWatchlist } from '@/server/watchlists';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { startSmtpSink } from '../support/smtp-sink';
import { signInAs } from '../support/session-stand-ins';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', () => ({ unstable_cache: <T,>(load: T) => load, revalidateTag: () => {}, revalidatePath: () => {} }));

/* Real SMTP delivery to a local sink; the rest of the configuration as it is. */
const mailSettings = vi.hoisted(() => ({ smtpUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), mailFrom: 'Sentinel Shield <no-reply@example.com>', siteUrl: 'https://shield.example', ...mailSettings }) };
});

const testRun = createTestRun();
const DAY_LATER = () => new Date(Date.now() + DIGEST_PERIOD_MS + 60 * 60_000);

const sink = await startSmtpSink();
afterAll(async () => {
  await sink.close();
  await testRun.cleanUp();
});
beforeEach(() => {
  signInAs(null);
  mailSettings.smtpUrl = sink.url;
});

let project: string;
let projectName: string;
let otherProject: string;

async function makeProject(label: string): Promise<string> {
  const id = `digest-${label}-${testRun.id}`;
  await (await getDb()).insert(projects).values({ id, name: `Digest ${label} ${testRun.id}` });
  return id;
}

/** Publishes a new alert on the project through the console's own path (fan-out and immediate mails included). */
async function publish(projectId: string, title: string): Promise<string> {
  const db = await getDb();
  const [alert] = await db
    .insert(securityAlerts)
    .values({ projectId, type: 'exploit', title, occurredAt: new Date(), confidence: 'high', status: 'draft' })
    .returning({ id: securityAlerts.id });
  await publishAlert(CLI_ACTOR, alert.id);
  return alert.id;
}

async function userOn(label: string, choice: 'immediate' | 'digest' | 'off', watches: string[]): Promise<TestUser> {
  const user = await testRun.makeUser(label);
  await createWatchlist(user.id, { name: 'Digest', projects: watches });
  signInAs(user);
  expect((await updateAlertEmailAction({ alertEmail: choice })).data).toEqual({ alertEmail: choice });
  signInAs(null);
  return user;
}

const outboxTo = async (email: string) => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email));
const digestSentAtOf = async (userId: string) => (await (await getDb()).select({ at: users.digestSentAt }).from(users).where(eq(users.id, userId)))[0].at;

beforeAll(async () => {
  [project, otherProject] = await Promise.all([makeProject('watched'), makeProject('other')]);
  projectName = `Digest watched ${testRun.id}`;
});

describe('the daily digest', () => {
  it('gives a digest user no immediate mail, then one digest a day later listing each alert with its link and one-click unsubscribe', async () => {
    const reader = await userOn('reader', 'digest', [project]);
    const immediate = await userOn('immediate', 'immediate', [project]);
    const first = await publish(project, `Digest first ${testRun.id}`);
    const second = await publish(project, `Digest second ${testRun.id}`);
    // The bell has both at once; the mail waits for the day's end.
    expect(await countUnreadNotifications(reader.id)).toBe(2);
    expect(await outboxTo(reader.email)).toEqual([]);
    expect(await outboxTo(immediate.email)).toHaveLength(2);

    // Before the day is over: nothing.
    await sendDueDigests({ now: new Date(Date.now() + DIGEST_PERIOD_MS / 2) });
    expect(await outboxTo(reader.email)).toEqual([]);

    const later = DAY_LATER();
    await sendDueDigests({ now: later });
    const [row, ...others] = await outboxTo(reader.email);
    expect(others).toEqual([]);
    expect(row.subject).toMatch(/digest: 2 security alerts/);
    expect(await outboxTo(immediate.email)).toHaveLength(2);
    expect((await digestSentAtOf(reader.id))!.getTime()).toBeGreaterThan(Date.now());

    await deliverDueMail({ limit: 1000 });
    const [mail, ...more] = sink.to(reader.email);
    expect(more).toEqual([]);
    const text = mail.text ?? '';
    expect(text.indexOf(`Digest first ${testRun.id}`)).toBeGreaterThan(-1);
    expect(text.indexOf(`Digest second ${testRun.id}`)).toBeGreaterThan(text.indexOf(`Digest first ${testRun.id}`));
    expect(text).toContain(`https://shield.example/alerts/${first}`);
    expect(text).toContain(`https://shield.example/alerts/${second}`);
    expect(text).toContain(projectName);
    expect(text).toContain('Exploit');
    expect(mail.html).toContain(`href="https://shield.example/alerts/${second}"`);
    expect(mail.messageId).toBe(`<${row.id}@example.com>`);
    const field = (name: string) => mail.headerLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim();
    expect(field('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/shield\.example\/unsubscribe\/one-click\?token=[^>\s]+)>$/.exec(field('list-unsubscribe') ?? '')?.[1];
    expect(oneClick).toBeDefined();

    // Run again, on this instance or another: the day is covered, nothing more.
    await sendDueDigests({ now: later });
    await sendDueDigests({ now: new Date(later.getTime() + 60_000) });
    expect(await outboxTo(reader.email)).toHaveLength(1);

    // The one-click link works for a digest user too, without signing in.
    const answer = await oneClickPOST(new Request(oneClick!, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
    expect(answer.status).toBe(200);
    expect((await (await getDb()).select({ alertEmail: users.alertEmail }).from(users).where(eq(users.id, reader.id)))[0].alertEmail).toBe('off');
  });

  it('after switching from immediate, never lists an alert already mailed on its own', async () => {
    const switcher = await userOn('switcher', 'immediate', [project]);
    await publish(project, `Mailed before the switch ${testRun.id}`);
    expect(await outboxTo(switcher.email)).toHaveLength(1);
    signInAs(switcher);
    expect((await updateAlertEmailAction({ alertEmail: 'digest' })).data).toEqual({ alertEmail: 'digest' });
    await publish(project, `After the switch ${testRun.id}`);
    expect(await outboxTo(switcher.email)).toHaveLength(1);

    await sendDueDigests({ now: DAY_LATER() });
    const mails = await outboxTo(switcher.email);
    expect(mails).toHaveLength(2);
    const digest = mails.find((mail) => /digest/.test(mail.subject))!;
    expect(digest.text).toContain(`After the switch ${testRun.id}`);
    expect(digest.text).not.toContain(`Mailed before the switch ${testRun.id}`);
    expect(digest.subject).toMatch(/digest: 1 security alert on/);
  });

  it('choosing the digest again while on it keeps the running day', async () => {
    const user = await userOn('again', 'digest', [project]);
    const started = await digestSentAtOf(user.id);
    expect(started).toBeInstanceOf(Date);
    signInAs(user);
    await updateAlertEmailAction({ alertEmail: 'digest' });
    expect(await digestSentAtOf(user.id)).toEqual(started);
  });

  it('mails nobody who does not watch the project, has nothing new, chose no mail, or has no confirmed address', async () => {
    const onlyOther = await userOn('only-other', 'digest', [otherProject]);
    const nothing = await userOn('nothing', 'digest', []);
    const off = await userOn('off', 'off', [project]);
    const unconfirmed = await userOn('unconfirmed', 'digest', [project]);
    await (await getDb()).update(users).set({ confirmedAt: null }).where(eq(users.id, unconfirmed.id));
    await publish(project, `Only for watchers ${testRun.id}`);
    await sendDueDigests({ now: DAY_LATER() });
    for (const user of [onlyOther, nothing, off, unconfirmed]) expect(await outboxTo(user.email)).toEqual([]);
    expect(await countUnreadNotifications(onlyOther.id)).toBe(0);
    expect(await countUnreadNotifications(off.id)).toBe(1);
  });

  it('lists at most a screenful and counts the rest, linking to all notifications', async () => {
    const busy = await userOn('busy', 'digest', [otherProject]);
    for (let index = 0; index < DIGEST_MAX_ITEMS + 2; index++) await publish(otherProject, `Busy ${index} ${testRun.id}`);
    await sendDueDigests({ now: DAY_LATER() });
    const [digest] = await outboxTo(busy.email);
    expect(digest.subject).toMatch(new RegExp(`digest: ${DIGEST_MAX_ITEMS + 2} security alerts`));
    expect(digest.text).toContain(`Busy ${DIGEST_MAX_ITEMS - 1} ${testRun.id}`);
    expect(digest.text).not.toContain(`Busy ${DIGEST_MAX_ITEMS} ${testRun.id}`);
    expect(digest.text).toContain('And 2 more');
    expect(digest.text).toContain('https://shield.example/my/notifications');
  });

  it('a digest that cannot be queued for one user holds up nobody else, and is queued at a later check', async () => {
    const db = await getDb();
    const [refused, fine] = await Promise.all([userOn('refused', 'digest', [otherProject]), userOn('fine', 'digest', [otherProject])]);
    await publish(otherProject, `Refused for one ${testRun.id}`);
    await db.execute(sql.raw(`create or replace function refuse_digest() returns trigger language plpgsql as $$
      begin
        if new."to" like 'refused-%' then raise exception 'mail refused by the test'; end if;
        return new;
      end $$`));
    await db.execute(sql`create trigger refuse_digest before insert on mail_outbox for each row execute function refuse_digest()`);
    try {
      await sendDueDigests({ now: DAY_LATER() });
    } finally {
      await db.execute(sql`drop trigger if exists refuse_digest on mail_outbox`);
    }
    expect(await outboxTo(fine.email)).toHaveLength(1);
    expect(await outboxTo(refused.email)).toEqual([]);
    await sendDueDigests({ now: DAY_LATER() });
    expect(await outboxTo(refused.email)).toHaveLength(1);
    expect(await outboxTo(fine.email)).toHaveLength(1);
  });

  it('several instances at once queue one digest per user', async () => {
    const readers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((label) => userOn(`parallel-${label}`, 'digest', [project])));
    await publish(project, `Parallel digest ${testRun.id}`);
    const later = DAY_LATER();
    await Promise.all([sendDueDigests({ now: later }), sendDueDigests({ now: later }), sendDueDigests({ now: later })]);
    const rows = await (await getDb()).select({ to: mailOutbox.to }).from(mailOutbox).where(inArray(mailOutbox.to, readers.map((reader) => reader.email)));
    expect(rows.map((row) => row.to).sort()).toEqual(readers.map((reader) => reader.email).sort());
  });
});

describe('the digest choice in Settings and the unsubscribe page', () => {
  it('takes the digest, refuses anything else and changes nothing', async () => {
    const user = await testRun.makeUser('choice');
    signInAs(user);
    for (const bad of ['weekly', '', 'DIGEST', null]) {
      const refused = await updateAlertEmailAction({ alertEmail: bad as never });
      expect(refused.validationErrors?.alertEmail?._errors?.length).toBeGreaterThan(0);
    }
    const [before] = await (await getDb()).select({ alertEmail: users.alertEmail, digestSentAt: users.digestSentAt }).from(users).where(eq(users.id, user.id));
    expect(before).toEqual({ alertEmail: 'immediate', digestSentAt: null });
    expect((await updateAlertEmailAction({ alertEmail: 'digest' })).data).toEqual({ alertEmail: 'digest' });
    expect(await digestSentAtOf(user.id)).toBeInstanceOf(Date);
  });

  it('asks a digest user before stopping their mails', async () => {
    const user = await userOn('page', 'digest', [project]);
    const html = renderToString(await UnsubscribePage({ searchParams: Promise.resolve({ token: unsubscribeToken(user.id) }) }));
    expect(html).toContain(user.email);
    expect(html).toContain(NOTIFICATION_MESSAGES.unsubscribeButton);
  });
});
