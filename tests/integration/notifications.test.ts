import { eq, inArray } from 'drizzle-orm';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import NotificationsPage from '@/app/(site)/my/notifications/page';
import { GET as oneClickGET, POST as oneClickPOST } from '@/app/(site)/unsubscribe/one-click/route';
import UnsubscribePage from '@/app/(site)/unsubscribe/page';
import { GET as unreadGET } from '@/app/api/user/notifications/unread/route';
import { markAllNotificationsReadAction } from '@/actions/notifications/mark-all-notifications-read';
import { markNotificationReadAction } from '@/actions/notifications/mark-notification-read';
import { unsubscribeAlertMailAction } from '@/actions/notifications/unsubscribe-alert-mail';
import { updateAlertEmailAction } from '@/actions/settings/update-alert-email';
import { correctAlertAction } from '@/actions/staff/correct-alert';
import { createAlertAction } from '@/actions/staff/create-alert';
import { publishAlertAction } from '@/actions/staff/publish-alert';
import { NOTIFICATION_MESSAGES } from '@/lib/messages/notifications';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/notifications';
import type { AlertFormInput } from '@/lib/schemas/staff-alert';
import { getDb } from '@/server/db/client';
import { mailOutbox, notifications, projects, securityAlerts, users } from '@/server/db/schema';
import { deliverDueMail } from '@/server/mail/worker';
import { unsubscribeToken } from '@/server/alert-mail';
import { countUnreadNotifications, listNotifications, notifyWatchersOfAlert } from '@/server/notifications';
import { createWatchlist } from '@/server/watchlists';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { makeStaff, type StaffUser } from '../support/staff';
import { startSmtpSink } from '../support/smtp-sink';
import { signInAs } from '../support/session-stand-ins';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

/* Real SMTP delivery to a local sink in the mail tests; the rest of the configuration as it is. */
const mailSettings = vi.hoisted(() => ({ smtpUrl: null as string | null }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), mailFrom: 'Sentinel Shield <no-reply@example.com>', siteUrl: 'https://shield.example', ...mailSettings }) };
});

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let analyst: StaffUser;
let moderator: StaffUser;
/** Watches the watched project in two lists. */
let twoListWatcher: TestUser;
let oneListWatcher: TestUser;
/** Watches only the other project. */
let otherWatcher: TestUser;
let bystander: TestUser;
let watched: string;
let other: string;
const today = new Date().toISOString().slice(0, 10);

async function makeProject(label: string): Promise<string> {
  const id = `${label}-${testRun.id}`;
  await (await getDb()).insert(projects).values({ id, name: `Notify ${label} ${testRun.id}` });
  return id;
}

const alertOn = (projectId: string, title: string): AlertFormInput => ({
  title,
  type: 'exploit',
  occurredOn: today,
  chain: 'Ethereum',
  amountLostUsd: '',
  amountReturnedUsd: '',
  technique: '',
  sourceUrls: 'https://example.com/post-mortem',
  confidence: 'high',
  projectId,
  description: '',
});

async function draftAlert(projectId: string, title: string): Promise<string> {
  signInAs(analyst);
  const result = await createAlertAction(alertOn(projectId, title));
  expect(result.serverError).toBeUndefined();
  return result.data!.id;
}

async function publishedAlert(projectId: string, title: string): Promise<string> {
  const id = await draftAlert(projectId, title);
  signInAs(analyst);
  expect((await publishAlertAction({ id })).data).toEqual({ ok: true });
  return id;
}

/** Who holds a notification of the alert, one entry per row. */
const recipientsOf = async (alertId: string) =>
  (await (await getDb()).select({ userId: notifications.userId }).from(notifications).where(eq(notifications.alertId, alertId))).map((row) => row.userId).sort();

const rowsOf = async (userIds: string[]) =>
  (await getDb()).select().from(notifications).where(inArray(notifications.userId, userIds)).orderBy(notifications.id);

