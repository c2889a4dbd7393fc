import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import v8 from 'node:v8';
import vm from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Outside a Next server there is no data cache; this stand-in keeps what matters here, that cached values come
// back through JSON (dates as strings), and records each cached read's tags, which the staff writes expire.
const cacheTags = vi.hoisted(() => new Map<string, string[]>());
vi.mock('next/cache', () => ({
  unstable_cache:
    <Args extends unknown[], Result>(load: (...args: Args) => Promise<Result>, keyParts: string[], options: { tags: string[] }) => {
      cacheTags.set(keyParts.join('/'), options.tags);
      return async (...args: Args): Promise<Result> => JSON.parse(JSON.stringify(await load(...args))) as Result;
    },
  revalidateTag: () => {},
  revalidatePath: () => {},
}));

import { GET as badgeGet } from '@/app/badge/[file]/route';
import ComparePage from '@/app/(site)/compare/page';
import { GET as auditsCsvGet } from '@/app/(site)/projects/[id]/audits.csv/route';
import { GET as leaderboardCsvGet } from '@/app/(site)/projects/export.csv/route';
import VerifyPage from '@/app/(site)/verify/[id]/page';
import { DEFAULT_FILTERS, type LeaderboardSort } from '@/lib/leaderboard';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { computeScore, PILLARS } from '@/lib/score';
import { SVG_BADGE_CSP } from '@/lib/security-headers';
import middleware from '@/middleware';
import { CACHE_TAGS } from '@/server/cache-tags';
import { getComparison } from '@/server/compare';
import { getConfig } from '@/server/config';
import { getDb } from '@/server/db/client';
import { audits, projects, projectScores, securityAlerts, skynetContracts, skynetPrivilegedAddresses, skynetPrivilegedFunctions, votes } from '@/server/db/schema';
import { AUDITS_CSV_HEADER, LEADERBOARD_CSV_HEADER, PROJECT_CSV_BATCH, streamLeaderboardCsv } from '@/server/project-exports';
import { leaderboardConditions, leaderboardOrder, listLeaderboard } from '@/server/leaderboard';

import { createTestRun } from '../fixtures/test-run';
import { parseCsv } from '../support/csv';

// A full garbage collection on demand, to measure what a stream holds rather than what it has dropped.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const run = createTestRun();
const category = `opendata-${run.id}`;
const id = (label: string) => `od-${run.id}-${label}`;
const strong = id('strong');
const weak = id('weak');
const unscored = id('unscored');
const formula = id('formula');
const hidden = id('hidden');
/** Across more than two export batches, with tied scores and names and unscored rows, so every keyset edge is crossed. */
const TIES = PROJECT_CSV_BATCH * 2 + 41;
const DAY = 86_400_000;

const signals = (value: number) => Object.fromEntries(PILLARS.map((pillar) => [pillar.key, Object.fromEntries(pillar.signals.map((signal) => [signal.key, value]))]));
const scored = (value: number) => computeScore(signals(value));
const findings = (critical: [number, number], major: [number, number], minor: [number, number]) => ({
  critical: { total: critical[0], resolved: critical[1] },
  major: { total: major[0], resolved: major[1] },
  medium: { total: 0, resolved: 0 },
  minor: { total: minor[0], resolved: minor[1] },
  informational: { total: 0, resolved: 0 },
});

