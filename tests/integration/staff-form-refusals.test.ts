import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { alertFormSchema, type AlertFormInput } from '@/lib/schemas/staff-alert';
import { auditFormSchema, type AuditFormInput } from '@/lib/schemas/staff-audit';
import { EMPTY_PROJECT_FORM, type ProjectCreateValues } from '@/lib/schemas/staff-project';
import { scoreFormValues } from '@/lib/schemas/staff-score';
import { PILLARS } from '@/lib/score';
import { getDb } from '@/server/db/client';
import { incidentReports, quoteRequests } from '@/server/db/schema';
import { createAlert, publishAlert } from '@/server/staff/alerts';
import { CLI_ACTOR, type StaffActor } from '@/server/staff/audit-log';
import { createAudit } from '@/server/staff/audits';
import { addStaffMember, inviteStaff, listOpenInvitations } from '@/server/staff/members';
import { getStaffScore } from '@/server/staff/scores';

import { createTestRun } from '../fixtures/test-run';
import { consoleFingerprint } from '../support/console-fingerprint';
import { makeStaff, makeTestProject, signInAs, type StaffUser } from '../support/staff';

/*
 * The "every console form rejects bad input with a clear message and stores nothing", at the server-action
 * level, for every staff action (the file is checked against actions/staff/): a caller who may use the action sends
 * input its schema refuses; the answer names each bad field with the catalogue's message, and nothing the console
 * writes has changed. Actions that are buttons (an id only) have no message to show; they are refused all the same.
 */

vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let admin: StaffUser;
let actor: StaffActor;
let projectId: string;
const today = new Date().toISOString().slice(0, 10);

const validAlert = (overrides: Partial<AlertFormInput> = {}): AlertFormInput => ({
  title: `Refusals alert ${testRun.id}`,
  type: 'exploit',
  occurredOn: today,
  chain: 'Ethereum',
  amountLostUsd: '1000',
  amountReturnedUsd: '',
  amountsPricedOn: today,
  technique: 'Reentrancy',
  sourceUrls: 'https://example.com/post-mortem',
  confidence: 'high',
  projectId,
  description: 'Drained through a reentrant withdraw.',
  ...overrides,
});
const validAudit = (overrides: Partial<AuditFormInput> = {}): AuditFormInput => ({
  projectId,
  auditor: `Refusals Auditors ${testRun.id}`,
  startedOn: '',
  endedOn: '',
  publishedOn: today,
  scope: 'Vault contracts',
  sourceRef: '',
  findingItems: [{ title: 'Unchecked return value', severity: 'major', status: 'resolved' }],
  reportFile: '',
  ...overrides,
});
const validProject = (id: string, overrides: Partial<ProjectCreateValues> = {}): ProjectCreateValues => ({ ...EMPTY_PROJECT_FORM, id, name: `Refusals project ${id}`, ...overrides });

/** The messages next-safe-action reports at one field (a dotted path into its nested validation errors). */
function messagesAt(errors: unknown, field: string): string[] {
  let node = errors as Record<string, unknown> | undefined;
  for (const key of field.split('.')) node = node?.[key] as Record<string, unknown> | undefined;
  return (node?._errors as string[] | undefined) ?? [];
}

type SafeActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown; bindArgsValidationErrors?: unknown };

type Case = {
  /** `<file> <export>` under actions/staff. */
  key: string;
  /** The caller (default: a verified admin, who may use every console action). */
  caller?: () => Promise<StaffUser | (Omit<StaffUser, 'sessionId'> & { sessionId: string })>;
  /** The arguments with bad input. */
  args: () => Promise<unknown[]>;
  /** For a form: each refused field and its message. A button (an id only) shows none: `null`. */
  messages: Record<string, string> | null;
};

const SECOND_FACTOR_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

async function newReport(): Promise<string> {
  const [row] = await (await getDb())
    .insert(incidentReports)
    .values({ projectId, description: `Withdrawals paused and funds moved out (${testRun.id}).`, contact: testRun.nextEmail('reporter'), reporterKey: 'refusals' })
    .returning({ id: incidentReports.id });
  return row.id;
}
async function newQuote(): Promise<string> {
  const [row] = await (await getDb())
    .insert(quoteRequests)
    .values({ name: 'Quinn', email: testRun.nextEmail('lead'), company: 'Refusal Labs', services: ['smart-contract-audit'], message: 'Please audit our vault.' })
    .returning({ id: quoteRequests.id });
  return row.id;
}
async function newDraftAlert(): Promise<string> {
  return (await createAlert(actor, alertFormSchema.parse(validAlert()))).id;
}