beforeAll(async () => {
  [analyst, moderator] = await Promise.all([makeStaff(testRun, 'analyst'), makeStaff(testRun, 'moderator')]);
  [watched, other] = await Promise.all([makeProject('watched'), makeProject('other')]);
  [twoListWatcher, oneListWatcher, otherWatcher, bystander] = await Promise.all(['twice', 'once', 'elsewhere', 'bystander'].map((label) => testRun.makeUser(label)));
  await createWatchlist(twoListWatcher.id, { name: 'Main', projects: [watched, other] });
  await createWatchlist(twoListWatcher.id, { name: 'Again', projects: [watched] });
  await createWatchlist(oneListWatcher.id, { name: 'Mine', projects: [watched] });
  await createWatchlist(otherWatcher.id, { name: 'Other', projects: [other] });
  await createWatchlist(bystander.id, { name: 'Empty', projects: [] });
});
beforeEach(() => signInAs(null));

describe('publishing an alert', () => {
  it('notifies exactly the users watching its project, once each even when it is in two of their lists', async () => {
    const alertId = await publishedAlert(watched, `Watched drained ${testRun.id}`);
    expect(await recipientsOf(alertId)).toEqual([twoListWatcher.id, oneListWatcher.id].sort());
    expect(await countUnreadNotifications(otherWatcher.id)).toBe(0);
    expect(await countUnreadNotifications(bystander.id)).toBe(0);
  });

  it('a draft notifies nobody, and neither does running the fan-out over it', async () => {
    const draftId = await draftAlert(watched, `Still a draft ${testRun.id}`);
    const db = await getDb();
    await db.transaction((tx) => notifyWatchersOfAlert(tx, draftId));
    expect(await recipientsOf(draftId)).toEqual([]);
  });

  it('twice, or the fan-out run again, adds no second notice', async () => {
    const alertId = await publishedAlert(other, `Other drained ${testRun.id}`);
    const before = await recipientsOf(alertId);
    expect(before).toEqual([twoListWatcher.id, otherWatcher.id].sort());

    signInAs(analyst);
    expect((await publishAlertAction({ id: alertId })).serverError).toBe(STAFF_MESSAGES.alertAlreadyPublished);
    const db = await getDb();
    await db.transaction((tx) => notifyWatchersOfAlert(tx, alertId));
    await db.transaction((tx) => notifyWatchersOfAlert(tx, alertId));
    expect(await recipientsOf(alertId)).toEqual(before);
  });

  it('a publication that fails leaves no notice behind (same transaction)', async () => {
    const alertId = await draftAlert(watched, `Rolled back ${testRun.id}`);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(securityAlerts).set({ status: 'published' }).where(eq(securityAlerts.id, alertId));
        await notifyWatchersOfAlert(tx, alertId);
        throw new Error('the publication failed after the fan-out');
      }),
    ).rejects.toThrow('the publication failed');
    expect(await recipientsOf(alertId)).toEqual([]);
  });

  it('a correction moving a published alert to another project tells that project’s watchers, and nobody twice', async () => {
    const alertId = await publishedAlert(watched, `Moved later ${testRun.id}`);
    signInAs(moderator);
    const moved = await correctAlertAction(alertId, { ...alertOn(other, `Moved later ${testRun.id}`), reason: 'Wrong project at first.' });
    expect(moved.serverError).toBeUndefined();
    expect(await recipientsOf(alertId)).toEqual([twoListWatcher.id, oneListWatcher.id, otherWatcher.id].sort());
  });
});

