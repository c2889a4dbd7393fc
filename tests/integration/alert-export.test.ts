import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { GET } from '@/app/(site)/alerts/export.csv/route';
import { ALERT_PAGE_ANCHORS } from '@/lib/alert-sources';
import { ALERT_DATABASE_MESSAGES } from '@/lib/messages/alert-database';
import { parseAlertFilters } from '@/lib/schemas/alert-filters';
import { ALERT_CSV_BATCH, ALERT_CSV_HEADER, alertsCsvResponse } from '@/server/alert-export';
import { getConfig } from '@/server/config';
import { getDb } from '@/server/db/client';
import { projects, securityAlerts } from '@/server/db/schema';

import { createTestRun } from '../fixtures/test-run';
import { parseCsv } from '../support/csv';

const run = createTestRun();
const project = `alertcsv-${run.id}`;
const hidden = `alertcsv-${run.id}-hidden`;
/** More than two batches, with ties on the time, so the keyset's every edge is crossed. */
const BULK = ALERT_CSV_BATCH * 2 + 37;

type NewAlert = typeof securityAlerts.$inferInsert;
const alert = (values: Partial<NewAlert> & { title: string }): NewAlert => ({
  projectId: project,
  type: 'exploit',
  confidence: 'high',
  status: 'published',
  publishedAt: new Date(),
  occurredAt: new Date('2022-01-01T00:00:00Z'),
  sourceUrls: ['https://example.com/source'],
  ...values,
});

const microsecondTime = (micros: string) => new Date(Date.UTC(2020, 0, 1) + 541.5 * 3_600_000).toISOString().replace('.000Z', `.${micros}Z`);

beforeAll(async () => {
  const db = await getDb();
  await db.insert(projects).values([
    { id: project, name: `CSV Protocol ${run.id}`, category: 'Lending' },
    { id: hidden, name: `CSV Hidden ${run.id}`, hiddenAt: new Date() },
  ]);
  // Every seventh alert shares its time with the one before: ties are broken by id, on both sides of a batch's edge.
  const bulk = Array.from({ length: BULK }, (_, index) =>
    alert({ title: `csv bulk ${index}`, occurredAt: new Date(Date.UTC(2020, 0, 1) + (index - (index % 7 === 6 ? 1 : 0)) * 3_600_000), amountLostUsd: index % 3 === 0 ? null : index * 10, amountsPricedOn: index % 3 === 0 ? null : '2020-02-01' }),
  );
  for (let start = 0; start < bulk.length; start += 500) await db.insert(securityAlerts).values(bulk.slice(start, start + 500));
  await db.insert(securityAlerts).values([
    alert({ title: '=HYPERLINK("https://evil.example","click")', occurredAt: new Date('2024-05-01T00:00:00Z'), technique: '@SUM(A1)', chain: '+Ethereum', amountLostUsd: 1_250_000.5, amountReturnedUsd: 250_000, amountsPricedOn: '2024-05-02' }),
    alert({ title: 'Drained, "twice"\nin one day', occurredAt: new Date('2024-04-01T00:00:00Z'), technique: '-1+2' }),
    alert({ title: 'csv automatic', type: 'large-outflow', origin: 'automatic', occurredAt: new Date('2024-03-01T00:00:00Z'), sourceUrls: [], evidence: { rule: 'large-outflow', chainId: 1, txHash: '0xfeed', blockNumber: 7 } }),
    alert({ title: 'csv retracted', type: 'large-mint', origin: 'automatic', occurredAt: new Date('2024-02-01T00:00:00Z'), sourceUrls: [], evidence: { rule: 'large-mint', blockNumber: 8 }, retractedAt: new Date(), retractionReason: 'reorg' }),
    alert({ title: 'csv draft', status: 'draft', publishedAt: null }),
    alert({ title: 'csv hidden project', projectId: hidden }),
    // Times a millisecond Date cannot tell apart, placed so that the first batch ends between them (499 newer rows:
    // the four 2024 ones and the bulk from hour 542 on): the cursor must keep the database's microseconds.
    alert({ title: 'csv micro a', occurredAt: sql`${microsecondTime('123456')}::timestamptz` as unknown as Date }),
    alert({ title: 'csv micro b', occurredAt: sql`${microsecondTime('123400')}::timestamptz` as unknown as Date }),
  ]);
});

afterAll(() => run.cleanUp());

async function csvOf(query: string): Promise<{ response: Response; rows: string[][] }> {
  const response = alertsCsvResponse(new URLSearchParams(query));
  return { response, rows: parseCsv(await response.text()) };
}

