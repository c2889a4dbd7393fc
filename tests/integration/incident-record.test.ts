import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { parseAlertFilters } from '@/lib/schemas/alert-filters';
import { gradeFor, METHODOLOGY_VERSION, PILLARS } from '@/lib/score';
import { alertTotals, readAlertDatabasePage } from '@/server/alert-database';
import { getDb } from '@/server/db/client';
import { alertRevisions, notifications, projects, projectScoreHistory, projectScores, securityAlerts, staffAuditLog } from '@/server/db/schema';
import { runImportCli } from '@/server/import-cli';
import { importIncidents, matchProject } from '@/server/incident-record';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { updateProjectScore } from '@/server/staff/scores';
import { createWatchlist } from '@/server/watchlists';

import { createTestRun } from '../fixtures/test-run';

vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

/*
 * The public record's import (issue #45) on a real database: a file of sourced incidents, one with bad rows, a
 * re-import, a correction; the totals and the search over what it stored.
 */
const testRun = createTestRun();
const RUN = Math.random().toString(36).slice(2, 8);
const source = { id: 'testrecord', name: 'Test record', url: 'https://record.example/list', licence: 'CC-BY-4.0' };
const today = new Date().toISOString().slice(0, 10);

const incident = (id: string, overrides: Record<string, unknown> = {}) => ({
  sourceId: `testrecord:${RUN}-${id}`,
  source: 'testrecord',
  date: '2023-03-13',
  protocol: `Zeta Lend ${RUN} ${id}`,
  chains: ['Ethereum'],
  technique: 'business-logic',
  lossUsd: 1_250_000,
  lossPricedOn: '2023-03-13',
  attackers: ['0x5F259D0b76665c337c6104145894F4D1D2758B8c'],
  attackTransactions: [{ chain: 'Ethereum', hash: `0x${'ab'.repeat(32)}` }],
  links: [{ url: `https://record.example/${id}`, kind: 'post-mortem' }],
  ...overrides,
});
const documentOf = (incidents: unknown[]) => JSON.stringify({ sources: [source], incidents });
const run = (text: string, dryRun = false) => importIncidents(getDbSync(), { text, fileName: 'record.json', dryRun, actor: CLI_ACTOR });
let dbHandle: Awaited<ReturnType<typeof getDb>>;
const getDbSync = () => dbHandle;

const ofRun = async () => {
  const db = await getDb();
  return db.select().from(securityAlerts).where(like(securityAlerts.dedupeKey, `record:testrecord:${RUN}-%`));
};

afterAll(async () => {
  await testRun.cleanUp();
});