beforeAll(async () => {
  const db = await getDb();
  await db.insert(projects).values([
    { id: strong, name: `Strong ${run.id}`, category, rank: 1, tokenTickers: ['STR'], chains: ['Ethereum'], auditStatus: 'audited', kycVerified: true },
    { id: weak, name: `Weak ${run.id}`, category, rank: 2, tokenTickers: ['WEK'] },
    { id: unscored, name: `Unscored ${run.id}`, category, rank: 3 },
    { id: formula, name: `=HYPERLINK("https://evil.example","x") ${run.id}`, category, rank: 4, tokenTickers: ['+SUM', '@A1'], chains: ['-Chain'] },
    { id: hidden, name: `Hidden ${run.id}`, category, rank: 5, hiddenAt: new Date() },
  ]);
  const strongScore = scored(92);
  const weakScore = scored(40);
  await db.insert(projectScores).values([
    { projectId: strong, score: strongScore.score, pillars: strongScore.pillars, methodologyVersion: '1.0' },
    { projectId: weak, score: weakScore.score, pillars: weakScore.pillars, methodologyVersion: '1.0' },
    { projectId: formula, score: 61, pillars: scored(61).pillars, methodologyVersion: '1.0' },
    { projectId: hidden, score: 99, pillars: scored(99).pillars, methodologyVersion: '1.0' },
  ]);
  await db.insert(audits).values([
    { projectId: strong, auditor: '@Evil Auditor', publishedAt: new Date('2025-03-01T00:00:00Z'), scope: 'Core, "vaults"\nand router', findings: findings([2, 1], [3, 3], [4, 1]), reportUrl: 'https://example.com/report.pdf' },
    { projectId: strong, auditor: 'Second Look', publishedAt: new Date('2025-06-01T00:00:00Z'), scope: 'Governance', findings: findings([0, 0], [1, 0], [0, 0]), reportFile: 'reports/second.pdf' },
    { projectId: strong, auditor: 'Draft Auditor', publishedAt: new Date('2025-07-01T00:00:00Z'), scope: 'Draft', findings: findings([9, 0], [0, 0], [0, 0]), status: 'draft' },
  ]);
  const alert = (values: Partial<typeof securityAlerts.$inferInsert>) => ({
    projectId: strong,
    type: 'exploit',
    confidence: 'high',
    status: 'published',
    publishedAt: new Date(),
    title: 'alert',
    occurredAt: new Date(Date.now() - 10 * DAY),
    sourceUrls: ['https://example.com/source'],
    ...values,
  }) as typeof securityAlerts.$inferInsert;
  await db.insert(securityAlerts).values([
    alert({ title: 'recent one' }),
    alert({ title: 'recent two', occurredAt: new Date(Date.now() - 89 * DAY) }),
    alert({ title: 'too old', occurredAt: new Date(Date.now() - 91 * DAY) }),
    alert({ title: 'retracted', retractedAt: new Date(), retractionReason: 'reorg' }),
    alert({ title: 'draft', status: 'draft', publishedAt: null }),
    alert({ title: 'weak recent', projectId: weak }),
  ]);
  await db.insert(votes).values([
    { projectId: strong, voterKey: `${run.id}-a`, vote: true },
    { projectId: strong, voterKey: `${run.id}-b`, vote: true },
    { projectId: strong, voterKey: `${run.id}-c`, vote: false },
  ]);
  const [contract] = await db
    .insert(skynetContracts)
    .values({ projectId: strong, chainId: 1, address: `0x${run.id.padStart(40, 'a')}`, abi: [], fromBlock: 1 })
    .returning({ id: skynetContracts.id });
  await db.insert(skynetPrivilegedAddresses).values([
    { contractId: contract.id, holder: '0x1111111111111111111111111111111111111111', privilege: 'owner', label: 'Owner', active: true, evidence: [] },
    { contractId: contract.id, holder: '0x1111111111111111111111111111111111111111', privilege: 'pauser', label: 'Pauser', active: true, evidence: [] },
    { contractId: contract.id, holder: '0x2222222222222222222222222222222222222222', privilege: 'owner', label: 'Former owner', active: false, evidence: [] },
  ]);
  await db.insert(skynetPrivilegedFunctions).values([
    { contractId: contract.id, selector: '0x8456cb59', signature: 'pause()', evidence: [] },
    { contractId: contract.id, selector: '0x3659cfe6', signature: 'upgradeTo(address)', evidence: [] },
  ]);

  // The ties: a few scores, a few names, some unscored and some audited, under a category of their own.
  const tieProjects = Array.from({ length: TIES }, (_, index) => ({
    id: id(`tie-${String(index).padStart(4, '0')}`),
    name: `Tie ${index % 5}`,
    category: `${category}-ties`,
    rank: index % 4 === 0 ? null : (index % 9) + 1,
  }));
  for (let start = 0; start < tieProjects.length; start += 500) await db.insert(projects).values(tieProjects.slice(start, start + 500));
  const tieScores = tieProjects.filter((_, index) => index % 6 !== 0).map((project, index) => ({ projectId: project.id, score: [55.5, 70.25, 88][index % 3], pillars: {}, methodologyVersion: '1.0' }));
  for (let start = 0; start < tieScores.length; start += 500) await db.insert(projectScores).values(tieScores.slice(start, start + 500));
  await db.insert(audits).values(
    tieProjects
      .filter((_, index) => index % 7 === 0)
      .map((project, index) => ({ projectId: project.id, auditor: 'Tie audits', publishedAt: new Date(Date.UTC(2024, 0, 1 + (index % 3))), scope: 'all', findings: findings([0, 0], [0, 0], [0, 0]) })),
  );
});

