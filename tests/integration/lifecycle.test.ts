import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { GET } from '@/app/api/health/route';
import { closeDatabase, openDatabase } from '@/server/db/client';
import { migrateAndSeed } from '@/server/db/prepare';
import { beginDraining } from '@/server/lifecycle';
import { stallableRelayFor } from '@/tests/support/stallable-relay';

const onPostgres = Boolean(process.env.DATABASE_URL);
const LIFECYCLE_KEY = Symbol.for('sentinel-shield.lifecycle');

describe('the life cycle: draining, stalled database, migrations', () => {
  // The setup gives this file its own database in its beforeAll, after this body has run.
  let ownDatabaseUrl: string | undefined;
  const ownQueryTimeout = process.env.DATABASE_QUERY_TIMEOUT_MS;

  beforeAll(() => {
    ownDatabaseUrl = process.env.DATABASE_URL;
  });

  /** 'answered', or the name of the driver's error (Drizzle wraps it as the cause of its own). */
  const outcomeOf = (query: Promise<unknown>) =>
    query.then(
      () => 'answered',
      (error: Error) => (error.cause instanceof Error ? error.cause.name : error.name),
    );

  /** The app's database module, reopened on `url` with statements bounded by `queryTimeoutMs` (unset: the default). */
  async function reopenDatabase(url: string, queryTimeoutMs?: number) {
    await closeDatabase();
    process.env.DATABASE_URL = url;
    if (queryTimeoutMs === undefined) delete process.env.DATABASE_QUERY_TIMEOUT_MS;
    else process.env.DATABASE_QUERY_TIMEOUT_MS = String(queryTimeoutMs);
    vi.resetModules();
    return import('@/server/db/client');
  }

  /**
   * Runs `work` on the app's database reached through a stallable relay (statements bounded by `queryTimeoutMs`),
   * then resumes the relay, closes the database and stops the relay, whatever the work did.
   */
  async function throughRelay(
    queryTimeoutMs: number | undefined,
    work: (relay: Awaited<ReturnType<typeof stallableRelayFor>>, database: Awaited<ReturnType<typeof reopenDatabase>>) => Promise<void>,
  ) {
    const relay = await stallableRelayFor(ownDatabaseUrl!);
    try {
      await work(relay, await reopenDatabase(relay.url, queryTimeoutMs));
    } finally {
      relay.resume();
      await closeDatabase();
      await relay.close();
    }
  }

  afterAll(async () => {
    await closeDatabase();
    delete (globalThis as Record<symbol, unknown>)[LIFECYCLE_KEY];
    if (ownDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = ownDatabaseUrl;
    if (ownQueryTimeout === undefined) delete process.env.DATABASE_QUERY_TIMEOUT_MS;
    else process.env.DATABASE_QUERY_TIMEOUT_MS = ownQueryTimeout;
    vi.resetModules();
  });

  it('health answers 503 with Retry-After once shutdown has begun, though the database is up', async () => {
    expect((await GET()).status).toBe(200);

    beginDraining();
    const response = await GET();

    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ status: 'draining' });
    delete (globalThis as Record<symbol, unknown>)[LIFECYCLE_KEY];
    expect((await GET()).status).toBe(200);
  });

  it.runIf(onPostgres)(
    'a stalled database: health answers 503 within 2 s, queries fail fast, and both recover without a restart',
    async () => {
      await throughRelay(1000, async (relay, { getDb }) => {
        const { GET: relayedGET } = await import('@/app/api/health/route');
        expect((await relayedGET()).status).toBe(200);

        relay.pause();
        let started = performance.now();
        const stalled = await relayedGET();
        const healthMs = performance.now() - started;
        started = performance.now();
        const query = await outcomeOf((await getDb()).execute(sql`select 1`));
        const queryMs = performance.now() - started;

        expect(stalled.status).toBe(503);
        expect(healthMs).toBeLessThan(2000);
        expect(query).toBe('DatabaseTimeoutError');
        // statement_timeout (1 s) plus the client's margin, well short of the ~30 s it used to take.
        expect(queryMs).toBeLessThan(3500);

        relay.resume();
        let status = 0;
        const giveUpAt = performance.now() + 15_000;
        while (status !== 200 && performance.now() < giveUpAt) {
          status = (await relayedGET()).status;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(status).toBe(200);
        expect(await (await getDb()).execute(sql`select 1 as one`)).toBeTruthy();
      });
    },
    45_000,
  );

  it.runIf(onPostgres)(
    'a stalled database: a query asked into the stall fails with the first one to time out, not a deadline later',
    async () => {
      await throughRelay(1000, async (relay, { getDb }) => {
        const db = await getDb();
        // Two pooled connections open and idle, so the two queries below go out on different ones.
        await Promise.all([db.execute(sql`select pg_sleep(0.1)`), db.execute(sql`select pg_sleep(0.1)`)]);
        relay.pause();
        const failedAt = (query: Promise<unknown>) =>
          query.then(
            () => Number.NaN,
            () => performance.now(),
          );
        const first = failedAt(db.execute(sql`select 1`));
        // Asked 1.2 s into the stall: alone, it would wait its own 2 s (1 s timeout + the client's margin).
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        const second = failedAt(db.execute(sql`select 2`));
        const [firstFailed, secondFailed] = await Promise.all([first, second]);
        expect(Number.isNaN(firstFailed) || Number.isNaN(secondFailed)).toBe(false);
        expect(secondFailed - firstFailed).toBeLessThan(600);
      });
    },
    45_000,
  );

  it.runIf(onPostgres)(
    'a stalled database with the default deadline: queries fail within 4 s, as a side question gets no answer either',
    async () => {
      await throughRelay(undefined, async (relay, { getDb }) => {
        const db = await getDb();
        await db.execute(sql`select 1`);
        relay.pause();
        const started = performance.now();
        const outcome = await outcomeOf(db.execute(sql`select 1`));
        const failedMs = performance.now() - started;

        expect(outcome).toBe('DatabaseTimeoutError');
        // Silence noticed at 2 s, confirmed by 1.5 s without an answer on a connection of its own; the statement
        // deadline alone (5 s + the client's margin) would have kept it waiting 6 s.
        expect(failedMs).toBeGreaterThan(1900);
        expect(failedMs).toBeLessThan(4500);
      });
    },
    30_000,
  );

  it.runIf(onPostgres)(
    'after a stall under load, the database answers at once: reconnecting waits no growing backoff',
    async () => {
      await throughRelay(1000, async (relay, { getDb }) => {
        const db = await getDb();
        let resumedAt = Number.POSITIVE_INFINITY;
        const slowAfterResume: number[] = [];
        let running = true;
        // 20 requests in a loop, as a busy instance: the stall destroys every connection, many times over.
        const loop = async () => {
          while (running) {
            const started = performance.now();
            const answered = await db.execute(sql`select pg_sleep(0.02)`).then(
              () => true,
              () => false,
            );
            if (started > resumedAt + 1000 && performance.now() - started > 2000) slowAfterResume.push(performance.now() - started);
            if (!answered) await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        const loops = Array.from({ length: 20 }, loop);
        await new Promise((resolve) => setTimeout(resolve, 500));
        relay.pause();
        await new Promise((resolve) => setTimeout(resolve, 8000));
        relay.resume();
        resumedAt = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 3000));
        running = false;
        await Promise.all(loops);

        // The driver's own backoff grew with each failed connection (to 20 s): queries waited 3-15 s here.
        expect(slowAfterResume).toEqual([]);
      });
    },
    60_000,
  );

  it.runIf(onPostgres)(
    'queries queued in the pool when the database stalls fail with the first timeout, not one connection attempt after another',
    async () => {
      await throughRelay(1000, async (relay, { getDb }) => {
        const db = await getDb();
        // Ten connections open, then each taken by a transaction: the queries after them wait in the pool's queue.
        await Promise.all(Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(0.1)`)));
        relay.pause();
        const pausedAt = performance.now();
        const settledAt = (work: Promise<unknown>) =>
          work.then(
            () => Number.NaN,
            () => performance.now() - pausedAt,
          );
        const transactions = Array.from({ length: 10 }, () => settledAt(db.transaction((tx) => tx.execute(sql`select 1`))));
        const queued = Array.from({ length: 30 }, (_, index) => settledAt(db.execute(sql`select ${index}::int`)));
        const failedAfterMs = await Promise.all([...transactions, ...queued]);

        expect(failedAfterMs.filter(Number.isNaN)).toEqual([]);
        // The stall is noticed at 2 s (1 s timeout + the margin); handed a new connection each in turn, the queued
        // ones failed 2 s later per round of ten.
        expect(Math.max(...failedAfterMs)).toBeLessThan(3000);
      });
    },
    30_000,
  );

  it.runIf(onPostgres)(
    'a stall while the driver has a new statement described (Parse, Describe, Flush: no Sync) fails it within the deadline',
    async () => {
      await throughRelay(1000, async (relay, { getDb }) => {
        const db = await getDb();
        await db.execute(sql`select 1`);
        relay.pause();
        const started = performance.now();
        // A statement with a parameter, new to the connection: the driver first asks for its description.
        const outcome = await outcomeOf(db.execute(sql`select ${'never described before'}::text as fresh`));

        expect(outcome).toBe('DatabaseTimeoutError');
        // Uncounted, it waited for the server until the stall ended: a project page hung 25 s in the cluster bench.
        expect(performance.now() - started).toBeLessThan(3500);
      });
    },
    30_000,
  );

  it.runIf(onPostgres)(
    'a long statement on a healthy database keeps its whole deadline: the server answers the side question',
    async () => {
      const { getDb } = await reopenDatabase(ownDatabaseUrl!);
      const db = await getDb();
      try {
        // Silent for 3 s, past the 2 s after which the server is asked whether it answers at all.
        expect(await db.execute(sql`select pg_sleep(3)`)).toBeTruthy();
        expect(await db.execute(sql`select 1`)).toBeTruthy();
      } finally {
        await closeDatabase();
      }
    },
    30_000,
  );

  it.runIf(onPostgres)(
    'a busy but healthy database is never cut off: queued queries and idle connections outlive the deadline',
    async () => {
      const { getDb } = await reopenDatabase(ownDatabaseUrl!, 1000);
      const db = await getDb();
      try {
        // 40 queries of 0.3 s on 10 connections: the last ones wait about 1.2 s in line, and the whole batch
        // takes longer than the 2 s silence deadline, which only counts time without any answer.
        const started = performance.now();
        const answers = await Promise.all(Array.from({ length: 40 }, () => db.execute(sql`select pg_sleep(0.3)`)));
        expect(answers).toHaveLength(40);
        expect(performance.now() - started).toBeGreaterThan(1000);

        // Connections left idle past the deadline owe nothing and are still good.
        await new Promise((resolve) => setTimeout(resolve, 2500));
        expect(await db.execute(sql`select 1`)).toBeTruthy();
      } finally {
        await closeDatabase();
      }
    },
    30_000,
  );

  it.runIf(onPostgres)(
    'three instances preparing a fresh PostgreSQL database at once all succeed, and the schema is whole',
    async () => {
      const admin = postgres(ownDatabaseUrl!, { max: 1, onnotice: () => {} });
      const freshName = `${new URL(ownDatabaseUrl!).pathname.slice(1)}_race`;
      const freshUrl = new URL(ownDatabaseUrl!);
      freshUrl.pathname = `/${freshName}`;
      await admin.unsafe(`create database ${freshName}`);
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: freshUrl.toString(), dataDir: null })));
      const fresh = postgres(freshUrl.toString(), { max: 1, onnotice: () => {} });
      try {
        const results = await Promise.allSettled(instances.map((instance) => migrateAndSeed(instance)));

        expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'server/db/migrations/meta/_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        const [{ applied }] = await fresh<{ applied: number }[]>`select count(*)::int as applied from drizzle.__drizzle_migrations`;
        expect(applied).toBe(journal.entries.length);
        const [{ seeded }] = await fresh<{ seeded: number }[]>`select count(*)::int as seeded from projects`;
        const [{ once }] = await admin<{ once: number }[]>`select count(*)::int as once from projects`;
        expect(seeded).toBe(once);
        // pg_locks spans the whole cluster: only this database's locks are the migration's (other test files index
        // Skynet contracts under advisory locks of their own meanwhile).
        const [{ held }] = await fresh<{ held: number }[]>`
          select count(*)::int as held from pg_locks
          where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
        expect(held).toBe(0);
      } finally {
        await fresh.end();
        await Promise.all(instances.map((instance) => instance.close()));
        await admin.unsafe(`drop database if exists ${freshName} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