describe('importing the public record of incidents', () => {
  it('dry run reports what would change and writes nothing; the import then publishes each incident with its facts and credit', async () => {
    dbHandle = await getDb();
    const text = documentOf([incident('a'), incident('b', { technique: 'price-oracle-manipulation', chains: ['BNB Chain', 'Ethereum'], lossUsd: null, lossPricedOn: null, lossNative: [{ amount: '12.5', asset: 'ETH' }] })]);
    const dry = await run(text, true);
    expect(dry).toMatchObject({ dryRun: true, refused: [], unchanged: 0 });
    expect(dry.added.map((change) => change.sourceId)).toEqual([`testrecord:${RUN}-a`, `testrecord:${RUN}-b`]);
    expect(await ofRun()).toEqual([]);

    const report = await run(text);
    expect(report.added).toHaveLength(2);
    const rows = await ofRun();
    const a = rows.find((row) => row.dedupeKey === `record:testrecord:${RUN}-a`)!;
    expect(a).toMatchObject({
      status: 'published',
      origin: 'staff',
      isDemo: false,
      type: 'exploit',
      technique: 'Business logic',
      chain: 'Ethereum',
      amountLostUsd: 1_250_000,
      amountsPricedOn: '2023-03-13',
      protocol: `Zeta Lend ${RUN} a`,
      sourceUrls: ['https://record.example/a'],
      title: `Zeta Lend ${RUN} a: business logic, $1.3M lost`,
    });
    expect(a.incident).toMatchObject({ source, attackers: ['0x5f259d0b76665c337c6104145894f4d1d2758b8c'], attackTransactions: [{ chain: 'Ethereum', hash: `0x${'ab'.repeat(32)}` }] });
    const b = rows.find((row) => row.dedupeKey === `record:testrecord:${RUN}-b`)!;
    expect(b).toMatchObject({ type: 'oracle-manipulation', technique: 'Price-oracle manipulation', chain: 'BNB Chain', amountLostUsd: null, amountsPricedOn: null, title: `Zeta Lend ${RUN} b: price-oracle manipulation, 12.5 ETH lost` });
    const db = await getDb();
    const logged = await db.select().from(staffAuditLog).where(and(eq(staffAuditLog.action, 'alert.import'), inArray(staffAuditLog.entityId, rows.map((row) => row.id))));
    expect(logged).toHaveLength(2);
  });

  it('refuses a file with bad rows whole, every reason given, nothing written', async () => {
    const before = (await ofRun()).length;
    const report = await run(
      documentOf([
        incident('c'),
        incident('d', { date: '2023-02-30' }),
        incident('e', { technique: 'magic', links: [] }),
        incident('f', { attackers: ['0x123'], lossPricedOn: null }),
        incident('c'),
        incident('g', { protocol: 'Bad\u0000name' }),
      ]),
    );
    expect(report.refused.map((entry) => entry.row)).toEqual([2, 3, 4, 5, 6]);
    expect(report.refused.find((entry) => entry.row === 2)!.reasons.join()).toContain('date is not a day on the calendar');
    expect(report.refused.find((entry) => entry.row === 3)!.reasons.join()).toMatch(/technique must be one of.*links needs at least one outside source link/s);
    expect(report.refused.find((entry) => entry.row === 4)!.reasons.join()).toMatch(/attackers.0 must be 0x followed by 40 hexadecimal digits.*lossPricedOn is required with lossUsd/s);
    expect(report.refused.find((entry) => entry.row === 5)!.reasons.join()).toContain('is also row 1');
    expect(report.refused.find((entry) => entry.row === 6)!.reasons.join()).toContain('must not contain control characters');
    expect(report.added).toEqual([]);
    expect((await ofRun()).length).toBe(before);
  });

  it('a re-import of the same history adds nothing, changes nothing and tells nobody', async () => {
    const user = await testRun.makeUser('record-watcher');
    const [row] = await ofRun();
    await createWatchlist(user.id, { name: 'Record', projects: ['ethereum'] });
    const db = await getDb();
    await db.update(securityAlerts).set({ projectId: 'ethereum' }).where(eq(securityAlerts.id, row.id));
    const report = await run(documentOf([incident('a'), incident('b', { technique: 'price-oracle-manipulation', chains: ['BNB Chain', 'Ethereum'], lossUsd: null, lossPricedOn: null, lossNative: [{ amount: '12.5', asset: 'ETH' }] })]));
    expect(report).toMatchObject({ added: [], updated: [], unchanged: 2, notified: 0 });
    expect(await ofRun()).toHaveLength(2);
    expect(await db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    // The staff link stands: the import does not undo it.
    expect((await ofRun()).find((entry) => entry.id === row.id)!.projectId).toBe('ethereum');
  });

  it('a corrected amount updates the incident with a public correction naming the source; a new recent incident tells its watchers', async () => {
    const user = await testRun.makeUser('recent-watcher');
    await createWatchlist(user.id, { name: 'Recent', projects: ['ethereum'] });
    const report = await run(
      documentOf([
        incident('a', { lossUsd: 2_000_000 }),
        incident('b', { technique: 'price-oracle-manipulation', chains: ['BNB Chain', 'Ethereum'], lossUsd: null, lossPricedOn: null, lossNative: [{ amount: '12.5', asset: 'ETH' }] }),
        incident('recent', { date: today, lossPricedOn: today, protocol: 'Ethereum' }),
      ]),
    );
    expect(report.updated.map((change) => [change.sourceId, change.fields])).toEqual([[`testrecord:${RUN}-a`, ['title', 'amountLostUsd']]]);
    expect(report.added.map((change) => [change.sourceId, change.projectId])).toEqual([[`testrecord:${RUN}-recent`, 'ethereum']]);
    expect(report.notified).toBe(1);
    const db = await getDb();
    const a = (await ofRun()).find((row) => row.dedupeKey === `record:testrecord:${RUN}-a`)!;
    expect(a.amountLostUsd).toBe(2_000_000);
    const [revision] = await db.select().from(alertRevisions).where(eq(alertRevisions.alertId, a.id));
    expect(revision.reason).toBe(`Updated from Test record (testrecord:${RUN}-a)`);
    expect(revision.changes).toMatchObject({ amountLostUsd: { before: 1_250_000, after: 2_000_000 } });
    const recent = (await ofRun()).find((row) => row.dedupeKey === `record:testrecord:${RUN}-recent`)!;
    expect(await db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.alertId, recent.id)))).toHaveLength(1);
  });

  it('finds an incident by its protocol name, in the catalogue or not, in /alerts and its totals', async () => {
    const { filters } = parseAlertFilters({ q: `Zeta Lend ${RUN} b` });
    const rows = await readAlertDatabasePage(filters);
    expect(rows.map((row) => row.title)).toEqual([`Zeta Lend ${RUN} b: price-oracle manipulation, 12.5 ETH lost`]);
    expect((await alertTotals(filters)).listed).toBe(1);
  });

  it('ships the real record: a famous incident is found by name, with its date, amount, technique, transaction and sources', async () => {
    const { filters } = parseAlertFilters({ q: 'Euler' });
    const rows = await readAlertDatabasePage(filters);
    const euler = rows.find((row) => row.protocol === 'EulerFinance')!;
    expect(euler).toMatchObject({ occurredAt: new Date('2023-03-13T00:00:00Z'), amountLostUsd: 200_000_000, amountsPricedOn: '2023-03-13', technique: 'Business logic', chain: 'Ethereum', isDemo: false });
    expect(euler.incident).toMatchObject({ source: { name: 'DeFiHackLabs', licence: 'Apache-2.0' }, attackTransactions: [{ chain: 'Ethereum', hash: '0xc310a0affe2169d1f6feec1c63dbc7f7c62a887fa48795d327d4d2da2d6b111d' }] });
    expect(euler.sourceUrls.some((url) => url.startsWith('https://github.com/SunWeb3Sec/DeFiHackLabs/blob/') && url.endsWith('/src/test/2023-03/Euler_exp.sol'))).toBe(true);
    const db = await getDb();
    const [{ real }] = await db.select({ real: sql<number>`count(*)::int` }).from(securityAlerts).where(sql`${securityAlerts.incident} is not null and ${securityAlerts.dedupeKey} like 'record:defihacklabs:%'`);
    expect(real).toBeGreaterThanOrEqual(500);
  });

  it('totals by year, technique and chain equal a plain sum over the rows', async () => {
    const db = await getDb();
    const { filters } = parseAlertFilters({});
    const totals = await alertTotals(filters);
    const counted = and(eq(securityAlerts.status, 'published'), sql`${securityAlerts.retractedAt} is null`, sql`coalesce(${securityAlerts.projectId}, '') not in (select id from projects where hidden_at is not null)`);
    const dimensions = [
      [totals.byYear, sql<string>`extract(year from ${securityAlerts.occurredAt} at time zone 'UTC')::int::text`],
      [totals.byTechnique, sql<string>`${securityAlerts.technique}`],
      [totals.byChain, sql<string>`${securityAlerts.chain}`],
    ] as const;
    for (const [groups, key] of dimensions) {
      const plain = await db
        .select({ key, count: sql<number>`count(*)::int`, lost: sql<number>`coalesce(sum(${securityAlerts.amountLostUsd}), 0)::float8` })
        .from(securityAlerts)
        .where(counted)
        .groupBy(key);
      expect(plain.length).toBeGreaterThan(1);
      for (const group of plain) {
        const listed = groups.find((entry) => String(entry.key) === String(group.key) || (entry.key === null && group.key === null))!;
        expect({ key: group.key, count: listed.count, lost: Math.round(listed.lost.sum) }).toEqual({ key: group.key, count: group.count, lost: Math.round(group.lost) });
      }
    }
  });

  it("moves a scored project's score and grade the day its exploit is published, the history naming the incident", async () => {
    const db = await getDb();
    const [project] = await db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, 'cardano'));
    expect(project).toBeDefined();
    const signals = Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, 88]))]));
    const before = await updateProjectScore(CLI_ACTOR, project.id, { signals, note: 'Assessed for the incident test.' });
    expect(before.grade).toBe('AA');
    const report = await run(documentOf([incident('scored', { protocol: project.name, date: today, lossPricedOn: today })]));
    expect(report.added.map((change) => change.projectId)).toEqual([project.id]);
    const [score] = await db.select().from(projectScores).where(eq(projectScores.projectId, project.id));
    expect(score.score).toBeLessThanOrEqual(84.99);
    expect(gradeFor(score.score).grade).toBe('A');
    expect(score.methodologyVersion).toBe(METHODOLOGY_VERSION);
    const [latest] = await db.select().from(projectScoreHistory).where(eq(projectScoreHistory.projectId, project.id)).orderBy(desc(projectScoreHistory.recordedAt)).limit(1);
    expect(latest).toMatchObject({ score: score.score, note: `Incident: ${project.name}: business logic, $1.3M lost` });
    // The analyst's own assessment stays as entered: the form still shows 88.
    expect(score.entries?.operationalResilience?.incidentHistory).toBe(88);
    // A fall from a staff score alerts the project's watchers, as any drop does.
    const drops = await db.select().from(securityAlerts).where(and(eq(securityAlerts.projectId, project.id), eq(securityAlerts.type, 'score-drop')));
    expect(drops.length).toBeGreaterThanOrEqual(1);
  });

  it('links a protocol to a catalogue project only when the names match; a near name is left for review', () => {
    const catalogue = [
      { id: 'euler', name: 'Euler Finance', tickers: ['EUL'] },
      { id: 'curve-dao-token', name: 'Curve DAO Token', tickers: ['CRV'] },
      { id: 'uniswap', name: 'Uniswap', tickers: ['UNI'] },
    ];
    expect(matchProject('Euler', catalogue)).toEqual({ projectId: 'euler', candidates: [] });
    expect(matchProject('EulerFinance', catalogue)).toEqual({ projectId: 'euler', candidates: [] });
    // A ticker alone is not the project: many exploited tokens share one.
    expect(matchProject('EUL', catalogue)).toEqual({ projectId: null, candidates: ['euler'] });
    expect(matchProject('Uniswap V3', catalogue)).toEqual({ projectId: 'uniswap', candidates: [] });
    expect(matchProject('UniswapV3', catalogue)).toEqual({ projectId: 'uniswap', candidates: [] });
    expect(matchProject('Curve', catalogue)).toEqual({ projectId: null, candidates: ['curve-dao-token'] });
    expect(matchProject('Orbit Chain', catalogue)).toEqual({ projectId: null, candidates: [] });
  });

  it('the command says what it did and refuses a bad file with exit code 2', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'record-'));
    const good = path.join(folder, 'good.csv');
    fs.writeFileSync(
      good,
      `sourceId,sourceName,sourceUrl,sourceLicence,date,protocol,chains,technique,lossUsd,lossPricedOn,attackTransactions,links\n` +
        `testrecord:${RUN}-csv,Test record,https://record.example/list,CC-BY-4.0,2022-08-01,Nomadic ${RUN},Ethereum;Moonbeam,bridge-validator-compromise,190000000,2022-08-01,Ethereum:0x${'cd'.repeat(32)},post-mortem:https://record.example/nomadic\n`,
    );
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    expect(await runImportCli(['incidents', good, '--dry-run'], out)).toBe(0);
    expect(lines[0]).toBe('would add 1, would update 0, unchanged 0');
    expect(lines).toContain(`+ 2022-08-01 Nomadic ${RUN} (testrecord:${RUN}-csv)`);
    const bad = path.join(folder, 'bad.csv');
    fs.writeFileSync(bad, `sourceId,sourceName,sourceUrl,sourceLicence,date,protocol,chains,technique,links\ntestrecord:${RUN}-x,Test record,https://record.example/list,CC-BY-4.0,someday,X,Ethereum,other,post-mortem:https://record.example/x\n`);
    lines.length = 0;
    expect(await runImportCli(['incidents', bad], out)).toBe(2);
    expect(lines[0]).toBe('refused: 1 row(s) with problems; nothing was imported');
    expect(lines[1]).toContain('row 1: date must be a day, YYYY-MM-DD');
  });
});
