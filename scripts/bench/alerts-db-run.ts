// Bench helper (run by scripts/bench/alerts-db.mjs under tsx with the react-server condition): the incident
// database's server-side reads (#21) on a fresh database holding BENCH_ALERTS alerts. Prints one JSON line per
// filter combination: {"phase":"case",…} with the latencies of the page's two data reads run side by side, uncached
// (readAlertDatabasePage + readAlertTotals, the functions listPublishedAlerts and alertTotals wrap in Next's cache).
import { count, sql } from 'drizzle-orm';

import { EMPTY_ALERT_FILTERS, type AlertFilters } from '@/lib/schemas/alert-filters';
import { readAlertDatabasePage, readAlertTotals } from '@/server/alert-database';
import { closeDatabase, getDb } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { securityAlerts } from '@/server/db/schema';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 20_000);
const PROJECTS = 2_000;
const WARM_RUNS = 20;
const RUNS = Number(process.env.BENCH_ALERTS_RUNS ?? 200);

const print = (line: object) => console.log(JSON.stringify(line));

/** The unfiltered page and combinations a visitor would use; `q` and `project` name synthetic projects. */
const CASES: [string, Partial<AlertFilters>][] = [
  ['unfiltered, page 1', {}],
  ['unfiltered, page 40', { page: 40 }],
  ['type + chain', { type: 'exploit', chain: 'Ethereum' }],
  ['technique + date range', { technique: 'Reentrancy', from: '2022-01-01', to: '2023-12-31' }],
  ['amount range + returned', { minLost: 1_000_000, maxLost: 50_000_000, returned: 'yes' }],
  ['category + origin staff', { category: 'Lending', origin: 'staff' }],
  ['search by name', { q: 'bench alerts 17' }],
  ['one project', { project: 'bench-alerts-42' }],
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

try {
  await prepareDatabase();
  const db = await getDb();
  const categories = ['Lending', 'DEX', 'Bridge', 'Yield', 'NFT', 'Gaming', 'Stablecoin', 'Derivatives'];
  await db.execute(sql`insert into projects (id, name, category, token_tickers)
    select 'bench-alerts-' || i, 'Bench Alerts ' || i, (${sql.raw(`array['${categories.join("','")}']`)})[1 + i % 8], array['BA' || i]
    from generate_series(1, ${PROJECTS}) as i on conflict do nothing`);
  // Varied like real incidents: eight types, a dozen techniques and chains, six years, a third of amounts unknown,
  // a tenth automatic, a few retracted, a few on no project.
  await db.execute(sql`insert into security_alerts (project_id, type, title, occurred_at, amount_lost_usd, amount_returned_usd, amounts_priced_on,
      chain, technique, source_urls, confidence, status, origin, retracted_at, published_at)
    select case when i % 50 = 0 then null else 'bench-alerts-' || (1 + i % ${PROJECTS}) end,
      (array['exploit','rug-pull','phishing','flash-loan','private-key-leak','oracle-manipulation','governance-attack','bridge-hack'])[1 + i % 8],
      'Bench incident ' || i,
      timestamptz '2020-01-01' + (i * interval '2 hours 37 minutes'),
      case when i % 3 = 0 then null else (i * 7919) % 90000000 end,
      case when i % 5 = 0 then (i * 31) % 1000000 when i % 3 = 0 then null else 0 end,
      case when i % 3 = 0 then null else date '2020-01-02' + (i * 157 / 1440) end,
      (array['Ethereum','BNB Chain','Polygon','Arbitrum','Optimism','Base','Avalanche','Solana','Tron','Fantom','Cronos','Gnosis'])[1 + i % 12],
      (array['Reentrancy','Price manipulation','Access control','Key compromise','Logic error','Front-running','Phishing site','Rug pull','Oracle','Governance','Bridge validator','Unknown'])[1 + (i / 7) % 12],
      array['https://example.com/incident/' || i], 'high', 'published',
      case when i % 10 = 0 then 'automatic' else 'staff' end,
      case when i % 97 = 0 then now() else null end,
      now()
    from generate_series(1, ${ALERTS}) as i`);
  await db.execute(sql`analyze`);
  const [{ n }] = await db.select({ n: count() }).from(securityAlerts);
  print({ phase: 'ready', alerts: Number(n) });

  for (const [name, change] of CASES) {
    const filters = { ...EMPTY_ALERT_FILTERS, ...change };
    const once = () => Promise.all([readAlertDatabasePage(filters), readAlertTotals({ ...filters, page: 1 })]);
    const [, totals] = await once();
    for (let i = 1; i < WARM_RUNS; i++) await once();
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await once();
      times.push(performance.now() - started);
    }
    // With PGlite the database runs in this process: its CPU time is the whole server-side cost, which other work on
    // the machine inflates far less than the wall-clock latencies.
    const cpu = process.cpuUsage(cpuBefore);
    times.sort((a, b) => a - b);
    print({ phase: 'case', name, matched: totals.listed, runs: RUNS, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times[times.length - 1], cpuMs: (cpu.user + cpu.system) / 1000 / RUNS });
  }
} finally {
  await closeDatabase();
}