afterAll(() => run.cleanUp());

const request = (path: string) => new Request(`http://localhost${path}`);
const csvOf = async (response: Response) => parseCsv(await response.text());
const column = (name: (typeof LEADERBOARD_CSV_HEADER)[number]) => LEADERBOARD_CSV_HEADER.indexOf(name);
const auditColumn = (name: (typeof AUDITS_CSV_HEADER)[number]) => AUDITS_CSV_HEADER.indexOf(name);

/** Every shown project of a filtered set in the leaderboard's order, read plainly in one query. */
async function plainOrder(filters: typeof DEFAULT_FILTERS): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(leaderboardConditions(filters))
    .orderBy(...leaderboardOrder(filters.sort));
  return rows.map((row) => row.id);
}

describe('the leaderboard CSV', () => {
  it('downloads every shown project of the filters, in the page order, with a dated name', async () => {
    const response = await leaderboardCsvGet(request(`/projects/export.csv?category=${category}&sort=rank&page=2`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="projects-${new Date().toISOString().slice(0, 10)}.csv"`);
    const rows = await csvOf(response);
    expect(rows[0]).toEqual([...LEADERBOARD_CSV_HEADER]);
    // The page number is not a filter of the export, and the hidden project is in no list.
    expect(rows.slice(1).map((row) => row[column('Project ID')])).toEqual([strong, weak, unscored, formula]);
    const page = await listLeaderboard({ ...DEFAULT_FILTERS, category, sort: 'rank' });
    expect(rows.slice(1).map((row) => row[column('Project ID')])).toEqual(page.rows.map((row) => row.id));
    const [first] = rows.slice(1);
    expect(first[column('Page')]).toBe(`${getConfig().siteUrl}/projects/${strong}`);
    expect(first[column('Grade')]).toBe('AAA');
    expect(Number(first[column('Score')])).toBeCloseTo(92, 1);
    expect(first[column('Code Security')]).toBe('92');
    expect(first[column('Latest audit (UTC)')]).toBe('2025-06-01T00:00:00.000Z');
    expect(first[column('KYC verified')]).toBe('yes');
    const unscoredRow = rows.find((row) => row[column('Project ID')] === unscored)!;
    expect([unscoredRow[column('Score')], unscoredRow[column('Grade')], unscoredRow[column('Code Security')]]).toEqual(['', '', '']);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const rows = await csvOf(await leaderboardCsvGet(request(`/projects/export.csv?category=${category}&minScore=60&maxScore=70`)));
    expect(rows.slice(1)).toHaveLength(1);
    const [row] = rows.slice(1);
    expect(row[column('Project')]).toBe(`'=HYPERLINK("https://evil.example","x") ${run.id}`);
    expect(row[column('Tickers')]).toBe(`'+SUM @A1`);
    expect(row[column('Chains')]).toBe(`'-Chain`);
  });

  it.each(['score', 'rank', 'name', 'audit'] as LeaderboardSort[])('keeps the %s order across batches, ties and unscored rows, each project once', async (sort) => {
    const filters = { ...DEFAULT_FILTERS, category: `${category}-ties`, sort };
    const rows = await csvOf(await leaderboardCsvGet(request(`/projects/export.csv?category=${category}-ties&sort=${sort}`)));
    const ids = rows.slice(1).map((row) => row[column('Project ID')]);
    expect(ids).toHaveLength(TIES);
    expect(ids).toEqual(await plainOrder(filters));
  });

  it('answers bad filters with a 400 problem naming each, and nothing streamed', async () => {
    for (const query of ['grade=ZZ', 'minScore=lots&sort=random', 'categroy=DeFi', 'maxScore=101']) {
      const response = await leaderboardCsvGet(request(`/projects/export.csv?${query}`));
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await response.json()) as { title: string; status: number; detail: string; invalidFilters: string[] };
      expect(problem.title).toBe(OPEN_DATA_TEXTS.csvBadFilterTitle);
      expect(problem.invalidFilters).toHaveLength(query.split('&').length);
      for (const name of query.split('&').map((pair) => pair.split('=')[0])) expect(problem.detail).toContain(name);
    }
  });
});

describe('the leaderboard CSV at scale', () => {
  const BULK = 20_000;
  const bulkCategory = `${category}-bulk`;

  beforeAll(async () => {
    const db = await getDb();
    const rows = Array.from({ length: BULK }, (_, index) => ({ id: id(`bulk-${index}`), name: `Bulk project ${index} with a longer name to weigh`, category: bulkCategory, rank: index + 1, tokenTickers: ['BLK'], chains: ['Ethereum', 'Arbitrum'] }));
    for (let start = 0; start < rows.length; start += 2000) await db.insert(projects).values(rows.slice(start, start + 2000));
    await db.execute(sql`insert into ${projectScores} (project_id, score, pillars, methodology_version)
      select ${projects.id}, (abs(hashtext(${projects.id})) % 10000) / 100.0, ${JSON.stringify(scored(70).pillars)}::jsonb, '1.0' from ${projects} where ${projects.category} = ${bulkCategory}`);
  }, 600_000);

  it('streams 20,000 projects in batches, holding one batch at a time (heap growth stays flat)', async () => {
    const reader = streamLeaderboardCsv({ ...DEFAULT_FILTERS, category: bulkCategory }).getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let chunks = 0;
    let largestChunk = 0;
    let bytes = 0;
    let tail = '';
    // The heap that survives a full collection, sampled as the stream goes: what the export holds, not its garbage.
    const retained = () => {
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const baseline = retained();
    const samples: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
      largestChunk = Math.max(largestChunk, value.byteLength);
      const text = tail + decoder.decode(value, { stream: true });
      const parts = text.split('\r\n');
      tail = parts.pop()!;
      lines += parts.length;
      if (chunks % 5 === 0) samples.push(retained() - baseline);
    }
    expect(lines).toBe(BULK + 1);
    // One chunk per batch (and the header): the export never gathered the list first.
    expect(chunks).toBe(Math.ceil(BULK / PROJECT_CSV_BATCH) + 1);
    expect(largestChunk).toBeLessThan(bytes / 20);
    // Flat: what is held late in the stream is about what was held early (the whole set would add several times
    // the file's size between them), and never more than a generous few batches' worth.
    const quarter = samples[Math.floor(samples.length / 4)];
    const late = Math.max(...samples.slice(Math.floor(samples.length / 2)));
    expect(late - quarter).toBeLessThan(bytes);
    expect(Math.max(...samples)).toBeLessThan(16 * 1024 * 1024);
  }, 600_000);
});

describe("a project's audits CSV", () => {
  it('lists its published audits, newest first, with findings, open counts and absolute report links', async () => {
    const response = await auditsCsvGet(request(`/projects/${strong}/audits.csv`), { params: Promise.resolve({ id: strong }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${strong}-audits-${new Date().toISOString().slice(0, 10)}.csv"`);
    const rows = await csvOf(response);
    expect(rows[0]).toEqual([...AUDITS_CSV_HEADER]);
    expect(rows.slice(1).map((row) => row[auditColumn('Auditor')])).toEqual(['Second Look', "'@Evil Auditor"]);
    const [second, first] = rows.slice(1);
    expect(second[auditColumn('Report')]).toMatch(/^https?:\/\/.+\/reports\/second\.pdf$/);
    expect(first[auditColumn('Scope')]).toBe('Core, "vaults"\nand router');
    expect(first[auditColumn('Critical findings')]).toBe('2');
    expect(first[auditColumn('Critical resolved')]).toBe('1');
    expect(first[auditColumn('Open findings')]).toBe(String(1 + 0 + 3));
    expect(first[auditColumn('Published (UTC)')]).toBe('2025-03-01T00:00:00.000Z');
  });

  it('is a 404 problem for a hidden or unknown project', async () => {
    for (const projectId of [hidden, id('nobody'), 'Not An Id']) {
      const response = await auditsCsvGet(request(`/projects/${projectId}/audits.csv`), { params: Promise.resolve({ id: projectId }) });
      expect(response.status, projectId).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    }
  });
});

describe('the comparison', () => {
  it('puts scores, pillars, audits, open findings, recent alerts, privileges and votes side by side', async () => {
    const { projects: compared, missing } = await getComparison([strong, weak]);
    expect(missing).toEqual([]);
    expect(compared.map((project) => project.id)).toEqual([strong, weak]);
    const [first, second] = compared;
    expect(first).toMatchObject({ grade: 'AAA', methodologyVersion: '1.0', recentAlerts: 2, votes: { yes: 2, total: 3, yesPercentage: 66.7 } });
    expect(first.pillars?.codeSecurity.score).toBe(92);
    // Drafts are not audits yet: two published audits, open findings summed over them.
    expect(first.audits.count).toBe(2);
    expect(first.audits.latestAt).toEqual(new Date('2025-06-01T00:00:00Z'));
    expect(first.audits.openFindings).toEqual({ critical: 1, major: 1, medium: 0, minor: 3, informational: 0 });
    expect(first.privileged.addresses.map((row) => row.holder)).toEqual(['0x1111111111111111111111111111111111111111']);
    expect(first.privileged.functions.map((row) => row.signature).sort()).toEqual(['pause()', 'upgradeTo(address)']);
    expect(second).toMatchObject({ grade: 'D', recentAlerts: 1, audits: { count: 0, latestAt: null }, privileged: { addresses: [], functions: [] }, votes: { total: 0 } });
  });

  it('caches its figures under the projects, scores, audits and alerts tags', () => {
    expect(cacheTags.get('compare-figures')).toEqual(expect.arrayContaining([CACHE_TAGS.projects, CACHE_TAGS.scores, CACHE_TAGS.audits, CACHE_TAGS.alerts]));
  });

  it('renders a shareable page with the radar’s table and the figures', async () => {
    const html = renderToStaticMarkup(await ComparePage({ searchParams: Promise.resolve({ ids: `${weak},${strong},${unscored}` }) }));
    expect(html).toContain(OPEN_DATA_TEXTS.compareRadarCaption);
    expect(html).toContain(OPEN_DATA_TEXTS.compareRows.alerts90);
    expect(html.indexOf(`Weak ${run.id}`)).toBeLessThan(html.indexOf(`Strong ${run.id}`));
    expect(html).toContain('pause()');
    expect(html).not.toContain('role="alert"');
  });

  it.each([
    ['one id', () => strong, OPEN_DATA_TEXTS.compareTooFew],
    ['five ids', () => [strong, weak, unscored, formula, id('x')].join(','), OPEN_DATA_TEXTS.compareTooMany],
    ['a duplicate', () => `${strong},${weak},${strong}`, OPEN_DATA_TEXTS.compareDuplicates([strong])],
    ['an unknown id', () => `${strong},${id('nobody')}`, OPEN_DATA_TEXTS.compareUnknown([id('nobody')])],
    ['a hidden project', () => `${hidden},${strong}`, OPEN_DATA_TEXTS.compareUnknown([hidden])],
    ['no ids', () => undefined, OPEN_DATA_TEXTS.compareTooFew],
  ])('explains %s on the page instead of failing', async (_label, ids, message) => {
    const html = renderToStaticMarkup(await ComparePage({ searchParams: Promise.resolve({ ids: ids() }) }));
    expect(html).toContain('role="alert"');
    expect(html).toContain(message);
    expect(html).not.toContain(OPEN_DATA_TEXTS.compareRadarCaption);
  });
});

describe('the badge and its verify page', () => {
  const badge = (file: string) => badgeGet(request(`/badge/${file}`), { params: Promise.resolve({ file }) });

  it('draws the grade and score as an SVG under a policy that runs nothing', async () => {
    const response = await badge(`${strong}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('content-security-policy')).toBe(SVG_BADGE_CSP);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const svg = await response.text();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('>AAA 92.0<');
    expect(svg).toContain(`${getConfig().siteUrl}/verify/${strong}`);
    expect(svg).not.toMatch(/<script/i);
    expect((await (await badge(`${unscored}.svg`)).text())).toContain('>not assessed<');
  });

  it('keeps its own policy through the middleware, which gives pages theirs', async () => {
    const badgeGate = await middleware(new NextRequest(`http://localhost:3000/badge/${strong}.svg`));
    expect(badgeGate.headers.get('x-middleware-next')).toBe('1');
    expect(badgeGate.headers.get('content-security-policy')).toBe(SVG_BADGE_CSP);
    expect(badgeGate.headers.get('x-content-type-options')).toBe('nosniff');
    const pageGate = await middleware(new NextRequest(`http://localhost:3000/verify/${strong}`));
    expect(pageGate.headers.get('content-security-policy')).not.toBe(SVG_BADGE_CSP);
    expect(pageGate.headers.get('content-security-policy')).toContain("script-src");
  });

  it('escapes the project name inside the badge', async () => {
    const svg = await (await badge(`${formula}.svg`)).text();
    expect(svg).toContain('=HYPERLINK(&quot;https://evil.example&quot;,&quot;x&quot;)');
  });

  it('is read through the cache the score and project writes expire', () => {
    expect(cacheTags.get('badge-figures')).toEqual(expect.arrayContaining([CACHE_TAGS.scores, CACHE_TAGS.projects]));
  });

  it('is a 404 for a hidden or unknown project, or a name that is not an SVG', async () => {
    for (const file of [`${hidden}.svg`, `${id('nobody')}.svg`, `${strong}.png`, strong, '..%2F.svg']) expect((await badge(file)).status, file).toBe(404);
  });

  it('verify states the grade the project holds now, big, with its score and date', async () => {
    const html = renderToStaticMarkup(await VerifyPage({ params: Promise.resolve({ id: strong }) }));
    expect(html).toMatch(/data-testid="verified-grade"[^>]*>AAA</);
    expect(html).toContain('92.0 / 100');
    expect(html).toContain(OPEN_DATA_TEXTS.verifyHowTitle);
    expect(html).toContain(OPEN_DATA_TEXTS.verifyHow[1]);
    // Live: a new score shows at once (the page reads no cache).
    const db = await getDb();
    await db.update(projectScores).set({ score: 72, updatedAt: new Date() }).where(eq(projectScores.projectId, weak));
    const after = renderToStaticMarkup(await VerifyPage({ params: Promise.resolve({ id: weak }) }));
    expect(after).toMatch(/data-testid="verified-grade"[^>]*>BB</);
    expect(after).toContain('72.0 / 100');
  });

  it('verify is a 404 for a hidden or unknown project', async () => {
    for (const projectId of [hidden, id('nobody')]) {
      await expect(VerifyPage({ params: Promise.resolve({ id: projectId }) })).rejects.toMatchObject({ digest: expect.stringContaining('404') });
    }
  });
});
