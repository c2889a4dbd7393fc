import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createProjectAction } from '@/actions/staff/create-project';
import { hideProjectAction } from '@/actions/staff/hide-project';
import { showProjectAction } from '@/actions/staff/show-project';
import { updateProjectAction } from '@/actions/staff/update-project';
import { POST as uploadFile } from '@/app/api/staff/files/route';
import { DEFAULT_FILTERS } from '@/lib/leaderboard';
import { STAFF_MESSAGES } from '@/lib/messages/staff';
import type { ProjectCreateValues } from '@/lib/schemas/staff-project';
import { STAFF_FILE_MAX_BYTES } from '@/lib/staff-files';
import { parseConfig } from '@/server/config';
import { getDb, openDatabase } from '@/server/db/client';
import {
  audits,
  pageViews,
  projects,
  projectScoreHistory,
  projectScores,
  securityAlerts,
  skynetKnownContracts,
  skynetMetricPoints,
  skynetSocialActivity,
  staffAuditLog,
  votes,
} from '@/server/db/schema';
import { seedDatabase } from '@/server/db/seed';
import { listFilterOptions, listLeaderboard } from '@/server/leaderboard';
import { getProject, getProjectDetail, listProjectIdsForSitemap, listRecentAlerts, listUnderAudit } from '@/server/projects';
import { getTrendingProjects, searchProjects } from '@/server/search';
import { clearSkynetMemo } from '@/server/skynet/memo';
import { getMetricLatest, getProjectMonitoring, getSocialActivityByDates, getTopCallers } from '@/server/skynet/queries';
import { getStaffProject, listStaffProjects } from '@/server/staff/projects';
import { castVote } from '@/server/votes';
import { assertProjectsExist, createWatchlist, describeProjects, listWatchlists } from '@/server/watchlists';

import { createTestRun } from '../fixtures/test-run';
import { makeStaff, signInAs, staffLogOf, type StaffUser } from '../support/staff';

// Auth.js does not load outside Next: the session is whoever the test signs in (signInAs).
vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original<typeof import('react')>()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

const testRun = createTestRun();
afterAll(() => testRun.cleanUp());

let admin: StaffUser;
let analyst: StaffUser;
let moderator: StaffUser;
beforeAll(async () => {
  [admin, analyst, moderator] = [await makeStaff(testRun, 'admin'), await makeStaff(testRun, 'analyst'), await makeStaff(testRun, 'moderator')];
});
beforeEach(() => signInAs(null));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode('%PDF-1.7\n% a report\n%%EOF\n');

const upload = (kind: string, body: Uint8Array, type = 'application/octet-stream') =>
  uploadFile(new Request(`http://localhost/api/staff/files?kind=${kind}`, { method: 'POST', body: body as BodyInit, headers: { 'content-type': type } }));

describe('POST /api/staff/files', () => {
  it('stores a logo for whoever may edit projects, answering its key and an address that serves the same bytes', async () => {
    signInAs(analyst);
    const response = await upload('logo', PNG, 'image/png');
    expect(response.status).toBe(201);
    const { key, url } = (await response.json()) as { key: string; url: string };
    expect(key).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(url).toBe(`/api/files/${key}`);
    const { GET } = await import('@/app/api/files/[key]/route');
    const served = await GET(new Request(`http://localhost${url}`), { params: Promise.resolve({ key }) });
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('stores a report PDF, and refuses a PDF sent as a logo', async () => {
    signInAs(admin);
    const report = await upload('report', PDF, 'application/pdf');
    expect(report.status).toBe(201);
    expect(((await report.json()) as { key: string }).key).toMatch(/\.pdf$/);
    const wrong = await upload('logo', PDF);
    expect(wrong.status).toBe(415);
  });

  it('refuses a file over its kind’s limit with 413 and names the limit', async () => {
    signInAs(analyst);
    const response = await upload('logo', new Uint8Array(STAFF_FILE_MAX_BYTES.logo + 1));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: STAFF_MESSAGES.uploadTooLarge(1) });
  });

  it('asks staff who may upload to say what the file is', async () => {
    signInAs(analyst);
    const response = await upload('avatar', PNG);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: STAFF_MESSAGES.uploadKindInvalid });
  });

  it('answers 404 to anyone who may not upload that kind, whatever they send', async () => {
    for (const person of [null, await testRun.makeUser('visitor'), moderator]) {
      signInAs(person);
      for (const [kind, body] of [['logo', PNG], ['report', PDF], ['avatar', PNG]] as const) {
        const response = await upload(kind, body);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: STAFF_MESSAGES.notFound });
      }
    }
  });
});