describe('a user’s notifications', () => {
  it('list newest first with the alert, its project and type, and count the unread', async () => {
    const reader = await testRun.makeUser('reader');
    await createWatchlist(reader.id, { name: 'Reads', projects: [watched] });
    const first = await publishedAlert(watched, `First for reader ${testRun.id}`);
    const second = await publishedAlert(watched, `Second for reader ${testRun.id}`);
    const page = await listNotifications(reader.id, 1);
    expect(page.items.map((item) => item.alertId)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({ title: `Second for reader ${testRun.id}`, type: 'exploit', projectId: watched, projectName: `Notify watched ${testRun.id}`, readAt: null });
    expect(page).toMatchObject({ total: 2, unread: 2, page: 1, pageCount: 1 });

    signInAs(reader);
    expect(await (await unreadGET(new Request('http://localhost/api/user/notifications/unread'))).json()).toEqual({ unread: 2 });
  });

  it('paginate by 20, a page past the last showing the last', async () => {
    const reader = await testRun.makeUser('pages');
    const db = await getDb();
    const alerts = await db
      .insert(securityAlerts)
      .values(Array.from({ length: NOTIFICATIONS_PAGE_SIZE + 3 }, (_, index) => ({ projectId: watched, type: 'exploit' as const, title: `Paged ${index}`, occurredAt: new Date(), confidence: 'high' as const })))
      .returning({ id: securityAlerts.id });
    await db.insert(notifications).values(alerts.map((alert, index) => ({ userId: reader.id, alertId: alert.id, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) })));
    const first = await listNotifications(reader.id, 1);
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.items[0].title).toBe(`Paged ${NOTIFICATIONS_PAGE_SIZE + 2}`);
    const last = await listNotifications(reader.id, 99);
    expect(last).toMatchObject({ page: 2, pageCount: 2, total: NOTIFICATIONS_PAGE_SIZE + 3 });
    expect(last.items.map((item) => item.title)).toEqual(['Paged 2', 'Paged 1', 'Paged 0']);
  });

  it('leave out an alert of a project staff hid since', async () => {
    const reader = await testRun.makeUser('hidden');
    const hiddenProject = await makeProject('hidden');
    await createWatchlist(reader.id, { name: 'Hid', projects: [hiddenProject] });
    await publishedAlert(hiddenProject, `Before hiding ${testRun.id}`);
    expect(await countUnreadNotifications(reader.id)).toBe(1);
    await (await getDb()).update(projects).set({ hiddenAt: new Date() }).where(eq(projects.id, hiddenProject));
    expect(await countUnreadNotifications(reader.id)).toBe(0);
    expect((await listNotifications(reader.id, 1)).items).toEqual([]);
  });
});

describe('marking read', () => {
  it('one notification: only the caller’s own; another user’s id is refused as not found and changes nothing', async () => {
    const [mine, theirs] = await Promise.all([testRun.makeUser('mine'), testRun.makeUser('theirs')]);
    await createWatchlist(mine.id, { name: 'Mine', projects: [watched] });
    await createWatchlist(theirs.id, { name: 'Theirs', projects: [watched] });
    await publishedAlert(watched, `Mark one ${testRun.id}`);
    await publishedAlert(watched, `Mark two ${testRun.id}`);
    const [newest, older] = (await listNotifications(mine.id, 1)).items;
    const [theirNewest] = (await listNotifications(theirs.id, 1)).items;
    const before = await rowsOf([mine.id, theirs.id]);

    signInAs(mine);
    expect((await markNotificationReadAction({ id: theirNewest.id })).serverError).toBe(NOTIFICATION_MESSAGES.notFound);
    expect((await markNotificationReadAction({ id: crypto.randomUUID() })).serverError).toBe(NOTIFICATION_MESSAGES.notFound);
    expect((await markNotificationReadAction({ id: 'not-an-id' })).validationErrors).toBeDefined();
    expect(await rowsOf([mine.id, theirs.id])).toEqual(before);

    expect((await markNotificationReadAction({ id: newest.id })).data).toEqual({ unread: 1 });
    const after = await listNotifications(mine.id, 1);
    expect(after.items.find((item) => item.id === newest.id)?.readAt).toBeInstanceOf(Date);
    expect(after.items.find((item) => item.id === older.id)?.readAt).toBeNull();
    expect(await countUnreadNotifications(theirs.id)).toBe(2);

    // Again keeps the first reading's time.
    const firstReadAt = after.items.find((item) => item.id === newest.id)!.readAt;
    expect((await markNotificationReadAction({ id: newest.id })).data).toEqual({ unread: 1 });
    expect((await listNotifications(mine.id, 1)).items.find((item) => item.id === newest.id)?.readAt).toEqual(firstReadAt);
  });

  it('all: every unread notification of the caller, nobody else’s', async () => {
    const [mine, theirs] = await Promise.all([testRun.makeUser('all-mine'), testRun.makeUser('all-theirs')]);
    await createWatchlist(mine.id, { name: 'Mine', projects: [watched, other] });
    await createWatchlist(theirs.id, { name: 'Theirs', projects: [watched] });
    await publishedAlert(watched, `All one ${testRun.id}`);
    await publishedAlert(other, `All two ${testRun.id}`);
    expect(await countUnreadNotifications(mine.id)).toBe(2);
    const theirsBefore = await rowsOf([theirs.id]);

    signInAs(mine);
    expect((await markAllNotificationsReadAction()).data).toEqual({ unread: 0 });
    expect((await listNotifications(mine.id, 1)).items.every((item) => item.readAt instanceof Date)).toBe(true);
    expect(await rowsOf([theirs.id])).toEqual(theirsBefore);
    expect(await countUnreadNotifications(theirs.id)).toBe(1);
  });

  it('needs a signed-in user', async () => {
    signInAs(null);
    expect((await unreadGET(new Request('http://localhost/api/user/notifications/unread'))).status).toBe(401);
    expect((await markAllNotificationsReadAction()).serverError).toBe('Please log in first.');
  });
});

