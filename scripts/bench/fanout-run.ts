// Bench helper (run by scripts/bench/fanout.mjs under tsx with the react-server condition): the server's own code in
// this one process (the staff publication with its fan-out, and the outbox worker sending to SMTP_URL), on a fresh
// database holding one project watched by BENCH_FANOUT_WATCHERS users. Prints one JSON line per phase:
// {"phase":"ready"}, then {"phase":"notified",…} once the publication committed, then {"phase":"sent",…} once every
// mail of the alert is marked sent in the outbox.
import { and, count, eq, isNotNull, like } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

import { closeDatabase, getDb } from '@/server/db/client';
import { mailOutbox, notifications, projects, securityAlerts } from '@/server/db/schema';
import { prepareDatabase } from '@/server/db/prepare';
import { startMailWorker, stopMailWorker } from '@/server/mail/worker';
import { CLI_ACTOR } from '@/server/staff/audit-log';
import { publishAlert } from '@/server/staff/alerts';

const WATCHERS = Number(process.env.BENCH_FANOUT_WATCHERS ?? 10_000);
const PROJECT_ID = 'bench-fanout';
const ALERT_TITLE = 'Bench fan-out alert';
/** Gives up when the mails are not all out by then (a broken worker must not hang the bench). */
const SEND_TIMEOUT_MS = Number(process.env.BENCH_FANOUT_TIMEOUT_MS ?? 15 * 60_000);

const print = (line: object) => console.log(JSON.stringify(line));

try {
  await prepareDatabase();
  const db = await getDb();
  await db.insert(projects).values({ id: PROJECT_ID, name: 'Bench Fan-out Project' });
  // Watchers as sign-up leaves them (confirmed, immediate mail by default), each with one list holding the project.
  await db.execute(sql`insert into users (email, username, password_hash, confirmed_at)
    select 'fanout-' || i || '@bench.example', 'fanout-' || i, 'not-a-real-hash', now() from generate_series(1, ${WATCHERS}) as i`);
  await db.execute(sql`insert into watchlists (user_id, name) select id, 'Bench' from users where username like 'fanout-%'`);
  await db.execute(sql`insert into watchlist_projects (watchlist_id, project_id, position)
    select w.id, ${PROJECT_ID}, 0 from watchlists w join users u on u.id = w.user_id where u.username like 'fanout-%'`);
  const [alert] = await db
    .insert(securityAlerts)
    .values({ projectId: PROJECT_ID, type: 'exploit', title: ALERT_TITLE, occurredAt: new Date(), confidence: 'high', status: 'draft' })
    .returning({ id: securityAlerts.id });
  const sentOfAlert = async () =>
    (await db.select({ n: count() }).from(mailOutbox).where(and(like(mailOutbox.subject, `%${ALERT_TITLE}%`), isNotNull(mailOutbox.sentAt))))[0].n;

  startMailWorker();
  print({ phase: 'ready', watchers: WATCHERS });
  // A moment for the parent to take the resting memory figure.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const startedAt = Date.now();
  print({ phase: 'publishing', startedAt });
  const cpuBefore = process.cpuUsage();
  await publishAlert(CLI_ACTOR, alert.id);
  const notifiedMs = Date.now() - startedAt;
  // This process's CPU time for the publication (with PGlite, the database's work is in it too).
  const cpu = process.cpuUsage(cpuBefore);
  const notifiedCpuMs = (cpu.user + cpu.system) / 1000;
  const [{ n: notified }] = await db.select({ n: count() }).from(notifications).where(eq(notifications.alertId, alert.id));
  print({ phase: 'notified', notifiedMs, notifiedCpuMs, notified });

  let sent = 0;
  while ((sent = await sentOfAlert()) < notified && Date.now() - startedAt < SEND_TIMEOUT_MS) await new Promise((resolve) => setTimeout(resolve, 500));
  print({ phase: 'sent', sentMs: Date.now() - startedAt, sent, rssBytes: process.memoryUsage().rss, maxRssBytes: process.resourceUsage().maxRSS * 1024 });
} finally {
  await stopMailWorker();
  await closeDatabase();
}
