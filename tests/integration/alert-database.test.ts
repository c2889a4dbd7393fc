import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Outside a Next server there is no data cache; this stand-in keeps what matters here, that cached values come
// back through JSON (dates as strings), as they do from Next's cache.
// It also records each cached read's tags, which the alert and project writes must expire.
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

import AlertPage from '@/app/(site)/alerts/[id]/page';
import AlertsPage from '@/app/(site)/alerts/page';
import { ALERT_PAGE_ANCHORS } from '@/lib/alert-sources';
import { ALERT_DATABASE_MESSAGES } from '@/lib/messages/alert-database';
import { OPEN_DATA_TEXTS } from '@/lib/messages/open-data';
import { CACHE_TAGS } from '@/server/cache-tags';
import { ALERT_DATABASE_PAGE_SIZE, alertCsvHref, EMPTY_ALERT_FILTERS, parseAlertFilters, type AlertFilters } from '@/lib/schemas/alert-filters';
import { alertTotals, listPublishedAlerts } from '@/server/alert-database';
import { getDb } from '@/server/db/client';
import { projects, securityAlerts } from '@/server/db/schema';

import { createTestRun } from '../fixtures/test-run';

const run = createTestRun();
const shown = `alertdb-${run.id}-shown`;
const other = `alertdb-${run.id}-other`;
const hidden = `alertdb-${run.id}-hidden`;
const technique = `Reentrancy ${run.id}`;

type NewAlert = typeof securityAlerts.$inferInsert;
const alert = (values: Partial<NewAlert> & { title: string; occurredAt: Date }): NewAlert => ({
  type: 'exploit',
  confidence: 'high',
  status: 'published',
  publishedAt: new Date(),
  sourceUrls: ['https://example.com/source'],
  ...values,
});

beforeAll(async () => {
  const db = await getDb();
  await db.insert(projects).values([
    { id: shown, name: `Shown Protocol ${run.id}`, category: `Lending-${run.id}`, tokenTickers: [`SHW${run.id}`] },
    { id: other, name: `Other Bridge ${run.id}`, category: `Bridge-${run.id}` },
    { id: hidden, name: `Hidden Swap ${run.id}`, category: `Lending-${run.id}`, hiddenAt: new Date() },
  ]);
  await db.insert(securityAlerts).values([
    alert({ projectId: shown, title: 'db: 2021 exploit on Ethereum', occurredAt: new Date('2021-03-10T12:00:00Z'), chain: 'Ethereum', technique, amountLostUsd: 1_000_000.25, amountReturnedUsd: 250_000, amountsPricedOn: '2021-03-11' }),
    alert({ projectId: shown, title: 'db: 2022 phishing, amount unknown', type: 'phishing', occurredAt: new Date('2022-07-01T00:00:00Z'), chain: 'BNB Chain', technique: 'Phishing site', amountsPricedOn: '2022-07-02' }),
    alert({ projectId: shown, title: 'db: 2023 flash loan on Ethereum', type: 'flash-loan', occurredAt: new Date('2023-12-31T23:59:59Z'), chain: 'ethereum', technique, amountLostUsd: 40_000.5, amountReturnedUsd: 0 }),
    alert({ projectId: other, title: 'db: 2023 bridge hack', type: 'bridge-hack', occurredAt: new Date('2023-05-05T00:00:00Z'), chain: 'Polygon', amountLostUsd: 90_000_000, amountReturnedUsd: 10_000_000 }),
    alert({ projectId: other, title: 'db: automatic large outflow', type: 'large-outflow', origin: 'automatic', occurredAt: new Date('2024-02-02T00:00:00Z'), chain: 'Ethereum', confidence: 'medium', sourceUrls: [], evidence: { rule: 'large-outflow', chainId: 1, blockNumber: 42, txHash: '0xbeef' } }),
    alert({ projectId: other, title: 'db: retracted automatic', type: 'large-mint', origin: 'automatic', occurredAt: new Date('2024-02-03T00:00:00Z'), chain: 'Ethereum', amountLostUsd: 5_000_000, retractedAt: new Date(), retractionReason: 'reorg' }),
    alert({ projectId: other, title: 'db: draft never listed', occurredAt: new Date('2024-01-01T00:00:00Z'), status: 'draft', publishedAt: null, amountLostUsd: 7 }),
    alert({ projectId: hidden, title: 'db: hidden project alert', occurredAt: new Date('2023-06-06T00:00:00Z'), chain: 'Ethereum', technique, amountLostUsd: 123 }),
  ]);
});