/** USDC on Ethereum, in its EIP-55 form. */
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SOLANA_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const LOGO_KEY = `${'cd'.repeat(32)}.png`;

/** A name no seeded project comes near, so searches for it find only this run's projects. */
const uniqueName = (label: string) => `Zyqvex ${label} ${testRun.id}`;

const validProject = (overrides: Partial<ProjectCreateValues> = {}): ProjectCreateValues => ({
  id: `staff-${testRun.id}`,
  name: uniqueName('Vault'),
  tokenTickers: 'ZQV, zqv, ZQVX',
  logo: LOGO_KEY,
  category: 'DeFi',
  chains: ['Ethereum', 'Solana'],
  website: 'https://vault.example.org',
  socials: [{ network: 'X', url: 'https://x.com/vault' }],
  description: 'A vault.',
  contracts: [
    { chain: 'Ethereum', address: USDC.toLowerCase() },
    { chain: 'Solana', address: SOLANA_USDC },
  ],
  auditStatus: 'under_audit',
  kycVerified: true,
  ...overrides,
});

const logOf = (entityId: string) => staffLogOf('project', entityId);
const projectRows = async (id: string) => (await getDb()).select().from(projects).where(eq(projects.id, id));

describe('creating a project', () => {
  it('stores what staff entered as real data, public and searchable at once, with one log entry', async () => {
    // The search index is in memory: load it first, so the test shows a write refreshes it.
    expect(await searchProjects(uniqueName('Vault'))).toEqual([]);
    signInAs(analyst);
    const result = await createProjectAction(validProject());
    expect(result.serverError).toBeUndefined();
    expect(result.data).toEqual({ id: `staff-${testRun.id}` });

    const [row] = await projectRows(`staff-${testRun.id}`);
    expect(row).toMatchObject({
      name: uniqueName('Vault'),
      tokenTickers: ['ZQV', 'ZQVX'],
      logo: `/api/files/${LOGO_KEY}`,
      chains: ['Ethereum', 'Solana'],
      contracts: [
        { chain: 'Ethereum', address: USDC },
        { chain: 'Solana', address: SOLANA_USDC },
      ],
      auditStatus: 'under_audit',
      kycVerified: true,
      isDemo: false,
      hiddenAt: null,
      rank: null,
    });
    expect((await searchProjects('Zyqvex Vault')).map((hit) => hit.id)).toContain(`staff-${testRun.id}`);
    expect((await searchProjects('ZQVX')).map((hit) => hit.id)).toContain(`staff-${testRun.id}`);
    expect(await getProjectDetail(`staff-${testRun.id}`)).toMatchObject({ isDemo: false, score: null, grade: null, website: 'https://vault.example.org' });

    const log = await logOf(`staff-${testRun.id}`);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'project.create', actorEmail: analyst.email, before: null, after: { name: uniqueName('Vault'), hidden: false, kycVerified: true } });
  });

  it('refuses bad input with a message per field, and stores nothing', async () => {
    signInAs(analyst);
    const wrongChecksum = USDC.replace('A0b', 'A0B');
    const result = await createProjectAction(
      validProject({
        id: `Bad Slug ${testRun.id}`,
        name: ' ',
        tokenTickers: 'GOOD, b@d',
        logo: 'javascript:alert(1)',
        chains: ['Ethereum'],
        website: 'http://insecure.example.org',
        socials: [{ network: '', url: 'ftp://x' }],
        contracts: [
          { chain: 'Ethereum', address: wrongChecksum },
          { chain: 'Solana', address: SOLANA_USDC },
          { chain: 'Ethereum', address: '0x1234' },
        ],
      }),
    );
    expect(result.data).toBeUndefined();
    expect(result.validationErrors).toMatchObject({
      id: { _errors: [STAFF_MESSAGES.projectSlugInvalid] },
      name: { _errors: [STAFF_MESSAGES.projectNameRequired] },
      tokenTickers: { _errors: [STAFF_MESSAGES.tickerInvalid('b@d')] },
      logo: { _errors: [STAFF_MESSAGES.logoInvalid] },
      website: { _errors: [STAFF_MESSAGES.websiteInvalid] },
      socials: { 0: { network: { _errors: [STAFF_MESSAGES.socialNetworkRequired] }, url: { _errors: [STAFF_MESSAGES.socialUrlInvalid] } } },
      contracts: { 0: { address: { _errors: [STAFF_MESSAGES.evmAddressInvalid] } }, 2: { address: { _errors: [STAFF_MESSAGES.evmAddressInvalid] } } },
    });

    // The contract on a chain the project does not list is caught once the rest is right.
    const offChain = await createProjectAction(validProject({ id: `off-chain-${testRun.id}`, chains: ['Ethereum'] }));
    expect(offChain.validationErrors).toMatchObject({ contracts: { 1: { chain: { _errors: [STAFF_MESSAGES.contractChainNotListed('Solana')] } } } });
    const twice = await createProjectAction(validProject({ id: `twice-${testRun.id}`, contracts: [{ chain: 'Ethereum', address: USDC }, { chain: 'ethereum', address: USDC.toLowerCase() }] }));
    expect(twice.validationErrors).toMatchObject({ contracts: { 1: { address: { _errors: [STAFF_MESSAGES.contractDuplicate] } } } });

    const taken = await createProjectAction(validProject({ name: uniqueName('Impostor') }));
    expect(taken.serverError).toBe(STAFF_MESSAGES.projectIdTaken);

    const db = await getDb();
    const [{ stored }] = await db.select({ stored: count() }).from(projects).where(sql`${projects.id} like ${`%${testRun.id}`} and ${projects.id} <> ${`staff-${testRun.id}`}`);
    expect(stored).toBe(0);
    expect((await projectRows(`staff-${testRun.id}`))[0].name).toBe(uniqueName('Vault'));
    expect(await db.select().from(staffAuditLog).where(and(eq(staffAuditLog.entityType, 'project'), sql`${staffAuditLog.entityId} <> ${`staff-${testRun.id}`}`))).toHaveLength(0);
  });

  it('answers Not found to roles without projects.write and to visitors, and stores nothing', async () => {
    for (const who of [moderator, await testRun.makeUser('visitor'), null]) {
      signInAs(who);
      const result = await createProjectAction(validProject({ id: `intruder-${testRun.id}` }));
      expect(result.serverError).toBe(STAFF_MESSAGES.notFound);
      expect((await hideProjectAction({ id: `staff-${testRun.id}` })).serverError).toBe(STAFF_MESSAGES.notFound);
      expect((await updateProjectAction(`staff-${testRun.id}`, validProject({ name: 'Taken over' }))).serverError).toBe(STAFF_MESSAGES.notFound);
    }
    expect(await projectRows(`intruder-${testRun.id}`)).toEqual([]);
    expect((await projectRows(`staff-${testRun.id}`))[0]).toMatchObject({ name: uniqueName('Vault'), hiddenAt: null });
  });
});

