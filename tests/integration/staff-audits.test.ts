import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createAuditAction } from '@/actions/staff/create-audit';
import { publishAuditAction } from '@/actions/staff/publish-audit';
import { updateAuditAction } from '@/actions/staff/update-audit';
import { DEFAULT_FILTERS } from '@/lib/leaderboard';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { AuditFormInput } from '@/lib/schemas/staff-audit';
import { getDb } from '@/server/db/client';
import { audits, projects, staffAuditLog } from '@/server/db/schema';
import { listLeaderboard } from '@/server/leaderboard';
import { listProjectAudits, listRecentlyAudited } from '@/server/projects';
import { getStaffAudit, listStaffAudits } from '@/server/staff/audits';

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
let projectId: string;
const today = new Date().toISOString().slice(0, 10);
const REPORT_KEY = `${'ab'.repeat(32)}.pdf`;

const makeProject = (label: string) => makeTestProject(testRun, 'Audit', label);

const validAudit = (overrides: Partial<AuditFormInput> = {}): AuditFormInput => ({
  projectId,
  auditor: `Auditor ${testRun.id}`,
  startedOn: '2026-01-05',
  endedOn: '2026-01-20',
  publishedOn: today,
  scope: 'Vault and staking contracts',
  sourceRef: 'github.com/example/vault@4f2a9c1',
  findingItems: [
    { title: 'Reentrancy in withdraw', severity: 'critical', status: 'resolved' },
    { title: 'Missing event on owner change', severity: 'minor', status: 'acknowledged' },
    { title: 'Rounding favours the user', severity: 'minor', status: 'resolved' },
  ],
  reportFile: REPORT_KEY,
  ...overrides,
});

const logOf = (entityId: string) => staffLogOf('audit', entityId);
const auditsOf = async (project: string) => (await getDb()).select().from(audits).where(eq(audits.projectId, project));

beforeAll(async () => {
  [analyst, moderator] = await Promise.all([makeStaff(testRun, 'analyst'), makeStaff(testRun, 'moderator')]);
  projectId = await makeProject('audited');
});
beforeEach(() => signInAs(null));

describe('the audit form', () => {
  it('refuses bad input with a message per field and stores nothing', async () => {
    signInAs(analyst);
    const result = await createAuditAction(
      validAudit({
        auditor: ' ',
        publishedOn: '2026-02-30',
        startedOn: '2026-03-10',
        endedOn: '2026-03-01',
        scope: '',
        findingItems: [{ title: '', severity: 'severe' as never, status: 'resolved' }],
        reportFile: 'report.exe',
      }),
    );
    expect(result.data).toBeUndefined();
    expect(result.validationErrors).toMatchObject({
      auditor: { _errors: [STAFF_MESSAGES.auditorRequired] },
      publishedOn: { _errors: [STAFF_MESSAGES.dayInvalid] },
      endedOn: { _errors: [STAFF_MESSAGES.auditEndsBeforeStart] },
      scope: { _errors: [STAFF_MESSAGES.auditScopeRequired] },
      findingItems: { 0: { title: { _errors: [STAFF_MESSAGES.findingTitleRequired] }, severity: { _errors: [STAFF_MESSAGES.findingSeverityRequired] } } },
      reportFile: { _errors: [STAFF_MESSAGES.reportFileInvalid] },
    });
    const unknownProject = await createAuditAction(validAudit({ projectId: `no-such-project-${testRun.id}` }));
    expect(unknownProject.serverError).toBe(STAFF_MESSAGES.unknownProject);
    expect(await auditsOf(projectId)).toHaveLength(0);
    const db = await getDb();
    expect(await db.select().from(staffAuditLog).where(and(eq(staffAuditLog.actorEmail, analyst.email), eq(staffAuditLog.entityType, 'audit')))).toHaveLength(0);
  });

  it('is refused to roles without audits.write and to visitors, as Not found, and nothing is stored', async () => {
    for (const who of [moderator, null]) {
      signInAs(who);
      expect((await createAuditAction(validAudit())).serverError).toBe(STAFF_MESSAGES.notFound);
    }
    expect(await auditsOf(projectId)).toHaveLength(0);
  });
});