afterAll(() => run.cleanUp());

/** Every alert with its project, read plainly: the scan the filtered queries are checked against. */
async function scan() {
  const db = await getDb();
  return db
    .select({ alert: securityAlerts, project: projects })
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId));
}

type Scanned = Awaited<ReturnType<typeof scan>>[number];
const lower = (value: string | null | undefined) => value?.toLowerCase() ?? null;

/** The filters' meaning written out in plain code, row by row. */
function matches({ alert: row, project }: Scanned, filters: AlertFilters): boolean {
  if (row.status !== 'published' || project?.hiddenAt) return false;
  if (filters.type && row.type !== filters.type) return false;
  if (filters.technique && lower(row.technique) !== lower(filters.technique)) return false;
  if (filters.chain && lower(row.chain) !== lower(filters.chain)) return false;
  if (filters.category && lower(project?.category) !== lower(filters.category)) return false;
  if (filters.project && row.projectId !== filters.project) return false;
  const day = row.occurredAt.toISOString().slice(0, 10);
  if (filters.from && day < filters.from) return false;
  if (filters.to && day > filters.to) return false;
  if (filters.minLost !== null && (row.amountLostUsd === null || row.amountLostUsd < filters.minLost)) return false;
  if (filters.maxLost !== null && (row.amountLostUsd === null || row.amountLostUsd > filters.maxLost)) return false;
  if (filters.origin && row.origin !== filters.origin) return false;
  if (filters.returned === 'yes' && !(row.amountReturnedUsd !== null && row.amountReturnedUsd > 0)) return false;
  if (filters.returned === 'no' && row.amountReturnedUsd !== null && row.amountReturnedUsd > 0) return false;
  if (filters.q) {
    const q = filters.q.toLowerCase();
    if (!project) return false;
    if (!(project.name.toLowerCase().includes(q) || project.id === q || project.tokenTickers.some((ticker) => ticker.toLowerCase() === q))) return false;
  }
  return true;
}

const sumOf = (values: (number | null)[]) => {
  const known = values.filter((value): value is number => value !== null);
  return { sum: known.reduce((total, value) => total + value, 0), known: known.length };
};

function plainTotals(rows: Scanned[]) {
  const counted = rows.filter((row) => row.alert.retractedAt === null);
  const group = (keyOf: (row: Scanned) => string | null) => {
    const groups = new Map<string | null, Scanned[]>();
    for (const row of counted) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
    return new Map([...groups].map(([key, members]) => [key, { count: members.length, lost: sumOf(members.map((row) => row.alert.amountLostUsd)), returned: sumOf(members.map((row) => row.alert.amountReturnedUsd)) }]));
  };
  return {
    count: counted.length,
    lost: sumOf(counted.map((row) => row.alert.amountLostUsd)),
    returned: sumOf(counted.map((row) => row.alert.amountReturnedUsd)),
    byYear: group((row) => String(row.alert.occurredAt.getUTCFullYear())),
    byTechnique: group((row) => row.alert.technique),
    byChain: group((row) => row.alert.chain),
  };
}

const expectAmount = (actual: { sum: number; known: number }, expected: { sum: number; known: number }) => {
  expect(actual.known).toBe(expected.known);
  expect(actual.sum).toBeCloseTo(expected.sum, 2);
};

const COMBINATIONS: [string, Partial<AlertFilters>][] = [
  ['no filter', {}],
  ['one project', { project: shown }],
  ['a technique, any case', { technique: technique.toUpperCase() }],
  ['a chain, any case, and a date range', { chain: 'ETHEREUM', from: '2021-01-01', to: '2023-12-31' }],
  ['a category (the hidden project shares it)', { category: `lending-${run.id}` }],
  ['automatic only', { origin: 'automatic', project: other }],
  ['staff only within our projects, by ticker', { origin: 'staff', q: `shw${run.id}` }],
  ['funds returned', { returned: 'yes', q: run.id }],
  ['no funds returned', { returned: 'no', q: run.id }],
  ['an amount range', { minLost: 40_000.5, maxLost: 1_000_000.25 }],
  ['a type and a year', { type: 'bridge-hack', from: '2023-01-01', to: '2023-12-31' }],
  ['a project name fragment', { q: `other bridge ${run.id}` }],
];

