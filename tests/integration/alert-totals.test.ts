import fs from 'node:fs';
import path from 'node:path';

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/cache', () => ({
  unstable_cache: <Args extends unknown[], Result>(load: (...args: Args) => Promise<Result>) => load,
  revalidateTag: () => {},
  revalidatePath: () => {},
}));

import { ALERT_ORIGINS, ALERT_TYPES } from '@/lib/alerts';
import { EMPTY_ALERT_FILTERS, type AlertFilters } from '@/lib/schemas/alert-filters';
import { planAlertTotals, readAlertTotals, type AlertTotalsGroup } from '@/server/alert-database';
import { getDb } from '@/server/db/client';
import { alertTotals, projects, securityAlerts } from '@/server/db/schema';

import { createTestRun } from '../fixtures/test-run';

// alert_totals (#21) is kept by triggers on security_alerts and projects: after any sequence of writes it must equal
// the same sums recomputed here in plain code from every alert, and the totals read from it must equal a scan's.

const run = createTestRun();
const projectIds = Array.from({ length: 6 }, (_, i) => `totals-${run.id}-${i}`);
const CATEGORIES = ['Lending', 'lending', 'DEX', null] as const;
const TECHNIQUES = ['Reentrancy', 'reentrancy', 'Oracle', null] as const;
const CHAINS = ['Ethereum', 'Base', 'ETHEREUM', null] as const;

/** A small deterministic generator (mulberry32), so a failure replays the same writes. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)] };
}

const cents = (value: string | number | null) => (value === null ? null : BigInt(Math.round(Number(value) * 100)));

type Alert = typeof securityAlerts.$inferSelect;
type Project = typeof projects.$inferSelect;

async function scan(): Promise<{ alert: Alert; project: Project | null }[]> {
  const db = await getDb();
  return db.select({ alert: securityAlerts, project: projects }).from(securityAlerts).leftJoin(projects, eq(projects.id, securityAlerts.projectId));
}

/** alert_totals recomputed in plain code: every subset of (type, origin, has_returned, category) per (year, technique, chain). */
async function expectedSummary(): Promise<string[]> {
  const rows = (await scan()).filter(({ alert, project }) => alert.status === 'published' && !project?.hiddenAt);
  const groups = new Map<string, { listed: number; counted: number; lost: bigint | null; lostKnown: number; returned: bigint | null; returnedKnown: number; first: string | null; last: string | null }>();
  for (const { alert, project } of rows) {
    const dims = [alert.type, alert.origin, (alert.amountReturnedUsd ?? 0) > 0, project?.category ?? null] as const;
    for (let grouping = 0; grouping < 16; grouping++) {
      // GROUPING(type, origin, has_returned, category): bit 8 is type … bit 1 is category; a set bit sums it over.
      const keyDims = dims.map((value, i) => (grouping & (8 >> i) ? null : value));
      const key = JSON.stringify([grouping, alert.occurredAt.getUTCFullYear(), alert.technique, alert.chain, ...keyDims]);
      const group = groups.get(key) ?? { listed: 0, counted: 0, lost: null, lostKnown: 0, returned: null, returnedKnown: 0, first: null, last: null };
      group.listed++;
      if (alert.retractedAt === null) {
        group.counted++;
        const lost = cents(alert.amountLostUsd);
        const returned = cents(alert.amountReturnedUsd);
        if (lost !== null) [group.lost, group.lostKnown] = [(group.lost ?? 0n) + lost, group.lostKnown + 1];
        if (returned !== null) [group.returned, group.returnedKnown] = [(group.returned ?? 0n) + returned, group.returnedKnown + 1];
        if (alert.amountsPricedOn && (lost !== null || returned !== null)) {
          if (!group.first || alert.amountsPricedOn < group.first) group.first = alert.amountsPricedOn;
          if (!group.last || alert.amountsPricedOn > group.last) group.last = alert.amountsPricedOn;
        }
      }
      groups.set(key, group);
    }
  }
  return [...groups].map(([key, g]) => `${key} ${g.listed} ${g.counted} ${g.lost} ${g.lostKnown} ${g.returned} ${g.returnedKnown} ${g.first} ${g.last}`).sort();
}

