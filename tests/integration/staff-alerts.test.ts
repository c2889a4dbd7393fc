import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderToStaticMarkup } from 'react-dom/server';

import { correctAlertAction } from '@/actions/staff/correct-alert';
import { createAlertAction } from '@/actions/staff/create-alert';
import { publishAlertAction } from '@/actions/staff/publish-alert';
import { updateAlertAction } from '@/actions/staff/update-alert';
import AlertPage from '@/app/(site)/alerts/[id]/page';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { AlertFormInput } from '@/lib/schemas/staff-alert';
import { getPublishedAlert } from '@/server/alerts';
import { getDb } from '@/server/db/client';
import { alertRevisions, projects, securityAlerts } from '@/server/db/schema';
import { listProjectAlerts, listRecentAlerts } from '@/server/projects';
import { getStaffAlert, listStaffAlerts } from '@/server/staff/alerts';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, makeTestProject, signInAs, staffLogOf, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let analyst: StaffUser;
let moderator: StaffUser;
let sales: StaffUser;
let projectId: string;
const today = new Date().toISOString().slice(0, 10);

const makeProject = (label: string) => makeTestProject(testRun, 'Alert', label);

const validAlert = (overrides: Partial<AlertFormInput> = {}): AlertFormInput => ({
  title: `Vault drained ${testRun.id}`,
  type: 'exploit',
  occurredOn: today,
  chain: 'Ethereum',
  amountLostUsd: '1,250,000',
  amountReturnedUsd: '',
  amountsPricedOn: today,
  technique: 'Reentrancy in withdraw()',
  sourceUrls: 'https://example.com/post-mortem\n\nhttps://etherscan.io/tx/0xabc',
  confidence: 'high',
  projectId,
  description: 'The vault was drained through a reentrant withdraw.',
  ...overrides,
});

const alertsOf = async (project: string) => (await getDb()).select().from(securityAlerts).where(eq(securityAlerts.projectId, project));
const logOf = (entityId: string) => staffLogOf('alert', entityId);

beforeAll(async () => {
  [analyst, moderator, sales] = await Promise.all([makeStaff(testRun, 'analyst'), makeStaff(testRun, 'moderator'), makeStaff(testRun, 'sales')]);
  projectId = await makeProject('alerted');
});
beforeEach(() => signInAs(null));

describe('the alert form', () => {
  it('refuses bad input with a message per field and stores nothing', async () => {
    signInAs(analyst);
    const result = await createAlertAction(
      validAlert({ title: '', type: 'meteor' as never, occurredOn: '2999-01-01', amountLostUsd: 'a lot', sourceUrls: ' \n ', confidence: '' as never, projectId: 'Not A Slug' }),
    );
    expect(result.validationErrors).toMatchObject({
      title: { _errors: [STAFF_MESSAGES.alertTitleRequired] },
      type: { _errors: [STAFF_MESSAGES.alertTypeRequired] },
      occurredOn: { _errors: [STAFF_MESSAGES.alertDateInFuture] },
      amountLostUsd: { _errors: [STAFF_MESSAGES.amountInvalid] },
      sourceUrls: { _errors: [STAFF_MESSAGES.sourceLinkRequired] },
      confidence: { _errors: [STAFF_MESSAGES.confidenceRequired] },
      projectId: { _errors: [STAFF_MESSAGES.alertProjectInvalid] },
    });
    const plainHttp = await createAlertAction(validAlert({ sourceUrls: 'https://example.com/a\nhttp://example.com/b', amountReturnedUsd: '2000000' }));
    expect(plainHttp.validationErrors).toMatchObject({
      sourceUrls: { _errors: [STAFF_MESSAGES.sourceLinkInvalid('http://example.com/b')] },
      amountReturnedUsd: { _errors: [STAFF_MESSAGES.amountReturnedTooHigh] },
    });
    expect((await createAlertAction(validAlert({ projectId: `missing-${testRun.id}` }))).serverError).toBe(STAFF_MESSAGES.unknownProject);
    // An amount in USD needs the day it was priced; a returned amount alone needs it too.
    for (const amounts of [{ amountsPricedOn: '' }, { amountLostUsd: '', amountReturnedUsd: '5000', amountsPricedOn: '' }]) {
      expect((await createAlertAction(validAlert(amounts))).validationErrors).toMatchObject({ amountsPricedOn: { _errors: [STAFF_MESSAGES.amountsPricedOnRequired] } });
    }
    expect((await createAlertAction(validAlert({ amountsPricedOn: '2999-01-01' }))).validationErrors).toMatchObject({ amountsPricedOn: { _errors: [STAFF_MESSAGES.amountsPricedOnInFuture] } });
    expect(await alertsOf(projectId)).toHaveLength(0);
  });

  it('a moderator may neither create nor publish; sales and visitors reach nothing', async () => {
    for (const who of [moderator, sales, null]) {
      signInAs(who);
      expect((await createAlertAction(validAlert())).serverError).toBe(STAFF_MESSAGES.notFound);
    }
    expect(await alertsOf(projectId)).toHaveLength(0);

    signInAs(analyst);
    const { id } = (await createAlertAction(validAlert({ title: `Draft for moderator ${testRun.id}` }))).data!;
    signInAs(moderator);
    expect((await publishAlertAction({ id })).serverError).toBe(STAFF_MESSAGES.notFound);
    expect((await updateAlertAction(id, validAlert({ title: 'Edited by a moderator' }))).serverError).toBe(STAFF_MESSAGES.notFound);
    expect(await getStaffAlert(id)).toMatchObject({ status: 'draft', title: `Draft for moderator ${testRun.id}` });
  });
});

