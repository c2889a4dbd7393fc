// Closed-loop load for the cluster bench: several routes at once, each with connections of its own, every answer
// recorded (status, time, when) so a fault's window can be read afterwards. Reads go through autocannon; signed-in
// writes through fetch loops that remember which writes were answered 200, to find them in the database later.
import autocannon from 'autocannon';

import { discardBodies, percentile } from '../load.mjs';

const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*', 'user-agent': 'sentinel-bench-cluster' };
/** A request is given this long before it counts as timed out (well past the 5 s goal, so waits are measured). */
const TIMEOUT_SECONDS = 20;
/**
 * autocannon ignores `Connection: close`: nginx closes a client connection after its 1000th request
 * (keepalive_requests), and autocannon, already writing the next request on it, gets a reset that counts as a failed
 * request though no browser would see one. Its connections are renewed before that, every this many requests.
 */
const REQUESTS_PER_CONNECTION = 500;

/** Figures of one route from its answers: `{ at, status, ms }` (status 0: no answer, a connection error or timeout, `reason` saying which). */
export function routeFigures(name, answers, durationSeconds) {
  const times = answers.filter((answer) => answer.status > 0).map((answer) => answer.ms).sort((a, b) => a - b);
  const count = (test) => answers.filter(test).length;
  return {
    name,
    requests: answers.length,
    perSecond: answers.length / durationSeconds,
    ok: count((answer) => answer.status >= 200 && answer.status < 400),
    status5xx: count((answer) => answer.status >= 500),
    status503: count((answer) => answer.status === 503),
    other4xx: count((answer) => answer.status >= 400 && answer.status < 500),
    errors: count((answer) => answer.status === 0),
    over5s: count((answer) => answer.status === 0 || answer.ms > 5_000),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: answers.some((answer) => answer.status === 0 && answer.timeout) ? TIMEOUT_SECONDS * 1000 : (times.at(-1) ?? NaN),
  };
}

/** The answers of all routes together, as one route. */
export function totalFigures(routes, durationSeconds) {
  return routeFigures('all', routes.flatMap((route) => route.answers), durationSeconds);
}

function readRoute({ origin, name, paths, connections, duration, headers = {} }) {
  let next = 0;
  const answers = [];
  const instance = autocannon({
    url: origin,
    connections,
    duration,
    timeout: TIMEOUT_SECONDS,
    reconnectRate: REQUESTS_PER_CONNECTION,
    headers: { ...HEADERS, ...headers },
    setupClient: discardBodies,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client, status, _bytes, ms) => answers.push({ at: Date.now(), status, ms }));
  instance.on('reqError', (error) => {
    const reason = String(error?.code ?? error?.message ?? error);
    answers.push({ at: Date.now(), status: 0, ms: NaN, timeout: /timed out|timeout/i.test(reason), reason });
  });
  return { stop: () => instance.stop(), done: instance.then(() => ({ name, answers })) };
}

/**
 * Signed-in watchlist writes: each of `lists` (one per connection, `{ id, cookie }`) adds the projects in turn, then
 * removes them, one request at a time. Every answer is kept with the write it carried, so the database can be
 * checked afterwards: the last write of a (list, project) that was answered 200 must be what the database holds.
 */
function writeRoute({ origin, name, lists, projectIds, duration }) {
  const answers = [];
  const writes = [];
  let stopped = false;
  const endAt = Date.now() + duration * 1000;
  const loop = async (list) => {
    let step = 0;
    while (!stopped && Date.now() < endAt) {
      const projectId = projectIds[step % projectIds.length];
      const watched = Math.floor(step / projectIds.length) % 2 === 0;
      step += 1;
      const started = performance.now();
      let status = 0;
      let timeout = false;
      let reason;
      try {
        const response = await fetch(`${origin}/api/watchlist/projects`, {
          method: 'POST',
          headers: { ...HEADERS, 'content-type': 'application/json', cookie: list.cookie },
          body: JSON.stringify({ id: list.id, projectId, watched }),
          signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        timeout = error?.name === 'TimeoutError';
        // answered nothing: a connection error or a timeout
        reason = String(error?.cause?.code ?? error?.cause?.message ?? error?.message ?? error);
      }
      const answer = { at: Date.now(), status, ms: performance.now() - started, timeout, reason };
      answers.push(answer);
      writes.push({ listId: list.id, projectId, watched, status });
      if (status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const done = Promise.all(lists.map(loop)).then(() => ({ name, answers, writes }));
  return { stop: () => (stopped = true), done };
}

/**
 * Runs every route at once for `duration` seconds. routes: `{ name, paths, connections, headers? }` for reads,
 * `{ name, write: { lists, projectIds } }` for writes. Resolves to `{ routes: [{ name, answers, writes? }], started }`.
 */
export function startLoad({ origin, routes, duration }) {
  const started = Date.now();
  const runs = routes.map((route) =>
    route.write ? writeRoute({ origin, name: route.name, lists: route.write.lists, projectIds: route.write.projectIds, duration }) : readRoute({ origin, duration, ...route }),
  );
  return {
    started,
    stop: () => runs.forEach((run) => run.stop()),
    done: Promise.all(runs.map((run) => run.done)).then((results) => ({ routes: results, started, seconds: (Date.now() - started) / 1000 })),
  };
}

/** Runs the routes for `duration` seconds and returns per-route figures and the raw answers. */
export async function runLoad(options) {
  const { routes, seconds, started } = await startLoad(options).done;
  return { routes, seconds, started, figures: routes.map((route) => routeFigures(route.name, route.answers, seconds)), total: totalFigures(routes, seconds) };
}

/** The writes whose last answered-200 state is not what the database holds: `[{ listId, projectId, watched }]`. */
export async function lostWrites(sql, writes) {
  const last = new Map();
  for (const write of writes) {
    const key = `${write.listId} ${write.projectId}`;
    // A later write without a clear answer may or may not have landed: the pair cannot be judged.
    if (write.status === 200) last.set(key, write);
    else if (write.status === 0 || write.status >= 500) last.set(key, null);
  }
  const judged = [...last.values()].filter(Boolean);
  if (judged.length === 0) return { judged: 0, lost: [] };
  const listIds = [...new Set(judged.map((write) => write.listId))];
  const rows = await sql`select watchlist_id, project_id from watchlist_projects where watchlist_id in ${sql(listIds)}`;
  const present = new Set(rows.map((row) => `${row.watchlist_id} ${row.project_id}`));
  const lost = judged.filter((write) => present.has(`${write.listId} ${write.projectId}`) !== write.watched);
  return { judged: judged.length, lost };
}