describe('an audit from draft to published', () => {
  it('stays off every public list as a draft, shows everywhere once published, with one log entry per write', async () => {
    signInAs(analyst);
    const created = await createAuditAction(validAudit());
    expect(created.serverError).toBeUndefined();
    const id = created.data!.id;

    const [draft] = await auditsOf(projectId);
    expect(draft).toMatchObject({ status: 'draft', isDemo: false, findings: { critical: { total: 1, resolved: 1 }, minor: { total: 2, resolved: 1 }, major: { total: 0, resolved: 0 } } });
    expect(await listProjectAudits(projectId)).toEqual([]);
    expect((await listRecentlyAudited(50)).some((row) => row.id === projectId)).toBe(false);
    expect((await listStaffAudits({ q: `auditor ${testRun.id}`, page: 1 })).rows.map((row) => row.id)).toEqual([id]);

    // A correction to the draft: one finding fewer, and its counts follow.
    const updated = await updateAuditAction(id, validAudit({ findingItems: validAudit().findingItems.slice(0, 2), scope: 'Vault contracts only' }));
    expect(updated.data).toEqual({ id });
    expect((await getStaffAudit(id))!.findings.minor).toEqual({ total: 1, resolved: 0 });

    expect((await publishAuditAction({ id })).data).toEqual({ ok: true });
    const [published] = await listProjectAudits(projectId);
    expect(published).toMatchObject({
      id,
      scope: 'Vault contracts only',
      sourceRef: 'github.com/example/vault@4f2a9c1',
      startedOn: '2026-01-05',
      reportUrl: `/api/files/${REPORT_KEY}`,
      isDemo: false,
      findingItems: [
        { title: 'Reentrancy in withdraw', severity: 'critical', status: 'resolved' },
        { title: 'Missing event on owner change', severity: 'minor', status: 'acknowledged' },
      ],
    });
    expect((await listRecentlyAudited(50)).find((row) => row.id === projectId)).toMatchObject({ auditor: `Auditor ${testRun.id}` });
    const [project] = await (await getDb()).select({ auditStatus: projects.auditStatus }).from(projects).where(eq(projects.id, projectId));
    expect(project.auditStatus).toBe('audited');

    expect((await publishAuditAction({ id })).serverError).toBe(STAFF_MESSAGES.auditAlreadyPublished);

    const log = await logOf(id);
    expect(log.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ['audit.create', analyst.email],
      ['audit.update', analyst.email],
      ['audit.publish', analyst.email],
    ]);
    expect(log[1].before).toMatchObject({ scope: 'Vault and staking contracts', status: 'draft' });
    expect(log[1].after).toMatchObject({ scope: 'Vault contracts only' });
    expect(log[2].after).toMatchObject({ status: 'published', projectAuditStatus: 'audited' });
  });

  it('the leaderboard dates a project by its latest published audit only', async () => {
    signInAs(analyst);
    const other = await makeProject('leaderboard');
    const draftId = (await createAuditAction(validAudit({ projectId: other }))).data!.id;
    const rowOf = async () => (await listLeaderboard({ ...DEFAULT_FILTERS, sort: 'audit' })).rows.find((row) => row.id === other);
    expect((await rowOf())?.latestAuditAt ?? null).toBeNull();
    await publishAuditAction({ id: draftId });
    expect((await rowOf())?.latestAuditAt?.toISOString().slice(0, 10)).toBe(today);
    expect((await listStaffAudits({ q: '', status: 'draft', project: other, page: 1 })).rows).toEqual([]);
    expect((await listStaffAudits({ q: '', status: 'published', project: other, page: 1 })).rows.map((row) => row.id)).toEqual([draftId]);
  });

  it('an audit entered only as counts keeps them until findings are entered one by one', async () => {
    signInAs(analyst);
    const db = await getDb();
    const counts = { critical: { total: 2, resolved: 1 }, major: { total: 0, resolved: 0 }, medium: { total: 3, resolved: 3 }, minor: { total: 0, resolved: 0 }, informational: { total: 1, resolved: 0 } };
    const [generated] = await db
      .insert(audits)
      .values({ projectId, auditor: 'Generated', publishedAt: new Date('2025-06-01T00:00:00Z'), scope: 'Old scope', findings: counts, isDemo: true })
      .returning({ id: audits.id });
    expect((await updateAuditAction(generated.id, validAudit({ auditor: 'Generated', findingItems: [], reportFile: '' }))).data).toEqual({ id: generated.id });
    expect((await getStaffAudit(generated.id))!).toMatchObject({ findings: counts, isDemo: true, reportFile: null });
    await updateAuditAction(generated.id, validAudit({ auditor: 'Generated', findingItems: [{ title: 'Only one', severity: 'major', status: 'pending' }] }));
    expect((await getStaffAudit(generated.id))!.findings).toMatchObject({ critical: { total: 0, resolved: 0 }, major: { total: 1, resolved: 0 } });
  });
});