const CASES: Case[] = [
  {
    key: 'create-project.ts createProjectAction',
    args: async () => [validProject('Not A Slug!', { name: ' ', website: 'ftp://example.com' })],
    messages: { id: STAFF_MESSAGES.projectSlugInvalid, name: STAFF_MESSAGES.projectNameRequired, website: STAFF_MESSAGES.websiteInvalid },
  },
  {
    key: 'update-project.ts updateProjectAction',
    args: async () => [projectId, validProject(projectId, { name: '', tokenTickers: 'BTC BT/C' })],
    messages: { name: STAFF_MESSAGES.projectNameRequired, tokenTickers: STAFF_MESSAGES.tickerInvalid('BT/C') },
  },
  { key: 'hide-project.ts hideProjectAction', args: async () => [{ id: 'Not A Slug!' }], messages: null },
  { key: 'show-project.ts showProjectAction', args: async () => [{ id: 'Not A Slug!' }], messages: null },
  {
    key: 'create-audit.ts createAuditAction',
    args: async () => [validAudit({ auditor: ' ', scope: '', findingItems: [{ title: '', severity: 'dreadful' as never, status: 'resolved' }] })],
    messages: {
      auditor: STAFF_MESSAGES.auditorRequired,
      scope: STAFF_MESSAGES.auditScopeRequired,
      'findingItems.0.title': STAFF_MESSAGES.findingTitleRequired,
      'findingItems.0.severity': STAFF_MESSAGES.findingSeverityRequired,
    },
  },
  {
    key: 'update-audit.ts updateAuditAction',
    args: async () => [(await createAudit(actor, auditFormSchema.parse(validAudit()))).id, validAudit({ publishedOn: '', findingItems: [{ title: 'Unchecked', severity: 'major', status: 'forgotten' as never }] })],
    messages: { publishedOn: STAFF_MESSAGES.auditPublishedOnRequired, 'findingItems.0.status': STAFF_MESSAGES.findingStatusRequired },
  },
  { key: 'publish-audit.ts publishAuditAction', args: async () => [{ id: 'not-an-id' }], messages: null },
  {
    key: 'save-audit-code.ts saveAuditCodeAction',
    args: async () => [
      (await createAudit(actor, auditFormSchema.parse(validAudit()))).id,
      {
        repository: '',
        commit: '',
        files: [{ path: 'Vault.txt', content: '' }],
        compilerVersion: 'latest',
        optimizer: true,
        runs: 200,
        evmVersion: '',
        viaIR: false,
        contracts: ['Vault'],
        deployments: [],
      },
    ],
    messages: {
      'files.0.path': 'Each source file needs a path ending in .sol (letters, digits, _ @ . / -).',
      'files.0.content': 'A source file is empty.',
      compilerVersion: 'The compiler version looks like 0.8.28.',
      'contracts.0': 'Name each contract as file.sol:Name.',
    },
  },
  {
    key: 'create-alert.ts createAlertAction',
    args: async () => [validAlert({ title: '', sourceUrls: ' ', confidence: '' as never })],
    messages: { title: STAFF_MESSAGES.alertTitleRequired, sourceUrls: STAFF_MESSAGES.sourceLinkRequired, confidence: STAFF_MESSAGES.confidenceRequired },
  },
  {
    key: 'update-alert.ts updateAlertAction',
    args: async () => [await newDraftAlert(), validAlert({ type: 'meteor' as never, amountLostUsd: 'a lot', occurredOn: '2999-01-01' })],
    messages: { type: STAFF_MESSAGES.alertTypeRequired, amountLostUsd: STAFF_MESSAGES.amountInvalid, occurredOn: STAFF_MESSAGES.alertDateInFuture },
  },
  { key: 'publish-alert.ts publishAlertAction', args: async () => [{ id: 'not-an-id' }], messages: null },
  {
    key: 'correct-alert.ts correctAlertAction',
    args: async () => {
      const id = await newDraftAlert();
      await publishAlert(actor, id);
      return [id, { ...validAlert({ amountLostUsd: '-5', sourceUrls: 'http://example.com/plain' }), reason: '' }];
    },
    messages: { amountLostUsd: STAFF_MESSAGES.amountInvalid, sourceUrls: STAFF_MESSAGES.sourceLinkInvalid('http://example.com/plain'), reason: STAFF_MESSAGES.reasonRequired },
  },
  {
    key: 'update-score.ts updateScoreAction',
    args: async () => {
      const values = scoreFormValues((await getStaffScore(projectId))!.entries);
      const [pillar] = PILLARS;
      values.signals[pillar.key][pillar.signals[0].key] = '101';
      return [projectId, { ...values, note: ' ' }];
    },
    messages: { [`signals.${PILLARS[0].key}.${PILLARS[0].signals[0].key}`]: STAFF_MESSAGES.signalInvalid, note: STAFF_MESSAGES.scoreNoteRequired },
  },
  { key: 'approve-report.ts approveReportAction', args: async () => [{ id: 'not-an-id' }], messages: null },
  { key: 'reject-report.ts rejectReportAction', args: async () => [await newReport(), { reason: ' ' }], messages: { reason: STAFF_MESSAGES.rejectReasonRequired } },
  {
    key: 'mark-duplicate-report.ts markDuplicateReportAction',
    args: async () => [await newReport(), { alertId: 'the one from last week' }],
    messages: { alertId: STAFF_MESSAGES.duplicateAlertRequired },
  },
  {
    key: 'update-quote.ts updateQuoteAction',
    args: async () => [await newQuote(), { status: 'maybe', ownerUserId: 'someone', notes: 'x'.repeat(10_001) }],
    messages: { status: STAFF_MESSAGES.quoteStatusRequired, ownerUserId: STAFF_MESSAGES.quoteOwnerInvalid, notes: STAFF_MESSAGES.quoteNotesTooLong },
  },
  {
    key: 'invite-member.ts inviteMemberAction',
    args: async () => [{ email: 'not an address', role: 'owner' }],
    messages: { email: STAFF_MESSAGES.memberEmailInvalid, role: STAFF_MESSAGES.roleRequired },
  },
  {
    key: 'change-member-role.ts changeMemberRoleAction',
    args: async () => [{ userId: (await makeStaff(testRun, 'sales')).id, role: 'owner' }],
    messages: { role: STAFF_MESSAGES.roleRequired },
  },
  { key: 'remove-member.ts removeMemberAction', args: async () => [{ userId: 'nobody' }], messages: { userId: STAFF_MESSAGES.memberNotFound } },
  { key: 'reset-member-factor.ts resetMemberFactorAction', args: async () => [{ userId: 'nobody' }], messages: { userId: STAFF_MESSAGES.memberNotFound } },
  {
    key: 'revoke-invitation.ts revokeInvitationAction',
    args: async () => {
      // An open invitation exists; the bad id must not touch it.
      const email = testRun.nextEmail('invitee');
      await inviteStaff(actor, email, 'sales');
      expect((await listOpenInvitations()).some((invitation) => invitation.email === email)).toBe(true);
      return [{ invitationId: 'not-an-id' }];
    },
    messages: { invitationId: STAFF_MESSAGES.invitationClosed },
  },
  {
    key: 'complete-enrolment.ts completeEnrolmentAction',
    // A member who has not enrolled yet, on the enrolment page.
    caller: async () => {
      const user = await testRun.makeUser('enrolling');
      await addStaffMember(CLI_ACTOR, user.email, 'analyst');
      return { ...user, role: 'analyst' as const, sessionId: `enrolling-${user.username}`, secret: '', recoveryCodes: [] };
    },
    args: async () => [{ code: '12' }],
    messages: { code: SECOND_FACTOR_CODE_MESSAGE },
  },
  {
    key: 'verify-second-factor.ts verifySecondFactorAction',
    // An enrolled member in a new session, on the verification page.
    caller: async () => ({ ...(await makeStaff(testRun, 'moderator')), sessionId: `new-session-${testRun.id}` }),
    args: async () => [{ code: '' }],
    messages: { code: SECOND_FACTOR_CODE_MESSAGE },
  },
];

