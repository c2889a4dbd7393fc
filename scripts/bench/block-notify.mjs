// "Block to notification" for `npm run bench` (issue 16 "Speed"): on anvil mining a block a second, the time from
// the block holding an event to (a) the watcher's in-site notification and (b) the alert mail handed to SMTP, p50
// and p95 over at least 50 events. The server's code runs in a process of its own (block-notify-run.ts: the Skynet
// head follower, the detectors, the outbox worker); this process is the SMTP sink. Both clocks are this machine's.
// Runs on its own too: `node scripts/bench/block-notify.mjs` (no build needed) prints the same rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { percentile } from './load.mjs';
import { startMailSink } from './mail-sink.mjs';
import { table, verdict } from './report.mjs';
import { runServerChild } from './server-child.mjs';

const sorted = (values) => [...values].sort((a, b) => a - b);

export const NOTIFY_EVENTS = 60;
export const NOTIFY_TARGET_P95_MS = 5_000;

/** An SMTP sink that notes when each alert's mail arrived (the alert id is in the mail's link to it). */
async function startSink() {
  const mailedAt = new Map();
  let mails = 0;
  const sink = await startMailSink((raw, at) => {
    mails++;
    // Quoted-printable may fold the link: join soft line breaks first.
    const alertId = /\/alerts\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
    if (alertId && !mailedAt.has(alertId)) mailedAt.set(alertId, at);
  });
  return { ...sink, mailedAt, count: () => mails };
}


/** Runs the measurement once on a fresh embedded database in a temp folder; answers the figures. */
export async function runBlockNotifyBench(root, { events = NOTIFY_EVENTS, log = () => {} } = {}) {
  const sink = await startSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-block-notify-'));
  try {
    let done = null;
    await runServerChild(root, {
      script: 'block-notify-run.ts',
      dataDir,
      smtpUrl: sink.url,
      env: { SKYNET_POLL_SECONDS: process.env.SKYNET_POLL_SECONDS ?? '', BENCH_NOTIFY_EVENTS: String(events) },
      onMessage(message) {
        if (message.phase === 'ready') log(`block → notification: token ${message.token} watched; ${events} pause/unpause events on a block a second …`);
        if (message.phase === 'done') done = message;
      },
    });
    if (!done) throw new Error('the block → notification run ended without its figures');

    const toNotification = [];
    const toMail = [];
    let unseenBlocks = 0;
    for (const alert of done.alerts) {
      const blockAt = done.blocks[alert.blockNumber];
      if (blockAt === undefined) {
        unseenBlocks++;
        continue;
      }
      if (alert.notifiedAt !== null) toNotification.push(alert.notifiedAt - blockAt);
      const mailedAt = sink.mailedAt.get(alert.id);
      if (mailedAt !== undefined) toMail.push(mailedAt - blockAt);
    }
    return {
      events: done.events,
      alerts: done.alerts.length,
      blocksWithAlerts: new Set(done.alerts.map((alert) => alert.blockNumber)).size,
      unseenBlocks,
      notified: toNotification.length,
      mailed: toMail.length,
      mailsReceived: sink.count(),
      notification: { p50: percentile(sorted(toNotification), 50), p95: percentile(sorted(toNotification), 95), max: Math.max(...toNotification) },
      mail: { p50: percentile(sorted(toMail), 50), p95: percentile(sorted(toMail), 95), max: Math.max(...toMail) },
    };
  } finally {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');

/** The report rows of a run (report.mjs table format). */
export function blockNotifyRows(figures) {
  const target = `p95 <= ${seconds(NOTIFY_TARGET_P95_MS)}`;
  const enough = figures.alerts >= 50 && figures.notified === figures.alerts && figures.mailed === figures.alerts;
  return [
    ['block → notification', 'events (anvil, a block a second)', `${figures.events} pause/unpause txs → ${figures.alerts} automatic alerts in ${figures.blocksWithAlerts} blocks`, '>= 50', verdict(figures.alerts >= 50)],
    ['block → notification', 'in-site notification row', `p50 ${seconds(figures.notification.p50)}, p95 ${seconds(figures.notification.p95)}, max ${seconds(figures.notification.max)} (${figures.notified} of ${figures.alerts})`, target, verdict(enough && figures.notification.p95 <= NOTIFY_TARGET_P95_MS)],
    ['block → notification', 'mail handed to SMTP', `p50 ${seconds(figures.mail.p50)}, p95 ${seconds(figures.mail.p95)}, max ${seconds(figures.mail.max)} (${figures.mailed} of ${figures.alerts}; ${figures.mailsReceived} mails at the sink)`, target, verdict(enough && figures.mail.p95 <= NOTIFY_TARGET_P95_MS)],
    '(from the moment the bench first saw the block on the node, polling every 20 ms, to the row readable / the sink accepting the mail)',
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const started = performance.now();
  const log = (message) => console.error(`[block-notify ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
  try {
    const figures = await runBlockNotifyBench(root, { events: Number(process.env.BENCH_NOTIFY_EVENTS ?? NOTIFY_EVENTS), log });
    console.log(table(blockNotifyRows(figures)));
  } catch (error) {
    console.error(`The block → notification bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  }
}
