// The pages' figures for `npm run bench` (issue 18 "Fast on a phone"): each page's own first-load JavaScript (every
// script its HTML names, gzip, less the React and Next.js runtime of the build manifest's rootMainFiles) beside its
// goal, and Lighthouse mobile scores (default settings: a mid-range phone, simulated slow 4G and CPU) of `/`, a
// project page and the static company page, measured in rounds so each page is compared with the static page of its
// own round. A round's figure for a page is the median performance score of RUNS_PER_ROUND runs (Lighthouse's
// docs/variability.md: one run's score moves by several points with the machine's load, the median of five is about
// twice as stable), the pages' runs interleaved so a busy moment falls on all three alike.
// Runs on its own too, against a build: `node scripts/bench/lighthouse.mjs` (starts the server on a data folder of
// its own and prints the same rows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { chromiumLaunchOptions } from '../chromium.mjs';
import { closeBrowser, measureScripts } from './browser.mjs';
import { kb, table, verdict } from './report.mjs';
import { findFreePort, startServer, stopAllServers } from './server.mjs';

export const STATIC_PATH = '/company/about';
export const PROJECT_PATH = '/projects/chainlink';
/** Own first-load JS goals (bytes, gzip, runtime excluded). */
export const JS_GOALS = { '/': 25_000, [PROJECT_PATH]: 40_000, '/projects': 40_000 };
/** A page may score this many performance points below the static page of the same round. */
export const PERFORMANCE_GAP = 3;
/** Lighthouse runs per page in a round, whose median score is the round's figure (LIGHTHOUSE_RUNS_PER_ROUND). */
const RUNS_PER_ROUND = Number(process.env.LIGHTHOUSE_RUNS_PER_ROUND ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The runtime files every page loads first (React, Next.js), from the build's manifest. */
function frameworkFiles(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, '.next', 'build-manifest.json'), 'utf8'));
  return (manifest.rootMainFiles ?? []).map((file) => file.replace(/^static\//, '/_next/static/'));
}

/** Where each run's whole Lighthouse report is kept (LIGHTHOUSE_REPORTS_DIR), to see what set a round's score. */
const reportsDir = process.env.LIGHTHOUSE_REPORTS_DIR?.trim() || null;

/** One Lighthouse run of a page in a Chromium of its own (no cache, no cookies): its whole result. */
async function audit(url, label) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    // chrome-launcher's own defaults are added to these; the shared flags keep Chromium off the network.
    chromeFlags: chromiumLaunchOptions.args.map((flag) => (flag === '--headless' ? '--headless=new' : flag)),
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (reportsDir) {
      fs.mkdirSync(reportsDir, { recursive: true });
      fs.writeFileSync(path.join(reportsDir, `${label}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
}

/** A run's scores 0–100, failed audits and metrics. */
function summarise(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const failed = Object.fromEntries(
    CATEGORIES.map((id) => [id, lhr.categories[id].auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1).map((ref) => ref.id)]),
  );
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  // The first contentful paint as the browser presented it in this run (not simulated): a round where it comes
  // ~1 s after the page was ready shows Chromium's viz holding the page's frames back (GoogleChrome/lighthouse#17148),
  // which Lighthouse's simulation then turns into a late FCP and LCP.
  const observedFcpMs = lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? NaN;
  return {
    scores,
    failed,
    fcpMs: metric('first-contentful-paint'),
    observedFcpMs,
    speedIndexMs: metric('speed-index'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
  };
}

/** The middle item by `value` (the upper one of an even count). */
const middleBy = (items, value) => [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)];
const median = (values) => middleBy(values, (value) => value);

/**
 * Measures against a running server at `origin`: the JS of the three pages, then `rounds` Lighthouse rounds over
 * `/`, a project page and the static page. Pages are asked for once first, so the cached ones are in the cache.
 */
export async function runPageBench(origin, { root, log = () => {}, rounds = Number(process.env.LIGHTHOUSE_ROUNDS ?? 3) } = {}) {
  if (!fs.existsSync(chromiumLaunchOptions.executablePath)) return { skipped: `Chromium not found at ${chromiumLaunchOptions.executablePath} (set CHROMIUM_PATH)` };
  for (const pagePath of [...Object.keys(JS_GOALS), STATIC_PATH]) {
    const response = await fetch(origin + pagePath, { signal: AbortSignal.timeout(60_000) });
    if (response.status !== 200) throw new Error(`GET ${pagePath} answered ${response.status}`);
    // The pictures too, at every size the page offers: Next's optimizer scales each once, as for any visitor before.
    const pictures = new Set([...(await response.text()).matchAll(/\/_next\/image\?[^"\s,]+/g)].map(([url]) => url.replaceAll('&amp;', '&')));
    for (const picture of pictures) await (await fetch(origin + picture, { headers: { accept: 'image/avif,image/webp,*/*' }, signal: AbortSignal.timeout(60_000) })).arrayBuffer();
  }
  const framework = frameworkFiles(root);
  const js = [];
  for (const pagePath of Object.keys(JS_GOALS)) {
    log(`first-load JS of ${pagePath} …`);
    const measured = await measureScripts(origin, pagePath, { frameworkFiles: framework });
    if (measured.skipped) return { skipped: measured.skipped };
    js.push({ path: pagePath, own: measured.scriptBytes - measured.frameworkBytes, framework: measured.frameworkBytes, failed: measured.failedScripts.length });
  }
  const pages = ['/', PROJECT_PATH, STATIC_PATH];
  const runs = Object.fromEntries(pages.map((pagePath) => [pagePath, []]));
  for (let round = 1; round <= rounds; round++) {
    const roundRuns = Object.fromEntries(pages.map((pagePath) => [pagePath, []]));
    for (let run = 1; run <= RUNS_PER_ROUND; run++) {
      for (const pagePath of pages) {
        log(`Lighthouse mobile, round ${round}/${rounds}, run ${run}/${RUNS_PER_ROUND}: ${pagePath} …`);
        roundRuns[pagePath].push(await audit(origin + pagePath, `round-${round}-run-${run}${pagePath.replaceAll('/', '_')}`));
      }
    }
    for (const pagePath of pages) {
      // The run with the median performance score stands for the round; the other categories are held on every run.
      const everyRun = roundRuns[pagePath].map(summarise);
      runs[pagePath].push({ ...middleBy(everyRun, (run) => run.scores.performance), everyRun });
    }
  }
  return { js, runs, rounds, runsPerRound: RUNS_PER_ROUND, load: os.loadavg()[0] };
}

/** The report's rows (report.mjs): JS beside its goals, then each page's median run per round and its worst gap. */
export function pageRows(result) {
  if (result.skipped) return [['pages', 'first-load JS and Lighthouse', `not measured: ${result.skipped}`, '', '']];
  const rows = [];
  for (const page of result.js) {
    const goal = JS_GOALS[page.path];
    rows.push([`JS of ${page.path}`, 'own first-load JS (gzip, runtime apart)', `${kb(page.own)} + runtime ${kb(page.framework)}`, `<= ${kb(goal)}`, verdict(page.own <= goal && page.failed === 0)]);
  }
  const staticRuns = result.runs[STATIC_PATH];
  for (const [pagePath, runs] of Object.entries(result.runs)) {
    const section = `lighthouse ${pagePath}`;
    const performance = runs.map((run) => run.scores.performance);
    const everyRun = `every run ${runs.map((run) => run.everyRun.map((one) => one.scores.performance).join('/')).join(', ')}`;
    const observed = `observed FCP of the median runs ${runs.map((run) => run.observedFcpMs.toFixed(0)).join(', ')} ms`;
    const detail = `${everyRun}; ${observed}; median of the ${runs.length} median runs: FCP ${median(runs.map((run) => run.fcpMs)).toFixed(0)} ms, SI ${median(runs.map((run) => run.speedIndexMs)).toFixed(0)} ms, LCP ${median(runs.map((run) => run.lcpMs)).toFixed(0)} ms, TBT ${median(runs.map((run) => run.tbtMs)).toFixed(0)} ms, CLS ${median(runs.map((run) => run.cls)).toFixed(3)}`;
    if (pagePath === STATIC_PATH) {
      rows.push([section, 'performance (mobile), median score per round', `${performance.join(', ')}; ${detail}`, '(the reference)', '']);
    } else {
      // The worst round: the page's median run against the static page's median run of the same round.
      const gap = Math.max(...runs.map((run, round) => staticRuns[round].scores.performance - run.scores.performance));
      rows.push([section, 'performance (mobile), median score per round', `${performance.join(', ')}; ${detail}`, '', '']);
      rows.push([section, 'points below the static page (worst round)', `${gap}`, `<= ${PERFORMANCE_GAP}`, verdict(gap <= PERFORMANCE_GAP)]);
    }
    // Accessibility, best practices and SEO do not depend on the machine's speed: held on every run, not the median.
    const allRuns = runs.flatMap((run) => run.everyRun);
    for (const category of CATEGORIES.slice(1)) {
      const worst = Math.min(...allRuns.map((run) => run.scores[category]));
      const failed = [...new Set(allRuns.flatMap((run) => run.failed[category]))];
      rows.push([section, category, `${worst}${worst < 100 && failed.length ? ` (failing: ${failed.join(', ')})` : ''}`, '100', verdict(worst === 100)]);
    }
  }
  rows.push(`Lighthouse: ${result.rounds} rounds of ${result.runsPerRound} runs per page (a round's figure is the median score); load average ${result.load.toFixed(2)} at the end (scores drop on a busy machine).`);
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-lighthouse-'));
  const log = (message) => console.error(`[lighthouse] ${message}`);
  try {
    const port = await findFreePort(Number(process.env.BENCH_PORT ?? 4200));
    await startServer({ root, port, dataDir });
    console.log(table(pageRows(await runPageBench(`http://localhost:${port}`, { root, log }))));
  } finally {
    await closeBrowser();
    await stopAllServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
