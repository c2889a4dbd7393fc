import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { approveReportAction } from '@/actions/staff/approve-report';
import { markDuplicateReportAction } from '@/actions/staff/mark-duplicate-report';
import { rejectReportAction } from '@/actions/staff/reject-report';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { getPublishedAlert } from '@/server/alerts';
import { getDb } from '@/server/db/client';
import { incidentReports, projects, securityAlerts } from '@/server/db/schema';
import { reportIncident } from '@/server/incidents';
import { getStaffAlert } from '@/server/staff/alerts';
import { getIncidentReport, listIncidentReports } from '@/server/staff/reports';

import { createTestRun } from '../fixtures/test-run';
import { mailsTo } from '../support/mailed-codes';
import { makeStaff, signInAs, staffLogOf, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let moderator: StaffUser;
let analyst: StaffUser;
let projectId: string;
const projectName = () => `Report Test ${testRun.id}`;

/** A visitor's report through the Report Incident form's own server function. */
async function fileReport(contact: string | null, links = ['https://example.com/thread', 'http://forum.example.com/post']): Promise<string> {
  const { id } = await reportIncident(
    { projectId, description: `The bridge contract paused withdrawals and funds moved out (${testRun.id}).`, links, contact },
    { key: `visitor-${testRun.id}`, ip: testRun.nextIp() },
  );
  return id;
}

const logOf = staffLogOf;
const reportRow = async (id: string) => (await (await getDb()).select().from(incidentReports).where(eq(incidentReports.id, id)))[0];

beforeAll(async () => {
  [moderator, analyst] = await Promise.all([makeStaff(testRun, 'moderator'), makeStaff(testRun, 'analyst')]);
  projectId = `reported-${testRun.id}`;
  await (await getDb()).insert(projects).values({ id: projectId, name: projectName() });
});
beforeEach(() => signInAs(null));

describe('approving a community report', () => {
  it('drafts an alert prefilled from the report, records both, mails the reporter, and is final', async () => {
    const reporter = testRun.nextEmail('reporter');
    const id = await fileReport(reporter);
    signInAs(moderator);
    const result = await approveReportAction({ id });
    expect(result.serverError).toBeUndefined();
    const { alertId } = result.data!;

    expect(await getStaffAlert(alertId)).toMatchObject({
      status: 'draft',
      projectId,
      description: `The bridge contract paused withdrawals and funds moved out (${testRun.id}).`,
      sourceUrls: ['https://example.com/thread', 'http://forum.example.com/post'],
      fromReportId: id,
      isDemo: false,
    });
    expect(await getPublishedAlert(alertId)).toBeNull();
    expect(await reportRow(id)).toMatchObject({ status: 'approved', alertId, resolvedByUserId: moderator.id });
    expect((await logOf('report', id)).map((entry) => [entry.action, entry.actorEmail, entry.after])).toEqual([
      ['report.approve', moderator.email, { status: 'approved', alertId, reason: null }],
    ]);
    expect((await logOf('alert', alertId)).map((entry) => entry.action)).toEqual(['alert.create']);

    const mails = await mailsTo(reporter);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(STAFF_MESSAGES.reportMailSubject(projectName()));
    expect(mails[0].text).toContain(STAFF_MESSAGES.reportApprovedMail(projectName()));

    // Decided once and for all: no second decision of any kind, and nothing more is created or mailed.
    expect((await approveReportAction({ id })).serverError).toBe(STAFF_MESSAGES.reportAlreadyDecided);
    expect((await rejectReportAction(id, { reason: 'Changed my mind' })).serverError).toBe(STAFF_MESSAGES.reportAlreadyDecided);
    expect((await markDuplicateReportAction(id, { alertId })).serverError).toBe(STAFF_MESSAGES.reportAlreadyDecided);
    expect(await (await getDb()).select().from(securityAlerts).where(eq(securityAlerts.fromReportId, id))).toHaveLength(1);
    expect(await mailsTo(reporter)).toHaveLength(1);
  });

  it('mails nobody when the contact left is not an email address', async () => {
    const id = await fileReport('@someone on Telegram');
    signInAs(moderator);
    expect((await approveReportAction({ id })).serverError).toBeUndefined();
    expect(await mailsTo('@someone on Telegram')).toHaveLength(0);
  });

  it('is for moderators and admins only: an analyst gets Not found and the report stays new', async () => {
    const id = await fileReport(null);
    signInAs(analyst);
    expect((await approveReportAction({ id })).serverError).toBe(STAFF_MESSAGES.notFound);
    expect((await rejectReportAction(id, { reason: 'Spam' })).serverError).toBe(STAFF_MESSAGES.notFound);
    expect((await reportRow(id)).status).toBe('new');
  });
});

describe('rejecting and marking as duplicate', () => {
  it('a rejection needs a reason, which is kept and mailed', async () => {
    const reporter = testRun.nextEmail('rejected');
    const id = await fileReport(reporter);
    signInAs(moderator);
    const noReason = await rejectReportAction(id, { reason: ' ' });
    expect(noReason.validationErrors).toMatchObject({ reason: { _errors: [STAFF_MESSAGES.rejectReasonRequired] } });
    expect((await reportRow(id)).status).toBe('new');
    expect(await mailsTo(reporter)).toHaveLength(0);

    expect((await rejectReportAction(id, { reason: 'The pause was a planned upgrade.' })).data).toEqual({ ok: true });
    expect(await reportRow(id)).toMatchObject({ status: 'rejected', resolutionReason: 'The pause was a planned upgrade.', alertId: null });
    const [mail] = await mailsTo(reporter);
    expect(mail.text).toContain('Reason: The pause was a planned upgrade.');
    expect((await logOf('report', id)).map((entry) => entry.action)).toEqual(['report.reject']);
  });

  it('a duplicate points at an existing alert, and the mail links to it once public', async () => {
    const db = await getDb();
    const [known] = await db
      .insert(securityAlerts)
      .values({ projectId, type: 'bridge-hack', title: 'Bridge drained', occurredAt: new Date(), confidence: 'confirmed', status: 'published', publishedAt: new Date() })
      .returning({ id: securityAlerts.id });
    const reporter = testRun.nextEmail('duplicate');
    const id = await fileReport(reporter);
    signInAs(moderator);
    expect((await markDuplicateReportAction(id, { alertId: 'not-an-id' })).validationErrors).toMatchObject({ alertId: { _errors: [STAFF_MESSAGES.duplicateAlertRequired] } });
    expect((await markDuplicateReportAction(id, { alertId: '00000000-0000-4000-8000-000000000000' })).serverError).toBe(STAFF_MESSAGES.alertNotFound);
    expect((await reportRow(id)).status).toBe('new');

    expect((await markDuplicateReportAction(id, { alertId: known.id })).data).toEqual({ ok: true });
    expect(await getIncidentReport(id)).toMatchObject({ status: 'duplicate', alertId: known.id, alertTitle: 'Bridge drained', resolvedByEmail: moderator.email });
    const [mail] = await mailsTo(reporter);
    expect(mail.text).toContain(STAFF_MESSAGES.reportDuplicateMail(projectName()));
    expect(mail.text).toContain(`/alerts/${known.id}`);
  });
});

describe('the moderation queue', () => {
  it('lists undecided reports first, newest first, and filters by status', async () => {
    const older = await fileReport(null);
    const newer = await fileReport(null);
    const { rows } = await listIncidentReports({ page: 1 });
    const statuses = rows.map((row) => row.status);
    const firstDecided = statuses.findIndex((status) => status !== 'new');
    expect(firstDecided).toBeGreaterThan(0);
    expect(statuses.slice(firstDecided).every((status) => status !== 'new')).toBe(true);
    const newIds = rows.filter((row) => row.status === 'new').map((row) => row.id);
    expect(newIds.indexOf(newer)).toBeLessThan(newIds.indexOf(older));
    expect((await listIncidentReports({ status: 'rejected', page: 1 })).rows.every((row) => row.status === 'rejected')).toBe(true);
  });
});