describe('the /my/notifications page', () => {
  const renderPage = async (page?: string) => renderToString(await NotificationsPage({ searchParams: Promise.resolve(page ? { page } : {}) }));
  const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

  it('says how to get notifications when there are none', async () => {
    signInAs(await testRun.makeUser('page-empty'));
    const html = await renderPage();
    expect(textOf(html)).toContain(NOTIFICATION_MESSAGES.empty);
    expect(textOf(html)).not.toContain(NOTIFICATION_MESSAGES.markAllRead);
  });

  it('lists each alert with its link, project, type and an unread mark, and the buttons to mark read', async () => {
    const reader = await testRun.makeUser('page-reader');
    await createWatchlist(reader.id, { name: 'Page', projects: [watched] });
    const readId = await publishedAlert(watched, `Page read ${testRun.id}`);
    const unreadId = await publishedAlert(watched, `Page unread ${testRun.id}`);
    const readOne = (await listNotifications(reader.id, 1)).items.find((item) => item.alertId === readId)!;
    signInAs(reader);
    await markNotificationReadAction({ id: readOne.id });

    const html = await renderPage();
    const rows = html.split('<li').slice(1);
    expect(rows).toHaveLength(2);
    const [unreadRow, readRow] = rows;
    expect(unreadRow).toContain(`href="/alerts/${unreadId}"`);
    expect(textOf(unreadRow)).toContain(`Page unread ${testRun.id}`);
    expect(textOf(unreadRow)).toContain(`Notify watched ${testRun.id}`);
    expect(textOf(unreadRow)).toContain('Exploit');
    expect(textOf(unreadRow)).toContain(NOTIFICATION_MESSAGES.unread);
    expect(textOf(unreadRow)).toContain(NOTIFICATION_MESSAGES.markRead);
    expect(readRow).toContain(`href="/alerts/${readId}"`);
    expect(textOf(readRow)).not.toContain(NOTIFICATION_MESSAGES.unread);
    expect(textOf(readRow)).not.toContain(NOTIFICATION_MESSAGES.markRead);
    expect(textOf(html)).toContain(NOTIFICATION_MESSAGES.markAllRead);
  });
});