/** The published alerts of shown projects matching a project filter, newest first, read plainly. */
async function expectedIds(projectId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: securityAlerts.id, at: sql<string>`${securityAlerts.occurredAt}::text` })
    .from(securityAlerts)
    .leftJoin(projects, eq(projects.id, securityAlerts.projectId))
    .where(and(eq(securityAlerts.projectId, projectId), eq(securityAlerts.status, 'published'), or(isNull(securityAlerts.projectId), isNull(projects.hiddenAt))))
    .orderBy(sql`${securityAlerts.occurredAt} desc, ${securityAlerts.id} desc`);
  return rows.map((row) => row.id);
}

const column = (name: (typeof ALERT_CSV_HEADER)[number]) => ALERT_CSV_HEADER.indexOf(name);

describe('the incident database CSV', () => {
  it('streams every matching alert once, newest first, across batches and ties, as a download', async () => {
    const { response, rows } = await csvOf(`project=${project}&page=3`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="alerts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows[0]).toEqual([...ALERT_CSV_HEADER]);
    const ids = rows.slice(1).map((row) => row[column('Alert ID')]);
    // The page is not a filter of the export: every page is in it.
    expect(ids).toEqual(await expectedIds(project));
    expect(ids.length).toBe(BULK + 6);
    const titles = rows.slice(1).map((row) => row[column('Title')]);
    expect(titles).not.toContain('csv draft');
    expect(titles).not.toContain('csv hidden project');
    expect(titles.indexOf('csv micro a')).toBe(ALERT_CSV_BATCH - 1);
    expect(titles.indexOf('csv micro b')).toBe(ALERT_CSV_BATCH);
  });

  it('neutralises cells a spreadsheet would run, quotes awkward ones, and leaves unknown amounts empty', async () => {
    const { rows } = await csvOf(`project=${project}&from=2024-01-01`);
    const byTitle = new Map(rows.slice(1).map((row) => [row[column('Title')], row]));
    const formula = byTitle.get(`'=HYPERLINK("https://evil.example","click")`)!;
    expect(formula).toBeDefined();
    expect(formula[column('Technique')]).toBe("'@SUM(A1)");
    expect(formula[column('Chain')]).toBe("'+Ethereum");
    expect(formula[column('Amount lost (USD)')]).toBe('1250000.5');
    expect(formula[column('Amount returned (USD)')]).toBe('250000');
    expect(formula[column('Amounts priced on')]).toBe('2024-05-02');
    expect(formula[column('Sources')]).toBe('https://example.com/source');
    const awkward = byTitle.get('Drained, "twice"\nin one day')!;
    expect(awkward[column('Technique')]).toBe("'-1+2");
    expect(awkward[column('Amount lost (USD)')]).toBe('');
    expect(awkward[column('Amounts priced on')]).toBe('');
  });

  it("gives automatic alerts their evidence page as a source, and lists retracted ones with their retraction", async () => {
    const { siteUrl } = getConfig();
    const { rows } = await csvOf(`project=${project}&origin=automatic`);
    const [automatic, retracted] = rows.slice(1);
    expect(automatic[column('Title')]).toBe('csv automatic');
    expect(automatic[column('Sources')].split(' ')[0]).toBe(`${siteUrl}/alerts/${automatic[column('Alert ID')]}#${ALERT_PAGE_ANCHORS.evidence}`);
    expect(automatic[column('Page')]).toBe(`${siteUrl}/alerts/${automatic[column('Alert ID')]}`);
    expect(automatic[column('Raised by')]).toBe('automatic');
    expect(retracted[column('Title')]).toBe('csv retracted');
    expect(retracted[column('Retraction reason')]).toBe('reorg');
    expect(retracted[column('Retracted (UTC)')]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers a bad filter with a 400 problem naming it, never a 5xx, and nothing streamed', async () => {
    for (const query of ['type=meteor', `project=${project}&from=2024-13-01&minLost=lots`, 'from=2024-05-01&to=2024-01-01']) {
      const response = await GET(new Request(`http://localhost/alerts/export.csv?${query}`));
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await response.json()) as { title: string; status: number; detail: string; invalidFilters: string[] };
      const { ignored } = parseAlertFilters(new URLSearchParams(query));
      expect(problem).toMatchObject({ status: 400, title: ALERT_DATABASE_MESSAGES.csvBadFilterTitle, invalidFilters: ignored });
      for (const name of ignored.map((item) => item.split('=')[0])) expect(problem.detail).toContain(`${name}=`);
    }
  });

  it('is served by the route for the filters the page links with', async () => {
    const response = await GET(new Request(`http://localhost/alerts/export.csv?project=${project}&minLost=1000000`));
    expect(response.status).toBe(200);
    const rows = parseCsv(await response.text());
    expect(rows.slice(1).map((row) => row[column('Title')])).toEqual([`'=HYPERLINK("https://evil.example","click")`]);
  });
});
