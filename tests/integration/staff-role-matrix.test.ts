import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { STAFF_MESSAGES } from '@/lib/messages/staff';
import { alertFormSchema, type AlertFormInput } from '@/lib/schemas/staff-alert';
import { auditFormSchema, type AuditFormInput } from '@/lib/schemas/staff-audit';
import { EMPTY_PROJECT_FORM, type ProjectCreateValues } from '@/lib/schemas/staff-project';
import { scoreFormValues } from '@/lib/schemas/staff-score';
import { PILLARS } from '@/lib/score';
import type { StaffRole } from '@/lib/staff';
import { getDb } from '@/server/db/client';
import { incidentReports, projects, quoteRequests } from '@/server/db/schema';
import { createAlert, publishAlert } from '@/server/staff/alerts';
import type { StaffActor } from '@/server/staff/audit-log';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { createAudit } from '@/server/staff/audits';
import { addStaffMember, inviteStaff, listOpenInvitations } from '@/server/staff/members';
import { beginEnrolment } from '@/server/staff/second-factor';
import { getStaffScore } from '@/server/staff/scores';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { consoleFingerprint } from '../support/console-fingerprint';
import { makeStaff, signInAs, totpCode, type StaffUser } from '../support/staff';

/*
 * The issue's role matrix: every staff action, route and console page, called by each role, by a signed-in user who
 * is not staff, by an anonymous visitor and by members whose session has not passed the second factor. Each call is
 * either allowed (and succeeds), or refused as the site's 404 with nothing changed in any table the console writes.
 */

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

/* ------------------------------------------------------------------------------------------------------------------
 * Who may do what, written from the issue's words (not read from server/staff/permissions.ts): admin everything;
 * analyst projects, audits, scores, alerts; moderator incident reports and alerts' corrections (so also the alerts
 * they correct); sales quote requests. The staff page and the audit log are the admins'.
 * ---------------------------------------------------------------------------------------------------------------- */
const ROLES = ['admin', 'analyst', 'moderator', 'sales'] as const satisfies readonly StaffRole[];
const EVERY_ROLE: readonly StaffRole[] = ROLES;
const ADMINS: readonly StaffRole[] = ['admin'];
const ANALYSTS: readonly StaffRole[] = ['admin', 'analyst'];
const ALERT_CORRECTORS: readonly StaffRole[] = ['admin', 'analyst', 'moderator'];
const MODERATORS: readonly StaffRole[] = ['admin', 'moderator'];
const SALES: readonly StaffRole[] = ['admin', 'sales'];

/**
 * Who calls: the four roles (verified in this session), a signed-in account that is not staff, an anonymous visitor,
 * an enrolled admin in a session that has not passed the second factor, and an admin who never enrolled one.
 */
const SUBJECTS = [...ROLES, 'non-staff user', 'anonymous visitor', 'admin without the factor this session', 'admin never enrolled'] as const;
type Subject = (typeof SUBJECTS)[number];
const UNVERIFIED = 'admin without the factor this session' satisfies Subject;
const UNENROLLED = 'admin never enrolled' satisfies Subject;

type Outcome = { kind: 'allowed' } | { kind: 'not found' } | { kind: 'redirect'; to: string } | { kind: 'refused'; reason: string };
const ALLOWED: Outcome = { kind: 'allowed' };
const NOT_FOUND: Outcome = { kind: 'not found' };
const redirectTo = (to: string): Outcome => ({ kind: 'redirect', to });

/** The caller as the fixtures know them: their account, and recovery codes left for the second-factor calls. */
type Caller = { subject: Subject; user: TestUser | null; recoveryCodes: string[]; secret: string | null };