describe('editing a project', () => {
  it('saves changes (the slug stays), logs before and after, and a save that changes nothing writes nothing', async () => {
    const id = `staff-${testRun.id}`;
    signInAs(admin);
    const current = (await getStaffProject(id))!;
    // The form sends the stored logo address back unchanged; a slug sent along is ignored.
    const edit = { ...validProject({ name: uniqueName('Vault Two'), logo: current.logo!, contracts: [{ chain: 'Ethereum', address: USDC }] }), id: 'renamed-slug' };
    expect((await updateProjectAction(id, edit)).data).toEqual({ changed: true });
    expect(await projectRows('renamed-slug')).toEqual([]);
    expect(await getStaffProject(id)).toMatchObject({ name: uniqueName('Vault Two'), logo: current.logo, contracts: [{ chain: 'Ethereum', address: USDC }] });
    expect((await searchProjects('Zyqvex Vault Two')).map((hit) => hit.id)[0]).toBe(id);

    expect((await updateProjectAction(id, edit)).data).toEqual({ changed: false });
    const log = await logOf(id);
    expect(log.map((entry) => entry.action)).toEqual(['project.create', 'project.update']);
    expect(log[1]).toMatchObject({ actorEmail: admin.email, before: { name: uniqueName('Vault') }, after: { name: uniqueName('Vault Two') } });
    expect((log[1].before as { contracts: unknown[] }).contracts).toHaveLength(2);
  });

  it('refuses a logo address the console did not store, and an unknown project', async () => {
    signInAs(analyst);
    const id = `staff-${testRun.id}`;
    const result = await updateProjectAction(id, validProject({ logo: 'https://elsewhere.example.org/logo.png' }));
    expect(result.serverError).toBe(STAFF_MESSAGES.logoInvalid);
    expect((await updateProjectAction(`missing-${testRun.id}`, validProject())).serverError).toBe(STAFF_MESSAGES.unknownProject);
    expect(await logOf(id)).toHaveLength(2);
  });
});

