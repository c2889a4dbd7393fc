// Fan-out figure for `npm run bench` (issue 16 "Speed"): one alert on a project watched by 10,000 users, delivered
// in the site (notifications) and by mail to a local SMTP sink. The server's code runs in a process of its own
// (fanout-run.ts: the staff publication and the outbox worker); this process is the SMTP sink and watches that
// process's memory from /proc, so the figure is the server side's alone.
// Runs on its own too: `node scripts/bench/fanout.mjs` (no build needed) prints the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startMailSink } from './mail-sink.mjs';
import { table } from './report.mjs';
import { runServerChild } from './server-child.mjs';

export const FANOUT_WATCHERS = 10_000;

/** An SMTP sink that keeps only what the figure needs: when each mail arrived, and its Message-ID. */
async function startSink() {
  const arrivals = [];
  const messageIds = new Map();
  const sink = await startMailSink((raw, at) => {
    arrivals.push(at);
    const id = /^message-id:\s*(\S+)/im.exec(raw.slice(0, 8192))?.[1] ?? `(none ${arrivals.length})`;
    messageIds.set(id, (messageIds.get(id) ?? 0) + 1);
  });
  return { ...sink, arrivals, messageIds };
}

/** Resident memory of a process now, from /proc (null where there is no /proc). */
function rssOf(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process used so far, from /proc (null where there is no /proc). */
function cpuOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Runs the fan-out once on a fresh embedded database in a temp folder (or on BENCH_FANOUT_DATABASE_URL, an empty
 * PostgreSQL database, when given). Answers the figures: times from the publication, and the server process's memory.
 */
export async function runFanoutBench(root, { watchers = FANOUT_WATCHERS, log = () => {} } = {}) {
  const sink = await startSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-fanout-'));
  try {
    const phases = {};
    let sampling = null;
    let restingRss = null;
    let peakRss = 0;
    let cpuAtReady = null;
    let cpuLast = null;
    let loadBefore = NaN;
    try {
      await runServerChild(root, {
        script: 'fanout-run.ts',
        dataDir,
        smtpUrl: sink.url,
        env: { DATABASE_URL: process.env.BENCH_FANOUT_DATABASE_URL ?? '', BENCH_FANOUT_WATCHERS: String(watchers) },
        onMessage(message, child) {
          phases[message.phase] = message;
          if (message.phase === 'ready') {
            log(`fan-out: ${message.watchers} watchers seeded; publishing …`);
            restingRss = rssOf(child.pid);
            peakRss = restingRss ?? 0;
            cpuAtReady = cpuLast = cpuOf(child.pid);
            loadBefore = os.loadavg()[0];
            // From now until the last mail: the memory and CPU time the fan-out and the sends take.
            sampling = setInterval(() => {
              peakRss = Math.max(peakRss, rssOf(child.pid) ?? 0);
              cpuLast = cpuOf(child.pid) ?? cpuLast;
            }, 50);
          }
          if (message.phase === 'sent') cpuLast = cpuOf(child.pid) ?? cpuLast;
          if (message.phase === 'notified') log(`fan-out: ${message.notified} notifications in ${message.notifiedMs} ms; mailing …`);
        },
      });
    } finally {
      clearInterval(sampling);
    }
    if (!phases.sent) throw new Error('the fan-out run ended without its figures');

    const { startedAt } = phases.publishing;
    const expected = phases.notified.notified;
    const allArrivedAt = sink.arrivals.length >= expected ? [...sink.arrivals].sort((a, b) => a - b)[expected - 1] : NaN;
    const duplicates = [...sink.messageIds.values()].reduce((sum, times) => sum + times - 1, 0);
    return {
      watchers,
      database: process.env.BENCH_FANOUT_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite',
      notified: expected,
      notifiedMs: phases.notified.notifiedMs,
      notifiedCpuMs: phases.notified.notifiedCpuMs,
      mailsReceived: sink.arrivals.length,
      duplicates,
      allMailedMs: allArrivedAt - startedAt,
      markedSentMs: phases.sent.sentMs,
      mailsPerSecond: expected / ((allArrivedAt - startedAt) / 1000),
      cpuSeconds: cpuAtReady === null || cpuLast === null ? NaN : cpuLast - cpuAtReady,
      restingRss,
      load: [loadBefore, os.loadavg()[0]],
      peakRss: peakRss || phases.sent.maxRssBytes,
    };
  } finally {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes) => (Number.isFinite(bytes) && bytes !== null ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : 'n/a');
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');

/** The report rows of a fan-out run (report.mjs table format). */
export function fanoutRows(figures) {
  const all = figures.notified === figures.watchers && figures.mailsReceived === figures.watchers && figures.duplicates === 0;
  return [
    ['fan-out', 'watchers of the project', `${figures.watchers} (${figures.database})`, '', ''],
    ['fan-out', 'in-site notifications written', `${figures.notified} in ${seconds(figures.notifiedMs)} (publication committed; ${seconds(figures.notifiedCpuMs)} CPU)`, `${figures.watchers}`, all ? 'PASS' : 'FAIL'],
    ['fan-out', 'mails handed to the SMTP sink', `${figures.mailsReceived}, all in ${seconds(figures.allMailedMs)} (${figures.mailsPerSecond.toFixed(0)}/s)`, `${figures.watchers}, none twice`, all ? 'PASS' : 'FAIL'],
    ['fan-out', 'duplicate Message-IDs at the sink', String(figures.duplicates), '0', figures.duplicates === 0 ? 'PASS' : 'FAIL'],
    ['fan-out', 'server process CPU time, publication to last mail', `${seconds(figures.cpuSeconds * 1000)} (${((figures.cpuSeconds * 1000) / figures.watchers).toFixed(2)} ms per watcher)`, '', ''],
    ['fan-out', 'machine load average (before, after)', `${figures.load.map((value) => value.toFixed(2)).join(', ')} on ${os.cpus().length} CPUs`, '', ''],
    ['fan-out', 'server process RSS', `peak ${mb(figures.peakRss)} (${mb(figures.restingRss)} before publishing)`, '', ''],
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const started = performance.now();
  const log = (message) => console.error(`[fanout ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
  const watchers = Number(process.env.BENCH_FANOUT_WATCHERS ?? FANOUT_WATCHERS);
  try {
    const figures = await runFanoutBench(root, { watchers, log });
    console.log(table(fanoutRows(figures)));
  } catch (error) {
    console.error(`The fan-out bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}