beforeAll(async () => {
  admin = await makeStaff(testRun, 'admin');
  actor = { userId: admin.id, email: admin.email };
  projectId = await makeTestProject(testRun, 'Refusals', 'refusals');
});

describe('every console form refuses bad input with a clear message and stores nothing', () => {
  it('covers every staff action', async () => {
    const dir = path.join(ROOT, 'actions/staff');
    const keys: string[] = [];
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts')).sort()) {
      for (const name of Object.keys(await import(/* @vite-ignore */ path.join(dir, file)))) keys.push(`${file} ${name}`);
    }
    expect(CASES.map((entry) => entry.key).sort()).toEqual(keys.sort());
  });

  it.each(CASES.map((entry) => [entry.key, entry] as const))('%s', async (_, entry) => {
    const caller = entry.caller ? await entry.caller() : admin;
    const args = await entry.args();
    signInAs(caller, caller.sessionId);
    const [file, name] = entry.key.split(' ');
    const action = (await import(/* @vite-ignore */ path.join(ROOT, 'actions/staff', file)))[name] as (...args: unknown[]) => Promise<SafeActionResult>;

    const before = await consoleFingerprint();
    const result = await action(...args);
    expect(await consoleFingerprint()).toEqual(before);

    // Refused by its schema, not by the door (the caller may use it) or by the data.
    expect(result.serverError).toBeUndefined();
    expect(result.data).toBeUndefined();
    const errors = result.validationErrors ?? result.bindArgsValidationErrors;
    expect(errors).toBeDefined();
    for (const [field, message] of Object.entries(entry.messages ?? {})) expect(messagesAt(result.validationErrors, field), field).toContain(message);
  });
});
