import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { stallableRelayFor } from '@/tests/support/stallable-relay';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** The name of what a query ended with: 'answered', or the driver's error (Drizzle wraps it as the cause). */
async function outcome(run: () => Promise<unknown>): Promise<{ result: string; ms: number }> {
  const started = performance.now();
  const result = await run().then(
    () => 'answered',
    (error: Error) => (error.cause instanceof Error ? error.cause.name : error.name),
  );
  return { result, ms: performance.now() - started };
}

describe.runIf(onPostgres)('a frozen PostgreSQL trips the circuit breaker', () => {
  // The setup gives this file its own database in its beforeAll, after this body has run.
  let ownDatabaseUrl: string;
  let relay: Awaited<ReturnType<typeof stallableRelayFor>>;
  const ownQueryTimeout = process.env.DATABASE_QUERY_TIMEOUT_MS;

  beforeAll(async () => {
    ownDatabaseUrl = process.env.DATABASE_URL!;
    relay = await stallableRelayFor(ownDatabaseUrl);
    const { closeDatabase } = await import('@/server/db/client');
    await closeDatabase();
    process.env.DATABASE_URL = relay.url;
    process.env.DATABASE_QUERY_TIMEOUT_MS = '1000';
    vi.resetModules();
  });

  afterAll(async () => {
    const { closeDatabase } = await import('@/server/db/client');
    await closeDatabase();
    await relay.close();
    process.env.DATABASE_URL = ownDatabaseUrl;
    if (ownQueryTimeout === undefined) delete process.env.DATABASE_QUERY_TIMEOUT_MS;
    else process.env.DATABASE_QUERY_TIMEOUT_MS = ownQueryTimeout;
    vi.resetModules();
  });

  it('after one timeout, queries and API routes fail at once with 503, health says so, and all recover by themselves', async () => {
    const { getDb } = await import('@/server/db/client');
    const { GET: health } = await import('@/app/api/health/route');
    const { GET: yesShare } = await import('@/app/api/projects/average-yes-percentage/route');
    const { GET: v1Projects } = await import('@/app/api/v1/projects/route');
    const db = await getDb();
    const ask = () => db.execute(sql`select 1`);
    expect((await outcome(ask)).result).toBe('answered');
    expect((await yesShare(new Request('http://localhost/api/projects/average-yes-percentage'))).status).toBe(200);

    relay.pause();
    // The first query waits out its deadline (statement_timeout 1 s plus the 1 s silence margin) ...
    const first = await outcome(ask);
    expect(first.result).toBe('DatabaseTimeoutError');
    expect(first.ms).toBeLessThan(3500);

    // ... and every later one is refused without asking, though the database is still frozen.
    const later = await Promise.all(Array.from({ length: 20 }, () => outcome(ask)));
    expect(later.map((each) => each.result)).toEqual(Array(20).fill('DatabaseUnavailableError'));
    expect(Math.max(...later.map((each) => each.ms))).toBeLessThan(100);

    let started = performance.now();
    const refused = await yesShare(new Request('http://localhost/api/projects/average-yes-percentage'));
    expect(performance.now() - started).toBeLessThan(200);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ error: 'The database is not answering; try again in a moment.' });

    started = performance.now();
    const problem = await v1Projects(new Request('http://localhost/api/v1/projects'));
    expect(performance.now() - started).toBeLessThan(200);
    expect(problem.status).toBe(503);
    expect(problem.headers.get('content-type')).toBe('application/problem+json');
    expect(problem.headers.get('retry-after')).toBe('5');
    expect(await problem.json()).toMatchObject({ status: 503, title: 'Service unavailable', type: '/developers#problem-service-unavailable' });

    // Health asks past the breaker, so it reports the truth within its own 2 s.
    started = performance.now();
    expect((await health()).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(2000);

    // Still frozen a few probes later: still refused at once.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const stillDown = await outcome(ask);
    expect(stillDown).toMatchObject({ result: 'DatabaseUnavailableError' });
    expect(stillDown.ms).toBeLessThan(100);

    // Unfrozen: the breaker's own probe closes it within a few seconds, with no health call and no restart.
    relay.resume();
    const giveUpAt = performance.now() + 10_000;
    let after = await outcome(ask);
    while (after.result !== 'answered' && performance.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await outcome(ask);
    }
    expect(after.result).toBe('answered');
    expect((await yesShare(new Request('http://localhost/api/projects/average-yes-percentage'))).status).toBe(200);
    expect((await v1Projects(new Request('http://localhost/api/v1/projects'))).status).toBe(200);
    expect((await health()).status).toBe(200);
  }, 60_000);

  it('a successful health ping closes the breaker at once', async () => {
    const { getDb } = await import('@/server/db/client');
    const { GET: health } = await import('@/app/api/health/route');
    const db = await getDb();
    const ask = () => db.execute(sql`select 1`);

    relay.pause();
    expect((await outcome(ask)).result).toBe('DatabaseTimeoutError');
    expect((await outcome(ask)).result).toBe('DatabaseUnavailableError');
    relay.resume();

    expect((await health()).status).toBe(200);
    const next = await outcome(ask);
    expect(next.result).toBe('answered');
  }, 30_000);
});