async function storedSummary(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select().from(alertTotals);
  return rows
    .map((r) => {
      const key = JSON.stringify([r.grouping, r.year, r.technique, r.chain, r.type, r.origin, r.hasReturned, r.category]);
      return `${key} ${r.listed} ${r.counted} ${cents(r.lostSum)} ${r.lostKnown} ${cents(r.returnedSum)} ${r.returnedKnown} ${r.pricedFirst} ${r.pricedLast}`;
    })
    .sort();
}

/** The page's totals computed in plain code from a scan (the meaning of each filter written out row by row). */
async function scannedTotals(filters: AlertFilters) {
  const lower = (value: string | null | undefined) => value?.toLowerCase() ?? null;
  const rows = (await scan()).filter(({ alert, project }) => {
    const day = alert.occurredAt.toISOString().slice(0, 10);
    return (
      alert.status === 'published' &&
      !project?.hiddenAt &&
      (!filters.type || alert.type === filters.type) &&
      (!filters.origin || alert.origin === filters.origin) &&
      (!filters.technique || lower(alert.technique) === lower(filters.technique)) &&
      (!filters.chain || lower(alert.chain) === lower(filters.chain)) &&
      (!filters.category || (project !== null && lower(project.category) === lower(filters.category))) &&
      (!filters.returned || ((alert.amountReturnedUsd ?? 0) > 0) === (filters.returned === 'yes')) &&
      (!filters.from || day >= filters.from) &&
      (!filters.to || day <= filters.to)
    );
  });
  const counted = rows.filter(({ alert }) => alert.retractedAt === null);
  const known = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return { sum: Number(present.reduce((sum, value) => sum + cents(value)!, 0n)) / 100, known: present.length };
  };
  const figures = (members: typeof counted) => ({ count: members.length, lost: known(members.map(({ alert }) => alert.amountLostUsd)), returned: known(members.map(({ alert }) => alert.amountReturnedUsd)) });
  const by = (keyOf: (alert: Alert) => string | null) => {
    const groups = new Map<string | null, typeof counted>();
    for (const row of counted) groups.set(keyOf(row.alert), [...(groups.get(keyOf(row.alert)) ?? []), row]);
    return [...groups].map(([key, members]): AlertTotalsGroup => ({ key, ...figures(members) }));
  };
  const biggestFirst = (a: AlertTotalsGroup, b: AlertTotalsGroup) => b.count - a.count || (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff');
  const days = counted.filter(({ alert }) => alert.amountsPricedOn && (alert.amountLostUsd !== null || alert.amountReturnedUsd !== null)).map(({ alert }) => alert.amountsPricedOn!).sort();
  return {
    listed: rows.length,
    ...figures(counted),
    pricedOn: days.length ? { first: days[0], last: days[days.length - 1] } : null,
    byYear: by((alert) => String(alert.occurredAt.getUTCFullYear())).sort((a, b) => Number(b.key) - Number(a.key)),
    byTechnique: by((alert) => alert.technique).sort(biggestFirst),
    byChain: by((alert) => alert.chain).sort(biggestFirst),
  };
}