describe('hiding a project', () => {
  it('takes it off every public page, list, search and API, keeps it for staff, and shows it back as it was', async () => {
    const db = await getDb();
    const id = `hidden-${testRun.id}`;
    signInAs(analyst);
    const category = `Shade ${testRun.id}`;
    expect((await createProjectAction(validProject({ id, name: uniqueName('Shade'), tokenTickers: 'SHDQ', category, auditStatus: 'under_audit' }))).serverError).toBeUndefined();
    await db.insert(securityAlerts).values({ projectId: id, type: 'exploit', title: `Shade drained ${testRun.id}`, occurredAt: new Date(), confidence: 'confirmed', status: 'published' });
    await db.insert(pageViews).values({ projectId: id, day: new Date().toISOString().slice(0, 10), views: 1_000_000 });
    const watcher = await testRun.makeUser('watcher');
    const { id: listId } = await createWatchlist(watcher.id, { name: 'Mine', projects: [id, 'bitcoin'] });

    const everywhere = async (projectId: string) => ({
      page: (await getProjectDetail(projectId)) !== null,
      summary: (await getProject(projectId)) !== null,
      leaderboard: (await listLeaderboard({ ...DEFAULT_FILTERS, category })).rows.some((row) => row.id === projectId),
      filterOptions: (await listFilterOptions()).categories.includes(category),
      underAudit: (await listUnderAudit(1000)).some((row) => row.id === projectId),
      sitemap: (await listProjectIdsForSitemap()).some((row) => row.id === projectId),
      alerts: (await listRecentAlerts(50)).some((alert) => alert.projectId === projectId),
      search: (await searchProjects(uniqueName('Shade'))).some((hit) => hit.id === projectId),
      trending: (await getTrendingProjects()).some((hit) => hit.id === projectId),
      watchlist: (await listWatchlists(watcher.id)).find((list) => list.id === listId)!.projects.includes(projectId),
      watchedRows: (await describeProjects([projectId])).length > 0,
    });
    const shown = { page: true, summary: true, leaderboard: true, filterOptions: true, underAudit: true, sitemap: true, alerts: true, search: true, trending: true, watchlist: true, watchedRows: true };
    expect(await everywhere(id)).toEqual(shown);

    expect((await hideProjectAction({ id })).data).toEqual({ ok: true });
    expect(await everywhere(id)).toEqual(Object.fromEntries(Object.keys(shown).map((key) => [key, false])));
    await expect(castVote(id, `voter-${testRun.id}`, true, testRun.ipFor('voter'))).rejects.toThrow('Unknown project.');
    await expect(assertProjectsExist(db, [id])).rejects.toThrow(`Unknown project: ${id}.`);
    expect(await db.select().from(votes).where(eq(votes.projectId, id))).toEqual([]);
    // Staff still find it, marked hidden; nothing was deleted.
    expect((await listStaffProjects({ q: 'SHDQ', visibility: 'hidden', page: 1 })).rows).toMatchObject([{ id, hidden: true }]);
    expect((await listStaffProjects({ q: 'SHDQ', visibility: 'visible', page: 1 })).rows).toEqual([]);
    expect((await hideProjectAction({ id })).serverError).toBe(STAFF_MESSAGES.projectAlreadyHidden);

    expect((await showProjectAction({ id })).data).toEqual({ ok: true });
    expect(await everywhere(id)).toEqual(shown);
    expect((await showProjectAction({ id })).serverError).toBe(STAFF_MESSAGES.projectAlreadyVisible);
    expect((await logOf(id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['project.create', null, expect.objectContaining({ hidden: false })],
      ['project.hide', { hidden: false }, { hidden: true }],
      ['project.show', { hidden: true }, { hidden: false }],
    ]);
  });

  it('leaves its Skynet figures out of the public API', async () => {
    signInAs(admin);
    const db = await getDb();
    const exchanges = { name: 'exchanges', labels: { projectId: 'bitcoin' }, series: 'exchanges(projectId=bitcoin)' };
    const [{ day }] = await db.select({ day: skynetSocialActivity.day }).from(skynetSocialActivity).where(eq(skynetSocialActivity.projectId, 'bitcoin')).limit(1);
    clearSkynetMemo();
    expect((await getMetricLatest(exchanges)).latest).not.toBeNull();
    expect((await getSocialActivityByDates('bitcoin', 'tweets', [day]))[0].value).not.toBeNull();

    expect((await hideProjectAction({ id: 'bitcoin' })).data).toEqual({ ok: true });
    // Skynet's answers are memoised for a few seconds; a fresh read must already leave the project out.
    clearSkynetMemo();
    expect((await getMetricLatest(exchanges)).latest).toBeNull();
    expect((await getSocialActivityByDates('bitcoin', 'tweets', [day]))[0].value).toBeNull();
    expect(await getTopCallers('bitcoin', 10)).toEqual([]);
    expect(await getProjectMonitoring('bitcoin')).toEqual({ contracts: [], socialTypes: [] });

    expect((await showProjectAction({ id: 'bitcoin' })).data).toEqual({ ok: true });
    clearSkynetMemo();
    expect((await getMetricLatest(exchanges)).latest).not.toBeNull();
  });
});

describe('DEMO_DATA=off', () => {
  it('seeds the packaged projects as plain entries and generates no figures at all', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-no-demo-'));
    const handle = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await handle.migrate();
      const { demoData } = parseConfig({ DEMO_DATA: 'off' });
      await seedDatabase(handle.db, { demo: demoData });
      await seedDatabase(handle.db, { demo: demoData });
      const { db } = handle;
      const rows = await db.select().from(projects);
      expect(rows.length).toBeGreaterThanOrEqual(300);
      expect(rows.find((row) => row.id === 'bitcoin')).toMatchObject({ name: 'Bitcoin', tokenTickers: ['BTC'], logo: '/logos/btc.png', rank: null, category: null, chains: [], auditStatus: 'none', kycVerified: false, isDemo: false });
      expect(rows.filter((row) => row.isDemo || row.rank !== null || row.category !== null || row.chains.length > 0 || row.auditStatus !== 'none' || row.kycVerified)).toEqual([]);
      for (const table of [projectScores, projectScoreHistory, audits, skynetMetricPoints, skynetSocialActivity, votes, pageViews]) {
        const [{ rowCount }] = await db.select({ rowCount: count() }).from(table);
        expect(rowCount).toBe(0);
      }
      // The public record of incidents is fact, not demo: it is there either way, and nothing else is.
      const alerts = await db.select({ isDemo: securityAlerts.isDemo, incident: securityAlerts.incident }).from(securityAlerts);
      expect(alerts.length).toBeGreaterThanOrEqual(500);
      expect(alerts.filter((alert) => alert.isDemo || alert.incident === null)).toEqual([]);
      // The token list's contract addresses are facts, kept for Skynet's `watch`.
      const [{ known }] = await db.select({ known: count() }).from(skynetKnownContracts);
      expect(known).toBeGreaterThan(0);
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A fresh embedded database, migrated and seeded twice: tens of seconds on a busy two-core machine.
  }, 180_000);

  it('is read from the environment: on by default, off only when asked, anything else refused', () => {
    expect(parseConfig({}).demoData).toBe(true);
    expect(parseConfig({ DEMO_DATA: ' OFF ' }).demoData).toBe(false);
    expect(parseConfig({ DEMO_DATA: 'on' }).demoData).toBe(true);
    expect(() => parseConfig({ DEMO_DATA: 'no' })).toThrow('DEMO_DATA: must be on or off');
  });
});
