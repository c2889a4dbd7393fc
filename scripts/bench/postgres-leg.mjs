// The bench's PostgreSQL leg (issue 18): start times and the server's memory after a load, on PostgreSQL.
// Uses DATABASE_URL when set, else a local PostgreSQL at postgres://postgres@127.0.0.1:5432/postgres; creates
// databases of its own there (sentinel_bench_<random>_<n>) and drops them afterwards. Skipped, and said so,
// when neither is reachable. The database holds the seeded projects only (the 20,000-project fill writes PGlite).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import postgres from 'postgres';

import { searchPaths } from './keywords.mjs';
import { run, runSteady, warm } from './load.mjs';
import { ms, pct, rps, verdict } from './report.mjs';
import { REST_BEFORE_RSS_SECONDS, rssAfterRest, startServer } from './server.mjs';

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const GOALS = { rssMb: 300, existingStartMs: 1500, firstStartMs: 4000 };

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs the leg; resolves to its figures, or to { skipped: reason } when no PostgreSQL is reachable. */
export async function runPostgresLeg(root, { port, repeats, log, staticPath, projectPath }) {
  const adminUrl = process.env.DATABASE_URL?.trim() || LOCAL_URL;
  const shown = adminUrl.replace(/\/\/[^@/]*@/, '//…@');
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => undefined);
    return { skipped: `no PostgreSQL reachable at ${shown} (${error instanceof Error ? error.message : String(error)})` };
  }
  const prefix = `sentinel_bench_${crypto.randomBytes(4).toString('hex')}`;
  const created = [];
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-bench-pg-'));
  // Production on PostgreSQL insists on a set secret and a mail server (server/config.ts); no mail is sent here.
  const baseEnv = { AUTH_SECRET: crypto.randomBytes(32).toString('base64url'), SMTP_URL: 'smtp://127.0.0.1:9' };
  let server = null;
  try {
    const firstStarts = [];
    let databaseUrl = '';
    for (let round = 1; round <= repeats; round++) {
      const name = `${prefix}_${round}`;
      await admin.unsafe(`create database ${name}`);
      created.push(name);
      databaseUrl = withDatabase(adminUrl, name);
      log(`PostgreSQL: first start ${round}/${repeats} (migrate + seed) on the empty database ${name} …`);
      server = await startServer({ root, port, dataDir: path.join(tempDir, `data-${round}`), env: { ...baseEnv, DATABASE_URL: databaseUrl } });
      firstStarts.push(server.startMs);
      await server.stop();
      server = null;
    }
    const existingStarts = [];
    const env = { ...baseEnv, DATABASE_URL: databaseUrl };
    const dataDir = path.join(tempDir, `data-${repeats}`);
    for (let round = 1; round <= repeats; round++) {
      log(`PostgreSQL: start ${round}/${repeats} on the existing database …`);
      server = await startServer({ root, port, dataDir, env });
      existingStarts.push(server.startMs);
      if (round < repeats) {
        await server.stop();
        server = null;
      }
    }
    const origin = server.origin;
    const paths = searchPaths();
    await warm(origin, [...paths, '/', staticPath, projectPath], 2);
    log('PostgreSQL: search at a steady 200 req/s for 20 s, then /, the project page and the static page saturated 10 s each …');
    const search = await runSteady({ origin, paths, rate: 200, duration: 20, title: 'pg search steady' });
    const home = await run({ origin, paths: ['/'], connections: 10, duration: 10, title: 'pg home' });
    const project = await run({ origin, paths: [projectPath], connections: 10, duration: 10, title: 'pg project' });
    const staticPage = await run({ origin, paths: [staticPath], connections: 10, duration: 10, title: 'pg static' });
    const rssAfterLoad = await rssAfterRest(server);
    return { url: shown, firstStarts, existingStarts, search, home, project, staticPage, rssAfterLoad, projectPath };
  } finally {
    if (server) await server.stop();
    for (const name of created) {
      await admin.unsafe(`drop database if exists ${name} with (force)`).catch((error) => log(`PostgreSQL: could not drop ${name}: ${error}`));
    }
    await admin.end({ timeout: 5 }).catch(() => undefined);
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

/** The leg's rows for the bench's table. */
export function postgresRows(leg) {
  const section = 'PostgreSQL';
  if (leg.skipped) return [[section, 'PostgreSQL leg', `SKIPPED: ${leg.skipped}`, 'set DATABASE_URL to run it', '']];
  const list = (values) => values.map(ms).join(', ');
  const first = Math.max(...leg.firstStarts);
  const existing = Math.max(...leg.existingStarts);
  const errors = (r) => r.non2xx + r.errors + r.timeouts;
  return [
    [section, 'database', `${leg.url}, databases of the bench's own (created, dropped), seeded projects only`, '', ''],
    [section, `first start, migrate + seed, to first answer (worst of ${leg.firstStarts.length}: ${list(leg.firstStarts)})`, ms(first), `<= ${ms(GOALS.firstStartMs)}`, verdict(first <= GOALS.firstStartMs)],
    [section, `start on the existing database to first answer (worst of ${leg.existingStarts.length}: ${list(leg.existingStarts)})`, ms(existing), `<= ${ms(GOALS.existingStartMs)}`, verdict(existing <= GOALS.existingStartMs)],
    [section, 'search @200/s p99 (one run, indicative)', `${ms(leg.search.p99)}, ${rps(leg.search.requestsPerSecond)}${errors(leg.search) ? `, ${errors(leg.search)} errors` : ''}`, '', ''],
    [section, 'home / static (one run, indicative)', `${pct(leg.home.requestsPerSecond / leg.staticPage.requestsPerSecond)} (${rps(leg.home.requestsPerSecond)} vs ${rps(leg.staticPage.requestsPerSecond)})`, '', ''],
    [section, `${leg.projectPath} / static (one run, indicative)`, pct(leg.project.requestsPerSecond / leg.staticPage.requestsPerSecond), '', ''],
    [section, `server RSS ${REST_BEFORE_RSS_SECONDS} s after the load runs`, `${leg.rssAfterLoad.toFixed(0)} MB`, `<= ${GOALS.rssMb} MB`, verdict(leg.rssAfterLoad <= GOALS.rssMb)],
  ];
}