const rng = random(Number.parseInt(run.id, 16));
const newAlert = () => {
  const amount = rng.next() < 0.3 ? null : Math.round(rng.next() * 1e9) / 100;
  return {
    projectId: rng.next() < 0.15 ? null : rng.pick(projectIds),
    type: rng.pick(ALERT_TYPES),
    title: `totals ${run.id}`,
    occurredAt: new Date(Date.UTC(2019 + Math.floor(rng.next() * 5), Math.floor(rng.next() * 12), 1 + Math.floor(rng.next() * 28), Math.floor(rng.next() * 24))),
    amountLostUsd: amount,
    amountReturnedUsd: rng.pick([null, 0, 12.34, 5000]),
    amountsPricedOn: rng.next() < 0.3 ? null : `202${Math.floor(rng.next() * 5)}-0${1 + Math.floor(rng.next() * 9)}-1${Math.floor(rng.next() * 9)}`,
    technique: rng.pick(TECHNIQUES),
    chain: rng.pick(CHAINS),
    confidence: 'high' as const,
    status: rng.next() < 0.1 ? ('draft' as const) : ('published' as const),
    origin: rng.pick(ALERT_ORIGINS),
    sourceUrls: ['https://example.com/source'],
    retractedAt: rng.next() < 0.1 ? new Date() : null,
  };
};

beforeAll(async () => {
  const db = await getDb();
  await db.insert(projects).values(projectIds.map((id, i) => ({ id, name: `Totals ${i} ${run.id}`, category: CATEGORIES[i % CATEGORIES.length], hiddenAt: i === 5 ? new Date() : null })));
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(securityAlerts).where(eq(securityAlerts.title, `totals ${run.id}`));
  await db.delete(projects).where(inArray(projects.id, projectIds));
  await run.cleanUp();
});

