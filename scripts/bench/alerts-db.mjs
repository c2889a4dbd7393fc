// Incident database figure for `npm run bench` (issue 21): the /alerts page's server-side data reads over 20,000
// alerts, uncached, for the unfiltered page and a few filter combinations. The server's code runs in a process of its
// own (alerts-db-run.ts) on a fresh embedded database in a temp folder, or on BENCH_ALERTS_DATABASE_URL (an empty
// PostgreSQL database) when given. What is timed: readAlertDatabasePage and readAlertTotals side by side, as the page
// calls them through listPublishedAlerts and alertTotals, without Next's data cache in front.
// Runs on its own too: `node scripts/bench/alerts-db.mjs` (no build needed) prints the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ms, table, verdict } from './report.mjs';
import { runServerChild } from './server-child.mjs';

export const ALERTS_DB_ALERTS = 20_000;
export const ALERTS_DB_TARGET_P99_MS = 50;

/** Runs the cases once; answers the database used, the alerts held and each case's figures. */
export async function runAlertsDbBench(root, { alerts = ALERTS_DB_ALERTS, log = () => {} } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-alerts-db-'));
  const cases = [];
  let held = 0;
  try {
    await runServerChild(root, {
      script: 'alerts-db-run.ts',
      dataDir,
      smtpUrl: '',
      env: { DATABASE_URL: process.env.BENCH_ALERTS_DATABASE_URL ?? '', BENCH_ALERTS: String(alerts) },
      onMessage(message) {
        if (message.phase === 'ready') {
          held = message.alerts;
          log(`incident database: ${held} alerts; timing the page's reads …`);
        }
        if (message.phase === 'case') cases.push(message);
      },
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (cases.length === 0) throw new Error('the incident database run ended without its figures');
  return { database: process.env.BENCH_ALERTS_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite', alerts: held, cases, load: os.loadavg()[0] };
}

/** The report rows of a run (report.mjs table format). */
export function alertsDbRows(figures) {
  const label = `/alerts server data, uncached (${figures.database})`;
  return [
    [label, 'alerts held', `${figures.alerts}`, `>= ${ALERTS_DB_ALERTS}`, verdict(figures.alerts >= ALERTS_DB_ALERTS)],
    ...figures.cases.map((run) => [
      label,
      `p99: ${run.name}`,
      `${ms(run.p99)} (p50 ${ms(run.p50)}, ${run.cpuMs.toFixed(1)} ms CPU, ${run.matched} matched, ${run.runs} runs)`,
      `< ${ALERTS_DB_TARGET_P99_MS} ms`,
      verdict(run.p99 < ALERTS_DB_TARGET_P99_MS),
    ]),
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const started = performance.now();
  const log = (message) => console.error(`[alerts-db ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
  try {
    const figures = await runAlertsDbBench(root, { alerts: Number(process.env.BENCH_ALERTS ?? ALERTS_DB_ALERTS), log });
    console.log(`Machine: ${os.cpus().length} CPUs, load average ${figures.load.toFixed(2)} after the run.`);
    console.log(table(alertsDbRows(figures)));
  } catch (error) {
    console.error(`The incident database bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}