describe('an alert from draft to published, and its corrections', () => {
  it('is public only once published, then corrected with a public reason, one log entry per write', async () => {
    signInAs(analyst);
    const created = await createAlertAction(validAlert());
    expect(created.serverError).toBeUndefined();
    const id = created.data!.id;
    expect(await getStaffAlert(id)).toMatchObject({
      status: 'draft',
      isDemo: false,
      amountLostUsd: 1_250_000,
      amountReturnedUsd: null,
      amountsPricedOn: today,
      sourceUrls: ['https://example.com/post-mortem', 'https://etherscan.io/tx/0xabc'],
      occurredOn: today,
    });

    const isPublic = async () => ({
      project: (await listProjectAlerts(projectId)).some((alert) => alert.id === id),
      home: (await listRecentAlerts(500)).some((alert) => alert.id === id),
      page: (await getPublishedAlert(id)) !== null,
    });
    expect(await isPublic()).toEqual({ project: false, home: false, page: false });

    expect((await updateAlertAction(id, validAlert({ amountReturnedUsd: '250000' }))).data).toEqual({ id });
    expect((await correctAlertAction(id, { ...validAlert(), reason: 'Not yet published' })).serverError).toBe(STAFF_MESSAGES.alertDraftEditInstead);
    expect((await publishAlertAction({ id })).data).toEqual({ ok: true });
    expect(await isPublic()).toEqual({ project: true, home: true, page: true });
    expect((await publishAlertAction({ id })).serverError).toBe(STAFF_MESSAGES.alertAlreadyPublished);
    expect((await updateAlertAction(id, validAlert({ title: 'Quiet edit' }))).serverError).toBe(STAFF_MESSAGES.alertPublishedCorrectInstead);

    // A moderator corrects it: without a reason nothing changes; with one, a revision is kept and shown.
    signInAs(moderator);
    const withoutReason = await correctAlertAction(id, { ...validAlert({ amountLostUsd: '1400000' }), reason: ' ' });
    expect(withoutReason.validationErrors).toMatchObject({ reason: { _errors: [STAFF_MESSAGES.reasonRequired] } });
    expect((await getStaffAlert(id))!.amountLostUsd).toBe(1_250_000);
    expect(await (await getDb()).select().from(alertRevisions).where(eq(alertRevisions.alertId, id))).toHaveLength(0);

    const unchanged = await correctAlertAction(id, { ...validAlert({ amountReturnedUsd: '250000' }), reason: 'Checking' });
    expect(unchanged.serverError).toBe(STAFF_MESSAGES.nothingChanged);

    const corrected = await correctAlertAction(id, { ...validAlert({ amountLostUsd: '1400000', amountReturnedUsd: '250000', chain: 'Arbitrum' }), reason: 'The team published the final loss figure.' });
    expect(corrected.serverError).toBeUndefined();
    const [revision] = await (await getDb()).select().from(alertRevisions).where(eq(alertRevisions.alertId, id));
    expect(revision).toMatchObject({
      reason: 'The team published the final loss figure.',
      editorUserId: moderator.id,
      changes: { amountLostUsd: { before: 1_250_000, after: 1_400_000 }, chain: { before: 'Ethereum', after: 'Arbitrum' } },
    });
    expect(Object.keys(revision.changes).sort()).toEqual(['amountLostUsd', 'chain']);

    const page = await getPublishedAlert(id);
    expect(page).toMatchObject({ amountLostUsd: 1_400_000, chain: 'Arbitrum', amountReturnedUsd: 250_000 });
    expect(page!.corrections).toHaveLength(1);
    expect(page!.corrections[0]).toMatchObject({
      reason: 'The team published the final loss figure.',
      changes: [
        { field: 'chain', label: 'Chain', before: 'Ethereum', after: 'Arbitrum' },
        { field: 'amountLostUsd', label: 'Amount lost (USD)', before: 1_250_000, after: 1_400_000 },
      ],
    });

    // The alert's public page shows the correction log: when, why, each field before and after; staff data carries no demo label.
    const html = renderToStaticMarkup(await AlertPage({ params: Promise.resolve({ id }) }));
    const correctionLog = html.slice(html.indexOf('Correction log'));
    expect(correctionLog).toContain('Reason: </span>The team published the final loss figure.');
    expect(correctionLog).toMatch(/Chain<\/th><td[^>]*><del[^>]*>Ethereum<\/del><\/td><td[^>]*><ins[^>]*>Arbitrum<\/ins>/);
    expect(correctionLog).toMatch(/Amount lost \(USD\)<\/th><td[^>]*><del[^>]*>\$1,250,000<\/del><\/td><td[^>]*><ins[^>]*>\$1,400,000<\/ins>/);
    expect(html).toContain('corrected 1 time');
    expect(html).not.toMatch(/demo/i);

    const log = await logOf(id);
    expect(log.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['alert.create', analyst.email],
      ['alert.update', analyst.email],
      ['alert.publish', analyst.email],
      ['alert.correct', moderator.email],
    ]);
    expect(log[3].before).toEqual({ amountLostUsd: 1_250_000, chain: 'Ethereum' });
    expect(log[3].after).toMatchObject({ amountLostUsd: 1_400_000, chain: 'Arbitrum', reason: 'The team published the final loss figure.', revisionId: revision.id });
  });

  it('keeps a correction that leaves the day alone at its original time of day', async () => {
    const db = await getDb();
    const occurredAt = new Date('2025-11-02T17:45:00Z');
    const [generated] = await db
      .insert(securityAlerts)
      .values({ projectId, type: 'phishing', title: `Generated ${testRun.id}`, occurredAt, confidence: 'medium', isDemo: true, status: 'published', publishedAt: occurredAt })
      .returning({ id: securityAlerts.id });
    signInAs(analyst);
    const result = await correctAlertAction(generated.id, {
      ...validAlert({ title: `Generated ${testRun.id}`, type: 'phishing', occurredOn: '2025-11-02', chain: '', amountLostUsd: '', amountsPricedOn: '', technique: '', description: '', confidence: 'medium' }),
      reason: 'Sources added',
    });
    expect(result.serverError).toBeUndefined();
    const [row] = await db.select().from(securityAlerts).where(eq(securityAlerts.id, generated.id));
    expect(row.occurredAt.toISOString()).toBe(occurredAt.toISOString());
    expect(row.isDemo).toBe(true);
    expect(Object.keys((await db.select().from(alertRevisions).where(eq(alertRevisions.alertId, generated.id)))[0].changes)).toEqual(['sourceUrls']);
  });

  it('an alert of a hidden project is not public, even published', async () => {
    const hidden = await makeProject('hidden');
    signInAs(analyst);
    const { id } = (await createAlertAction(validAlert({ projectId: hidden }))).data!;
    await publishAlertAction({ id });
    expect(await getPublishedAlert(id)).not.toBeNull();
    await (await getDb()).update(projects).set({ hiddenAt: new Date() }).where(eq(projects.id, hidden));
    expect(await getPublishedAlert(id)).toBeNull();
  });

  it('the console lists alerts by search, type, status and project', async () => {
    signInAs(analyst);
    const other = await makeProject('listed');
    const phishing = (await createAlertAction(validAlert({ projectId: other, type: 'phishing', title: `Fake site ${testRun.id}`, amountLostUsd: '' }))).data!.id;
    const rug = (await createAlertAction(validAlert({ projectId: other, type: 'rug-pull', title: `Liquidity pulled ${testRun.id}` }))).data!.id;
    await publishAlertAction({ id: rug });
    const ids = async (query: Partial<Parameters<typeof listStaffAlerts>[0]>) => (await listStaffAlerts({ q: '', page: 1, ...query })).rows.map((row) => row.id);
    expect(await ids({ project: other })).toHaveLength(2);
    expect(await ids({ project: other, type: 'phishing' })).toEqual([phishing]);
    expect(await ids({ project: other, status: 'published' })).toEqual([rug]);
    expect(await ids({ q: `fake site ${testRun.id}` })).toEqual([phishing]);
    expect(await ids({ q: '100%_' })).toEqual([]);
  });
});