describe('alert_totals', () => {
  it('is filled by the migration for the alerts already there (the backfill, run again on an emptied table)', async () => {
    const db = await getDb();
    const migration = fs.readFileSync(path.join(process.cwd(), 'server/db/migrations/0016_alert_totals.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('alert_totals_refresh');
    await db.execute(sql`delete from alert_totals`);
    expect(await storedSummary()).toEqual([]);
    await db.execute(sql.raw(backfill));
    const expected = await expectedSummary();
    expect(expected.length).toBeGreaterThan(0);
    expect(await storedSummary()).toEqual(expected);
  });

  it('equals the sums recomputed from every alert after a random sequence of inserts, corrections, retractions, deletes and project changes', async () => {
    const db = await getDb();
    const ours = async () => (await db.select({ id: securityAlerts.id }).from(securityAlerts).where(eq(securityAlerts.title, `totals ${run.id}`))).map((row) => row.id);
    const done = new Map<string, number>();
    for (let step = 0; step < 80; step++) {
      const ids = await ours();
      const id = ids.length ? rng.pick(ids) : null;
      const operation = ids.length < 5 ? 'insert-many' : rng.pick(['insert', 'insert-many', 'correct', 'move', 'retract', 'unretract', 'publish', 'delete', 'delete-many', 'recategorise', 'hide', 'rolled-back'] as const);
      done.set(operation, (done.get(operation) ?? 0) + 1);
      if (operation === 'insert') await db.insert(securityAlerts).values(newAlert());
      else if (operation === 'insert-many') await db.insert(securityAlerts).values(Array.from({ length: 12 }, newAlert));
      else if (operation === 'correct') await db.update(securityAlerts).set({ amountLostUsd: rng.pick([null, 1.05, 2_500_000.5]), amountReturnedUsd: rng.pick([null, 0, 7]), amountsPricedOn: rng.pick([null, '2021-05-05']), type: rng.pick(ALERT_TYPES), origin: rng.pick(ALERT_ORIGINS) }).where(eq(securityAlerts.id, id!));
      else if (operation === 'move') await db.update(securityAlerts).set({ technique: rng.pick(TECHNIQUES), chain: rng.pick(CHAINS), occurredAt: newAlert().occurredAt, projectId: rng.pick([...projectIds, null]) }).where(eq(securityAlerts.id, id!));
      else if (operation === 'retract') await db.update(securityAlerts).set({ retractedAt: new Date(), retractionReason: 'reorg' }).where(eq(securityAlerts.id, id!));
      else if (operation === 'unretract') await db.update(securityAlerts).set({ retractedAt: null, retractionReason: null }).where(eq(securityAlerts.id, id!));
      else if (operation === 'publish') await db.update(securityAlerts).set({ status: rng.pick(['published', 'draft'] as const) }).where(eq(securityAlerts.id, id!));
      else if (operation === 'delete') await db.delete(securityAlerts).where(eq(securityAlerts.id, id!));
      else if (operation === 'delete-many') await db.delete(securityAlerts).where(inArray(securityAlerts.id, ids.slice(0, 4)));
      else if (operation === 'recategorise') await db.update(projects).set({ category: rng.pick(CATEGORIES) }).where(eq(projects.id, rng.pick(projectIds)));
      else if (operation === 'hide') await db.update(projects).set({ hiddenAt: rng.pick([null, new Date()]) }).where(eq(projects.id, rng.pick(projectIds)));
      else {
        // A write whose transaction fails leaves the totals as they were.
        await expect(
          db.transaction(async (tx) => {
            await tx.insert(securityAlerts).values(newAlert());
            await tx.delete(securityAlerts).where(eq(securityAlerts.id, id!));
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
      }
      if (step % 20 === 19) expect(await storedSummary(), `after step ${step} (${operation})`).toEqual(await expectedSummary());
    }
    // The sequence did write every kind of change.
    expect(done.size).toBeGreaterThanOrEqual(10);
    expect(await storedSummary()).toEqual(await expectedSummary());
  });

  it('gives the same totals as a scan for every kind of filter, whole years read from it and the days around them scanned', async () => {
    const mine = { category: 'lending', technique: 'REENTRANCY', chain: 'ethereum' };
    const combinations: Partial<AlertFilters>[] = [
      {},
      { type: 'exploit' },
      { origin: 'automatic', returned: 'yes' },
      { returned: 'no', category: mine.category },
      { technique: mine.technique, chain: mine.chain },
      { category: 'DEX', type: 'rug-pull', origin: 'staff', returned: 'no', technique: 'oracle', chain: 'base' },
      { from: '2020-01-01', to: '2021-12-31' },
      { from: '2019-03-15', to: '2022-06-30', chain: 'Ethereum' },
      { from: '2021-02-01', to: '2021-11-30', category: 'Lending' },
      { from: '2020-07-04' },
      { to: '2021-05-05', type: 'phishing' },
      { from: '2023-01-01', to: '2022-12-31' },
    ];
    expect(planAlertTotals({ ...EMPTY_ALERT_FILTERS, from: '2019-03-15', to: '2022-06-30' })).toEqual({
      summaryYears: { first: 2020, last: 2021 },
      scans: [expect.objectContaining({ from: '2019-03-15', to: '2019-12-31' }), expect.objectContaining({ from: '2022-01-01', to: '2022-06-30' })],
    });
    for (const change of combinations) {
      const filters = { ...EMPTY_ALERT_FILTERS, ...change };
      expect(await readAlertTotals(filters), JSON.stringify(change)).toEqual(await scannedTotals(filters));
    }
    for (let i = 0; i < 25; i++) {
      const from = rng.next() < 0.5 ? null : `20${19 + Math.floor(rng.next() * 5)}-${rng.pick(['01-01', '03-17', '12-31'])}`;
      const to = rng.next() < 0.5 ? null : `20${19 + Math.floor(rng.next() * 5)}-${rng.pick(['01-01', '08-09', '12-31'])}`;
      const filters: AlertFilters = {
        ...EMPTY_ALERT_FILTERS,
        type: rng.next() < 0.3 ? rng.pick(ALERT_TYPES) : null,
        origin: rng.next() < 0.3 ? rng.pick(ALERT_ORIGINS) : null,
        returned: rng.pick([null, null, 'yes', 'no'] as const),
        category: rng.next() < 0.3 ? rng.pick(['lending', 'DEX']) : null,
        technique: rng.next() < 0.3 ? rng.pick(['reentrancy', 'Oracle']) : null,
        chain: rng.next() < 0.3 ? rng.pick(['ethereum', 'Base']) : null,
        from,
        to,
      };
      expect(await readAlertTotals(filters), JSON.stringify(filters)).toEqual(await scannedTotals(filters));
    }
  });
});