describe('alert e-mails', () => {
  const outboxTo = async (email: string) => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const alertEmailOf = async (userId: string) => (await (await getDb()).select({ alertEmail: users.alertEmail }).from(users).where(eq(users.id, userId)))[0].alertEmail;

  it('go to each watcher who takes them, once, with one-click unsubscribe headers that work without signing in', async () => {
    const project = await makeProject('mailed');
    const [taker, optedOut, unconfirmed, stranger] = await Promise.all(['taker', 'opted-out', 'unconfirmed', 'stranger'].map((label) => testRun.makeUser(label)));
    for (const user of [taker, optedOut, unconfirmed]) {
      await createWatchlist(user.id, { name: 'Mail', projects: [project] });
    }
    await createWatchlist(taker.id, { name: 'Mail again', projects: [project] });
    const db = await getDb();
    await db.update(users).set({ alertEmail: 'off' }).where(eq(users.id, optedOut.id));
    await db.update(users).set({ confirmedAt: null }).where(eq(users.id, unconfirmed.id));

    const alertId = await publishedAlert(project, `Mailed alert ${testRun.id}`);
    await db.transaction((tx) => notifyWatchersOfAlert(tx, alertId));
    expect(await outboxTo(taker.email)).toHaveLength(1);
    for (const user of [optedOut, unconfirmed, stranger]) expect(await outboxTo(user.email)).toEqual([]);
    // Those who take no mail still see the alert in the site.
    expect(await countUnreadNotifications(optedOut.id)).toBe(1);

    const sink = await startSmtpSink();
    mailSettings.smtpUrl = sink.url;
    try {
      await deliverDueMail({ limit: 1000 });
    } finally {
      mailSettings.smtpUrl = null;
      await sink.close();
    }
    const mails = sink.received.filter((mail) => mail.text?.includes(`Mailed alert ${testRun.id}`));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect((Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value ?? []).map((to) => to.address)).toEqual([taker.email]);
    expect(mail.subject).toContain(`Mailed alert ${testRun.id}`);
    expect(mail.text).toContain(`https://shield.example/alerts/${alertId}`);
    // The header fields as they travelled (the parser folds List-* fields into an object of its own).
    const field = (name: string) => mail.headerLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim();
    expect(field('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/shield\.example\/unsubscribe\/one-click\?token=[^>\s]+)>$/.exec(field('list-unsubscribe') ?? '')?.[1];
    expect(oneClick).toBeDefined();

    // The mail client's one-click POST, with no session.
    signInAs(null);
    const answer = await oneClickPOST(new Request(oneClick!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }));
    expect(answer.status).toBe(200);
    expect(await alertEmailOf(taker.id)).toBe('off');

    const again = await publishedAlert(project, `Not mailed ${testRun.id}`);
    expect(await recipientsOf(again)).toContain(taker.id);
    expect((await outboxTo(taker.email)).map((row) => row.subject)).toEqual([mail.subject]);
  });

  it('a forged or altered unsubscribe token is a 404 and changes nothing; a GET only leads to the page that asks', async () => {
    const [victim, attacker] = await Promise.all([testRun.makeUser('victim'), testRun.makeUser('attacker')]);
    const forged = `${victim.id}.${unsubscribeToken(attacker.id).split('.')[1]}`;
    for (const token of [forged, victim.id, `${unsubscribeToken(victim.id)}x`, 'nonsense']) {
      const answer = await oneClickPOST(new Request(`https://shield.example/unsubscribe/one-click?token=${encodeURIComponent(token)}`, { method: 'POST' }));
      expect(answer.status).toBe(404);
      expect((await unsubscribeAlertMailAction({ token })).serverError).toBe(NOTIFICATION_MESSAGES.unsubscribeLinkInvalid);
    }
    expect((await oneClickPOST(new Request('https://shield.example/unsubscribe/one-click', { method: 'POST' }))).status).toBe(400);
    expect(await alertEmailOf(victim.id)).toBe('immediate');

    const token = unsubscribeToken(victim.id);
    const visit = await oneClickGET(new Request(`https://shield.example/unsubscribe/one-click?token=${encodeURIComponent(token)}`));
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe(`https://shield.example/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await alertEmailOf(victim.id)).toBe('immediate');

    const page = renderToString(await UnsubscribePage({ searchParams: Promise.resolve({ token }) }));
    expect(page).toContain(victim.email);
    expect(page).toContain(NOTIFICATION_MESSAGES.unsubscribeButton);
    expect(renderToString(await UnsubscribePage({ searchParams: Promise.resolve({ token: forged }) }))).toContain(NOTIFICATION_MESSAGES.unsubscribeLinkInvalid);

    expect((await unsubscribeAlertMailAction({ token })).data).toEqual({ ok: true });
    expect(await alertEmailOf(victim.id)).toBe('off');
  });

  it('the choice in Settings: off stops mails, immediate brings them back, anything else is refused and changes nothing', async () => {
    const user = await testRun.makeUser('settings');
    signInAs(user);
    const refused = await updateAlertEmailAction({ alertEmail: 'hourly' as never });
    expect(refused.validationErrors?.alertEmail?._errors?.length).toBeGreaterThan(0);
    expect(await alertEmailOf(user.id)).toBe('immediate');
    expect((await updateAlertEmailAction({ alertEmail: 'off' })).data).toEqual({ alertEmail: 'off' });
    expect(await alertEmailOf(user.id)).toBe('off');
    expect((await updateAlertEmailAction({ alertEmail: 'immediate' })).data).toEqual({ alertEmail: 'immediate' });
    expect(await alertEmailOf(user.id)).toBe('immediate');
    signInAs(null);
    expect((await updateAlertEmailAction({ alertEmail: 'off' })).serverError).toBe('Please log in first.');
    expect(await alertEmailOf(user.id)).toBe('immediate');
  });
});