describe('the incident database', () => {
  it.each(COMBINATIONS)('with %s, lists what a plain scan finds, newest first, and its totals equal a plain sum', async (_name, change) => {
    const filters = { ...EMPTY_ALERT_FILTERS, ...change };
    const expected = (await scan()).filter((row) => matches(row, filters));
    expected.sort((a, b) => b.alert.occurredAt.getTime() - a.alert.occurredAt.getTime() || (a.alert.id < b.alert.id ? 1 : -1));

    const page = await listPublishedAlerts(filters);
    expect(page.total).toBe(expected.length);
    expect(page.pageCount).toBe(Math.max(1, Math.ceil(expected.length / ALERT_DATABASE_PAGE_SIZE)));
    expect(page.rows.map((row) => row.id)).toEqual(expected.slice(0, ALERT_DATABASE_PAGE_SIZE).map((row) => row.alert.id));
    for (const row of page.rows) expect(row.occurredAt).toBeInstanceOf(Date);

    const totals = await alertTotals(filters);
    const plain = plainTotals(expected);
    expect(totals.count).toBe(plain.count);
    expectAmount(totals.lost, plain.lost);
    expectAmount(totals.returned, plain.returned);
    for (const [name, groups] of [['byYear', totals.byYear], ['byTechnique', totals.byTechnique], ['byChain', totals.byChain]] as const) {
      const plainGroups = plain[name];
      expect(groups.map((group) => group.key).sort(), name).toEqual([...plainGroups.keys()].sort());
      for (const group of groups) {
        const want = plainGroups.get(group.key)!;
        expect(group.count, `${name} ${group.key}`).toBe(want.count);
        expectAmount(group.lost, want.lost);
        expectAmount(group.returned, want.returned);
      }
    }
  });

  it('caches its reads under the tags that alert and project writes expire', () => {
    expect(cacheTags.get('alert-database-page')).toEqual(expect.arrayContaining([CACHE_TAGS.alerts, CACHE_TAGS.projects]));
    expect(cacheTags.get('alert-database-totals')).toEqual(expect.arrayContaining([CACHE_TAGS.alerts, CACHE_TAGS.projects]));
  });

  it('never counts a retracted alert, though it lists it marked', async () => {
    const filters = { ...EMPTY_ALERT_FILTERS, project: other, origin: 'automatic' as const };
    const page = await listPublishedAlerts(filters);
    expect(page.rows.map((row) => row.title).sort()).toEqual(['db: automatic large outflow', 'db: retracted automatic']);
    expect(page.rows.find((row) => row.title === 'db: retracted automatic')?.retractedAt).toBeInstanceOf(Date);
    const totals = await alertTotals(filters);
    expect(totals.count).toBe(1);
    // The retracted alert's $5M is not there; the other's amount is unknown, not zero.
    expect(totals.lost).toEqual({ sum: 0, known: 0 });
  });

  it("never lists a hidden project's alert or a draft, whatever the filters", async () => {
    for (const change of [{}, { q: run.id }, { category: `Lending-${run.id}` }, { project: hidden }, { technique }]) {
      const titles = (await listPublishedAlerts({ ...EMPTY_ALERT_FILTERS, ...change })).rows.map((row) => row.title);
      expect(titles).not.toContain('db: hidden project alert');
      expect(titles).not.toContain('db: draft never listed');
    }
    expect((await alertTotals({ ...EMPTY_ALERT_FILTERS, project: hidden })).count).toBe(0);
  });

  it('pages 25 at a time, and the totals ignore the page', async () => {
    const all = await listPublishedAlerts(EMPTY_ALERT_FILTERS);
    const second = await listPublishedAlerts({ ...EMPTY_ALERT_FILTERS, page: 2 });
    expect(second.total).toBe(all.total);
    const expectedSecond = Math.min(ALERT_DATABASE_PAGE_SIZE, Math.max(0, all.total - ALERT_DATABASE_PAGE_SIZE));
    expect(second.rows).toHaveLength(expectedSecond);
    expect(second.rows.some((row) => all.rows.some((first) => first.id === row.id))).toBe(false);
    expect(await alertTotals({ ...EMPTY_ALERT_FILTERS, page: 2 })).toEqual(await alertTotals(EMPTY_ALERT_FILTERS));
  });

  it('the page renders with bad filters: no throw, the notice names them, the good filters still apply', async () => {
    const html = renderToStaticMarkup(await AlertsPage({ searchParams: Promise.resolve({ type: 'nonsense', from: '2024-13-01', page: '-1', project: shown }) }));
    const { ignored } = parseAlertFilters({ type: 'nonsense', from: '2024-13-01', page: '-1' });
    expect(ignored).toHaveLength(3);
    expect(html).toContain(ALERT_DATABASE_MESSAGES.ignoredNotice(ignored));
    expect(html).toContain('db: 2021 exploit on Ethereum');
    expect(html).not.toContain('db: 2023 bridge hack');
    expect(html).toContain('href="/alerts/feed.xml"');
    expect(html).toContain(ALERT_DATABASE_MESSAGES.projectFilter(`Shown Protocol ${run.id}`));
    // Every row names its sources.
    expect(html).toContain('href="https://example.com/source"');
  });

  it('gives every row a source, an automatic alert its evidence on its page, and links the CSV of the same filters', async () => {
    const rows = (await listPublishedAlerts({ ...EMPTY_ALERT_FILTERS, q: run.id })).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.sources.length, row.title).toBeGreaterThan(0);
    const outflow = rows.find((row) => row.title === 'db: automatic large outflow')!;
    expect(outflow.sources[0]).toEqual({ kind: 'evidence', href: `/alerts/${outflow.id}#${ALERT_PAGE_ANCHORS.evidence}` });
    const html = renderToStaticMarkup(await AlertsPage({ searchParams: Promise.resolve({ q: run.id, page: '1' }) }));
    expect(html).toContain(`href="/alerts/${outflow.id}#${ALERT_PAGE_ANCHORS.evidence}"`);
    expect(html).toContain(`href="${alertCsvHref({ ...EMPTY_ALERT_FILTERS, q: run.id }).replaceAll('&', '&amp;')}"`);
    expect(html).toContain(OPEN_DATA_TEXTS.downloadCsv);
  });

  it('states the pricing day beside amounts and in the totals, counting only days of alerts with an amount', async () => {
    // The phishing alert states a day but no amount: it prices nothing in the sums.
    expect((await alertTotals({ ...EMPTY_ALERT_FILTERS, project: shown })).pricedOn).toEqual({ first: '2021-03-11', last: '2021-03-11' });
    expect((await alertTotals({ ...EMPTY_ALERT_FILTERS, project: other })).pricedOn).toBeNull();
    const html = renderToStaticMarkup(await AlertsPage({ searchParams: Promise.resolve({ project: shown }) }));
    expect(html).toContain(ALERT_DATABASE_MESSAGES.pricedOn('11 Mar 2021'));
    expect(html).toContain(ALERT_DATABASE_MESSAGES.pricedBetween('11 Mar 2021', '11 Mar 2021'));
    expect(html).not.toContain(ALERT_DATABASE_MESSAGES.pricedOn('2 Jul 2022'));
  });

  it("the alert page shows its sources, pricing day and the project's other alerts", async () => {
    const rows = (await listPublishedAlerts({ ...EMPTY_ALERT_FILTERS, q: run.id })).rows;
    const exploit = rows.find((row) => row.title === 'db: 2021 exploit on Ethereum')!;
    const html = renderToStaticMarkup(await AlertPage({ params: Promise.resolve({ id: exploit.id }) }));
    expect(html).toContain('href="https://example.com/source"');
    expect(html).toContain('Amounts priced on');
    expect(html).toContain('11 Mar 2021');
    expect(html).toContain(ALERT_DATABASE_MESSAGES.relatedTitle(`Shown Protocol ${run.id}`));
    for (const other of rows.filter((row) => row.projectId === shown && row.id !== exploit.id)) expect(html).toContain(`href="/alerts/${other.id}"`);
    expect(html).toContain(`href="/alerts?project=${shown}"`);

    const outflow = rows.find((row) => row.title === 'db: automatic large outflow')!;
    const automatic = renderToStaticMarkup(await AlertPage({ params: Promise.resolve({ id: outflow.id }) }));
    expect(automatic).toContain(`href="/alerts/${outflow.id}#${ALERT_PAGE_ANCHORS.evidence}"`);
    expect(automatic).toContain(ALERT_DATABASE_MESSAGES.sourceOnPage.evidence);
    expect(automatic).toContain(`id="${ALERT_PAGE_ANCHORS.evidence}"`);
    expect(automatic).not.toContain('No source recorded');
  });

  it('the page renders past the last page as an empty list, not an error', async () => {
    const html = renderToStaticMarkup(await AlertsPage({ searchParams: Promise.resolve({ project: shown, page: '999' }) }));
    expect(html).toContain(ALERT_DATABASE_MESSAGES.empty);
    expect(html).toContain('rel="prev"');
  });
});