type Entry = {
  /** `<file> <export>` for actions and routes, the file for pages and layouts. */
  key: string;
  /** The roles that reach it (verified members); everyone else is refused. */
  roles: readonly StaffRole[];
  /** For the second-factor steps, whose callers are members whatever their factor's state: outcome per subject. */
  outcomes?: Partial<Record<Subject, Outcome>>;
  /** An allowed call writes (the fingerprint must then move, which proves it sees this kind of change). */
  writes: boolean;
  /** Fixtures this call needs (made before the "before" fingerprint), returned as the call's arguments. */
  prepare?: (caller: Caller) => Promise<unknown[]>;
  call: (args: unknown[]) => Promise<Outcome>;
  /** The same call with input that fails validation: a refused caller must still get only the 404. */
  callWithBadInput?: () => Promise<Outcome>;
};

/* ------------------------------------------------------------------------------------------------------------------
 * Fixtures
 * ---------------------------------------------------------------------------------------------------------------- */
let fixtureActor: StaffActor;
let serial = 0;
const unique = (label: string) => `${label}-${++serial}-${testRun.id}`;
const today = new Date().toISOString().slice(0, 10);

async function newProject(): Promise<string> {
  const id = unique('matrix');
  await (await getDb()).insert(projects).values({ id, name: `Matrix ${id}` });
  return id;
}

let projectId: string;
let publishedAlertId: string;
let draftAlertId: string;
let draftAuditId: string;
let reportId: string;
let quoteId: string;

const validAlert = (overrides: Partial<AlertFormInput> = {}): AlertFormInput => ({
  title: `Matrix alert ${unique('alert')}`,
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
const validAudit = (): AuditFormInput => ({
  projectId,
  auditor: `Matrix Auditors ${unique('auditor')}`,
  startedOn: '',
  endedOn: '',
  publishedOn: today,
  scope: 'Vault contracts',
  sourceRef: '',
  findingItems: [{ title: 'Unchecked return value', severity: 'major', status: 'resolved' }],
  reportFile: '',
});
const validProject = (id: string): ProjectCreateValues => ({ ...EMPTY_PROJECT_FORM, id, name: `Matrix project ${id}` });

async function newDraftAlert(): Promise<string> {
  return (await createAlert(fixtureActor, alertFormSchema.parse(validAlert()))).id;
}
async function newPublishedAlert(): Promise<string> {
  const id = await newDraftAlert();
  await publishAlert(fixtureActor, id);
  return id;
}
async function newDraftAudit(): Promise<string> {
  return (await createAudit(fixtureActor, auditFormSchema.parse(validAudit()))).id;
}
async function newReport(): Promise<string> {
  const [row] = await (await getDb())
    .insert(incidentReports)
    .values({ projectId, description: `Withdrawals paused and funds moved out (${unique('report')}).`, contact: testRun.nextEmail('reporter'), reporterKey: 'matrix' })
    .returning({ id: incidentReports.id });
  return row.id;
}
async function newQuote(): Promise<string> {
  const [row] = await (await getDb())
    .insert(quoteRequests)
    .values({ name: 'Quinn', email: testRun.nextEmail('lead'), company: 'Matrix Labs', services: ['smart-contract-audit'], message: 'Please audit our vault.' })
    .returning({ id: quoteRequests.id });
  return row.id;
}
/** A score form whose signals differ from the last saved ones (saving the same signals twice is refused). */
async function changedScore(project: string) {
  const current = await getStaffScore(project);
  const values = scoreFormValues(current!.entries);
  const [pillar] = PILLARS;
  values.signals[pillar.key][pillar.signals[0].key] = String(++serial % 101);
  return { ...values, note: `Matrix change ${serial}` };
}
async function newMember(role: StaffRole): Promise<string> {
  const user = await testRun.makeUser(`target-${role}`);
  await addStaffMember(CLI_ACTOR, user.email, role);
  return user.id;
}
async function newInvitation(): Promise<string> {
  const email = testRun.nextEmail('invitee');
  await inviteStaff(fixtureActor, email, 'sales');
  return (await listOpenInvitations()).find((invitation) => invitation.email === email)!.id;
}

/** A file of the kind's type whose bytes are new each time (uploads are stored by content hash). */
function uploadBody(kind: 'logo' | 'report'): Uint8Array {
  const signature = kind === 'logo' ? [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] : [...Buffer.from('%PDF-1.4\n')];
  return new Uint8Array([...signature, ...Buffer.from(unique('bytes'))]);
}

/* ------------------------------------------------------------------------------------------------------------------
 * Calls and their outcomes
 * ---------------------------------------------------------------------------------------------------------------- */
type SafeActionResult = { data?: unknown; serverError?: string; validationErrors?: unknown; bindArgsValidationErrors?: unknown };
type AnyAction = (...args: unknown[]) => Promise<SafeActionResult | undefined>;

const importFile = async (file: string): Promise<Record<string, unknown>> => import(/* @vite-ignore */ path.join(ROOT, file));

async function actionOutcome(file: string, name: string, args: unknown[]): Promise<Outcome> {
  const action = (await importFile(file))[name] as AnyAction;
  const result = (await action(...args)) ?? {};
  if (result.serverError === STAFF_MESSAGES.notFound) return NOT_FOUND;
  if (result.serverError !== undefined) return { kind: 'refused', reason: result.serverError };
  if (result.validationErrors !== undefined || result.bindArgsValidationErrors !== undefined) {
    return { kind: 'refused', reason: JSON.stringify(result.validationErrors ?? result.bindArgsValidationErrors) };
  }
  return ALLOWED;
}

async function routeOutcome(file: string, method: string, request: Request): Promise<Outcome> {
  const handler = (await importFile(file))[method] as (request: Request) => Promise<Response>;
  const response = await handler(request);
  if (response.status === 404) {
    expect(await response.json()).toEqual({ error: STAFF_MESSAGES.notFound });
    return NOT_FOUND;
  }
  if (response.ok) return ALLOWED;
  return { kind: 'refused', reason: `${response.status} ${await response.text()}` };
}

/** Next's notFound() and redirect() throw errors whose digest says which; anything else is a real failure. */
async function pageOutcome(file: string, props: Record<string, unknown>): Promise<Outcome> {
  const render = (await importFile(file)).default as (props: Record<string, unknown>) => Promise<unknown>;
  try {
    await render(props);
    return ALLOWED;
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (digest === 'NEXT_HTTP_ERROR_FALLBACK;404') return NOT_FOUND;
    if (typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;')) return redirectTo(digest.split(';')[2]);
    throw error;
  }
}

const action = (
  file: string,
  name: string,
  roles: readonly StaffRole[],
  prepare: Entry['prepare'],
  extra: Partial<Pick<Entry, 'outcomes' | 'writes'>> = {},
): Entry => ({
  key: `actions/staff/${file} ${name}`,
  roles,
  writes: true,
  prepare,
  call: (args) => actionOutcome(`actions/staff/${file}`, name, args),
  // A bound argument and an input that both fail their schemas.
  callWithBadInput: () => actionOutcome(`actions/staff/${file}`, name, ['not valid', 'not valid']),
  ...extra,
});

const page = (file: string, roles: readonly StaffRole[], props: () => Record<string, unknown> = () => ({}), extra: Partial<Pick<Entry, 'outcomes' | 'writes'>> = {}): Entry => ({
  key: file,
  roles,
  writes: false,
  call: () => pageOutcome(file, props()),
  ...extra,
});
const searchParams = (query: Record<string, string> = {}) => () => ({ searchParams: Promise.resolve(query) });
const params = (read: () => Record<string, string>) => () => ({ params: Promise.resolve(read()), searchParams: Promise.resolve({}) });

const route = (file: string, method: string, roles: readonly StaffRole[], request: () => Request, badRequest: () => Request, writes: boolean): Entry => ({
  key: `${file} ${method}`,
  roles,
  writes,
  call: () => routeOutcome(file, method, request()),
  callWithBadInput: () => routeOutcome(file, method, badRequest()),
});
const upload = (kind: string, body: Uint8Array, type: string) =>
  new Request(`http://localhost/api/staff/files?kind=${kind}`, { method: 'POST', body: body as BodyInit, headers: { 'content-type': type } });

/** An import of one new incident of the public record (a dry run only when `dryRun`), or of a file with a bad row. */
const incidentImport = (valid: boolean) => {
  const id = unique('incident');
  const incident = { sourceId: `matrix:${id}`, source: 'matrix', date: valid ? '2024-01-02' : 'someday', protocol: `Matrix ${id}`, chains: ['Ethereum'], technique: 'other', links: [{ url: 'https://record.example/x', kind: 'analysis' }] };
  const body = JSON.stringify({ sources: [{ id: 'matrix', name: 'Matrix record', url: 'https://record.example', licence: 'CC0-1.0' }], incidents: [incident] });
  return new Request('http://localhost/api/staff/incident-imports?name=record.json&dryRun=false', { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
};

/** The second-factor steps belong to members whatever their factor's state; strangers get the 404. */
const MEMBERS_REFUSE_STRANGERS: Partial<Record<Subject, Outcome>> = { 'non-staff user': NOT_FOUND, 'anonymous visitor': NOT_FOUND };

const ENTRIES: Entry[] = [
  // Projects (analysts).
  action('create-project.ts', 'createProjectAction', ANALYSTS, async () => [validProject(unique('new'))]),
  action('update-project.ts', 'updateProjectAction', ANALYSTS, async () => {
    const id = await newProject();
    return [id, { ...validProject(id), name: `Renamed ${id}` }];
  }),
  action('hide-project.ts', 'hideProjectAction', ANALYSTS, async () => [{ id: await newProject() }]),
  action('show-project.ts', 'showProjectAction', ANALYSTS, async () => {
    const id = await newProject();
    await (await getDb()).update(projects).set({ hiddenAt: new Date() }).where(sql`${projects.id} = ${id}`);
    return [{ id }];
  }),

  // Audits (analysts).
  action('create-audit.ts', 'createAuditAction', ANALYSTS, async () => [validAudit()]),
  action('update-audit.ts', 'updateAuditAction', ANALYSTS, async () => [await newDraftAudit(), { ...validAudit(), scope: 'Vault and router' }]),
  action('publish-audit.ts', 'publishAuditAction', ANALYSTS, async () => [{ id: await newDraftAudit() }]),
  // Its audited code (#20): no address, a compiler not installed, so nothing is compiled or read on a chain.
  action('save-audit-code.ts', 'saveAuditCodeAction', ANALYSTS, async () => [
    await newDraftAudit(),
    { repository: '', commit: '', files: [{ path: 'A.sol', content: 'contract A {}' }], compilerVersion: '0.8.19', optimizer: false, runs: 200, evmVersion: '', viaIR: false, contracts: ['A.sol:A'], deployments: [] },
  ]),

  // Alerts (analysts write; moderators correct published ones).
  action('create-alert.ts', 'createAlertAction', ANALYSTS, async () => [validAlert()]),
  action('update-alert.ts', 'updateAlertAction', ANALYSTS, async () => [await newDraftAlert(), validAlert({ title: 'Edited draft' })]),
  action('publish-alert.ts', 'publishAlertAction', ANALYSTS, async () => [{ id: await newDraftAlert() }]),
  action('correct-alert.ts', 'correctAlertAction', ALERT_CORRECTORS, async () => [await newPublishedAlert(), { ...validAlert({ amountLostUsd: '2000' }), reason: 'The loss was twice as large.' }]),

  // Scores (analysts).
  action('update-score.ts', 'updateScoreAction', ANALYSTS, async () => [projectId, await changedScore(projectId)]),

  // Incident reports (moderators).
  action('approve-report.ts', 'approveReportAction', MODERATORS, async () => [{ id: await newReport() }]),
  action('reject-report.ts', 'rejectReportAction', MODERATORS, async () => [await newReport(), { reason: 'Not an incident.' }]),
  action('mark-duplicate-report.ts', 'markDuplicateReportAction', MODERATORS, async () => [await newReport(), { alertId: publishedAlertId }]),

  // Quote requests (sales).
  action('update-quote.ts', 'updateQuoteAction', SALES, async () => [await newQuote(), { status: 'contacted', ownerUserId: '', notes: 'Called them.' }]),

  // Staff (admins).
  action('invite-member.ts', 'inviteMemberAction', ADMINS, async () => [{ email: testRun.nextEmail('invited'), role: 'analyst' }]),
  action('change-member-role.ts', 'changeMemberRoleAction', ADMINS, async () => [{ userId: await newMember('sales'), role: 'moderator' }]),
  action('remove-member.ts', 'removeMemberAction', ADMINS, async () => [{ userId: await newMember('sales') }]),
  action('reset-member-factor.ts', 'resetMemberFactorAction', ADMINS, async () => [{ userId: (await makeStaff(testRun, 'sales')).id }]),
  action('revoke-invitation.ts', 'revokeInvitationAction', ADMINS, async () => [{ invitationId: await newInvitation() }]),

  // The second factor: members only, at the step their factor is at.
  action(
    'complete-enrolment.ts',
    'completeEnrolmentAction',
    EVERY_ROLE,
    async (caller) => {
      // A member with no factor yet proves the app's code; an enrolled one tries a code of their own app.
      if (caller.subject === UNENROLLED) return [{ code: totpCode((await beginEnrolment(caller.user!.id)).secret) }];
      return [{ code: caller.secret ? totpCode(caller.secret, Date.now() + 90_000) : '123456' }];
    },
    {
      outcomes: {
        ...MEMBERS_REFUSE_STRANGERS,
        ...Object.fromEntries([...ROLES, UNVERIFIED].map((subject) => [subject, { kind: 'refused', reason: STAFF_MESSAGES.alreadyEnrolled }])),
        [UNENROLLED]: ALLOWED,
      },
    },
  ),
  action('verify-second-factor.ts', 'verifySecondFactorAction', EVERY_ROLE, async (caller) => [{ code: caller.recoveryCodes.shift() ?? 'aaaa-bbbb-cccc' }], {
    // Members prove a recovery code; one who never enrolled has nothing to verify.
    outcomes: { ...MEMBERS_REFUSE_STRANGERS, ...Object.fromEntries([...ROLES, UNVERIFIED].map((subject) => [subject, ALLOWED])), [UNENROLLED]: NOT_FOUND },
  }),

  // Routes.
  route('app/api/staff/files/route.ts', 'POST', ANALYSTS, () => upload('logo', uploadBody('logo'), 'image/png'), () => upload('movie', uploadBody('logo'), 'image/png'), true),
  route('app/api/staff/incident-imports/route.ts', 'POST', ANALYSTS, () => incidentImport(true), () => incidentImport(false), true),
  route('app/api/staff/files/route.ts', 'POST', ANALYSTS, () => upload('report', uploadBody('report'), 'application/pdf'), () => upload('report', uploadBody('logo'), 'application/pdf'), true),
  route(
    'app/staff/(console)/quotes/export/route.ts',
    'GET',
    SALES,
    () => new Request('http://localhost/staff/quotes/export?status=new'),
    () => new Request('http://localhost/staff/quotes/export?status=%00&page=-1'),
    false,
  ),

  // Console pages (and their layouts).
  page('app/staff/layout.tsx', EVERY_ROLE, () => ({ children: null }), { outcomes: { ...MEMBERS_REFUSE_STRANGERS, [UNVERIFIED]: ALLOWED, [UNENROLLED]: ALLOWED } }),
  page('app/staff/(console)/layout.tsx', EVERY_ROLE, () => ({ children: null })),
  page('app/staff/(console)/page.tsx', EVERY_ROLE),
  page('app/staff/(console)/projects/page.tsx', ANALYSTS, searchParams({ q: 'matrix', visibility: 'visible' })),
  page('app/staff/(console)/projects/new/page.tsx', ANALYSTS),
  page('app/staff/(console)/projects/[id]/page.tsx', ANALYSTS, params(() => ({ id: projectId }))),
  page('app/staff/(console)/audits/page.tsx', ANALYSTS, searchParams({ q: 'matrix' })),
  page('app/staff/(console)/audits/new/page.tsx', ANALYSTS),
  page('app/staff/(console)/audits/[id]/page.tsx', ANALYSTS, params(() => ({ id: draftAuditId }))),
  page('app/staff/(console)/alerts/page.tsx', ALERT_CORRECTORS, searchParams({ status: 'published' })),
  page('app/staff/(console)/alerts/new/page.tsx', ANALYSTS),
  page('app/staff/(console)/alerts/import/page.tsx', ANALYSTS),
  page('app/staff/(console)/alerts/[id]/page.tsx', ALERT_CORRECTORS, params(() => ({ id: publishedAlertId }))),
  page('app/staff/(console)/alerts/[id]/page.tsx', ALERT_CORRECTORS, params(() => ({ id: draftAlertId }))),
  page('app/staff/(console)/reports/page.tsx', MODERATORS, searchParams({ status: 'new' })),
  page('app/staff/(console)/reports/[id]/page.tsx', MODERATORS, params(() => ({ id: reportId }))),
  page('app/staff/(console)/scores/page.tsx', ANALYSTS, searchParams({ q: 'matrix' })),
  page('app/staff/(console)/scores/[projectId]/page.tsx', ANALYSTS, params(() => ({ projectId }))),
  page('app/staff/(console)/quotes/page.tsx', SALES, searchParams({ status: 'new' })),
  page('app/staff/(console)/quotes/[id]/page.tsx', SALES, params(() => ({ id: quoteId }))),
  page('app/staff/(console)/members/page.tsx', ADMINS),
  page('app/staff/(console)/log/page.tsx', ADMINS, searchParams({ type: 'alert' })),
  // The second-factor pages: each member is sent to the step their factor is at.
  page('app/staff/enrol/page.tsx', EVERY_ROLE, undefined, {
    writes: true,
    outcomes: { ...MEMBERS_REFUSE_STRANGERS, ...Object.fromEntries(ROLES.map((role) => [role, redirectTo('/staff')])), [UNVERIFIED]: redirectTo('/staff/verify'), [UNENROLLED]: ALLOWED },
  }),
  page('app/staff/verify/page.tsx', EVERY_ROLE, undefined, {
    outcomes: { ...MEMBERS_REFUSE_STRANGERS, ...Object.fromEntries(ROLES.map((role) => [role, redirectTo('/staff')])), [UNVERIFIED]: ALLOWED, [UNENROLLED]: redirectTo('/staff/enrol') },
  }),
];

/** What the matrix expects of a subject: the entry's own outcomes first, else its roles. */
function expectedOutcome(entry: Entry, subject: Subject): Outcome {
  const own = entry.outcomes?.[subject];
  if (own) return own;
  if ((ROLES as readonly string[]).includes(subject)) return entry.roles.includes(subject as StaffRole) ? ALLOWED : NOT_FOUND;
  // Console pages send a member without the factor to its step; actions and routes answer them the 404.
  const isPage = !entry.key.includes(' ');
  if (isPage && subject === UNVERIFIED) return redirectTo('/staff/verify');
  if (isPage && subject === UNENROLLED) return redirectTo('/staff/enrol');
  return NOT_FOUND;
}

/* ------------------------------------------------------------------------------------------------------------------
 * Every file the console is made of must be in the matrix
 * ---------------------------------------------------------------------------------------------------------------- */
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const filesUnder = (dir: string, name: (file: string) => boolean): string[] =>
  fs.existsSync(path.join(ROOT, dir))
    ? (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[])
        .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
        .filter((file) => name(path.posix.basename(file)))
        .sort()
    : [];

async function consoleSurface(): Promise<string[]> {
  const keys: string[] = [];
  for (const file of filesUnder('actions/staff', (name) => name.endsWith('.ts'))) {
    for (const name of Object.keys(await importFile(file))) keys.push(`${file} ${name}`);
  }
  for (const file of [...filesUnder('app/api/staff', (name) => /^route\.tsx?$/.test(name)), ...filesUnder('app/staff', (name) => /^route\.tsx?$/.test(name))]) {
    for (const name of Object.keys(await importFile(file)).filter((name) => HTTP_METHODS.includes(name))) keys.push(`${file} ${name}`);
  }
  keys.push(...filesUnder('app/staff', (name) => /^(page|layout)\.tsx?$/.test(name)));
  return keys.sort();
}

/* ------------------------------------------------------------------------------------------------------------------
 * Signing in as a subject, and the fingerprint of what the console writes
 * ---------------------------------------------------------------------------------------------------------------- */
const members = {} as Record<StaffRole, StaffUser>;
let outsider: TestUser;
let unverifiedAdmin: StaffUser;

async function signInAsSubject(subject: Subject): Promise<Caller> {
  if (subject === 'anonymous visitor') {
    signInAs(null);
    return { subject, user: null, recoveryCodes: [], secret: null };
  }
  if (subject === 'non-staff user') {
    signInAs(outsider, `session-${outsider.username}`);
    return { subject, user: outsider, recoveryCodes: [], secret: null };
  }
  if (subject === UNVERIFIED) {
    // Enrolled, signed in again: a new session that has not passed the factor.
    signInAs(unverifiedAdmin, unique('unverified-session'));
    return { subject, user: unverifiedAdmin, recoveryCodes: unverifiedAdmin.recoveryCodes, secret: unverifiedAdmin.secret };
  }
  if (subject === UNENROLLED) {
    const user = await testRun.makeUser('unenrolled');
    await addStaffMember(CLI_ACTOR, user.email, 'admin');
    signInAs(user, unique('unenrolled-session'));
    return { subject, user, recoveryCodes: [], secret: null };
  }
  const member = members[subject];
  signInAs(member);
  return { subject, user: member, recoveryCodes: member.recoveryCodes, secret: member.secret };
}

beforeAll(async () => {
  const fixtureAdmin = await makeStaff(testRun, 'admin');
  fixtureActor = { userId: fixtureAdmin.id, email: fixtureAdmin.email };
  for (const role of ROLES) members[role] = await makeStaff(testRun, role);
  unverifiedAdmin = await makeStaff(testRun, 'admin');
  outsider = await testRun.makeUser('outsider');
  projectId = await newProject();
  [publishedAlertId, draftAlertId, draftAuditId, reportId, quoteId] = await Promise.all([newPublishedAlert(), newDraftAlert(), newDraftAudit(), newReport(), newQuote()]);
});

describe('the role matrix', () => {
  it('lists every staff action, route, page and layout, and nothing that does not exist', async () => {
    const listed = [...new Set(ENTRIES.map((entry) => entry.key))].sort();
    expect(listed).toEqual(await consoleSurface());
  });

  describe.each(ENTRIES.map((entry, index) => [`${entry.key}${ENTRIES.findIndex((other) => other.key === entry.key) === index ? '' : ` (case ${index})`}`, entry] as const))('%s', (_, entry) => {
    it.each(SUBJECTS)('%s', async (subject) => {
      const caller = await signInAsSubject(subject);
      const args = (await entry.prepare?.(caller)) ?? [];
      const expected = expectedOutcome(entry, subject);
      const before = await consoleFingerprint();
      expect(await entry.call(args)).toEqual(expected);
      const after = await consoleFingerprint();
      if (expected.kind === 'allowed' && entry.writes) expect(after).not.toEqual(before);
      else expect(after).toEqual(before);

      // A member refused by the step itself (no factor to verify) is not a stranger at the door.
      const refusedAtTheDoor = expected.kind === 'not found' && (!entry.outcomes?.[subject] || subject in MEMBERS_REFUSE_STRANGERS);
      if (refusedAtTheDoor && entry.callWithBadInput) {
        // Refused before the input is read: a stranger learns nothing from validation messages either.
        expect(await entry.callWithBadInput()).toEqual(NOT_FOUND);
        expect(await consoleFingerprint()).toEqual(before);
      }
    });
  });
});
