import 'server-only';

import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

import { getConfig } from '../config';
import { logger } from '../logger';
import { createBreaker, DatabaseUnavailableError } from './breaker';
import { acquireDataDirLock } from './lock';
import { matchingSeedTemplate, placeSeedTemplate } from './seed-template';
import { connectTo, watchedSocket, type SocketOptions } from './stall-watch';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` with a database no other instance is migrating or seeding at the same time: on PostgreSQL, one
   * connection of its own holding an advisory lock (without the query deadline: migrations may be slow, and the
   * lock may be waited for); on PGlite, the data folder's lock already makes this process the only one.
   */
  exclusive(work: (session: { db: Database; migrate(): Promise<void> }) => Promise<void>): Promise<void>;
  /** Runs `select 1` past the circuit breaker, and closes the breaker when it is answered. */
  probe(): Promise<void>;
  close(): Promise<void>;
};

/** Any fixed number: every instance must take the same lock for migrate + seed. */
const MIGRATION_LOCK_KEY = 727_310_916;
/** Seconds to open a connection (TCP, TLS and authentication) before giving up. */
const CONNECT_TIMEOUT_SECONDS = 5;
/** Seconds an unused pooled connection stays open. */
const IDLE_TIMEOUT_SECONDS = 30;
/** Beyond statement_timeout, how long a connection may stay silent before the client gives up on it. */
const SILENCE_MARGIN_MS = 1000;
/** The health check's own deadline, so it answers within 2 s whatever the database does. */
const PING_TIMEOUT_MS = 1500;
/** While the breaker is open, how often a probe asks whether the database answers again. */
const PROBE_EVERY_MS = 1000;
/**
 * Seconds a closed connection waits before it reconnects, after `retries` failed connections in a row. The driver's
 * own backoff grows to 20 s and is only reset by a successful connection, so after a stall the first queries waited
 * up to 20 s for a database that was answering again (#17). While the breaker is open the pool does not connect at
 * all (its probe asks on a connection of its own), so this only spaces reconnects after failures it has not opened on.
 */
const reconnectBackoffSeconds = (retries: number) => Math.min(0.05 * 2 ** retries, 0.5);
/** A pooled request silent this long has the server asked, on a connection of its own, whether it answers at all. */
const SUSPECT_SILENCE_MS = 2000;
/** How long that question waits for an answer: suspicion plus this stays under the 5 s a request may wait. */
const LIVENESS_TIMEOUT_MS = 1500;

/**
 * Whether the server answers `select 1` on a new connection within LIVENESS_TIMEOUT_MS. An error it sends (such as
 * "too many clients") is an answer; silence or a refused connection is not. The connection is destroyed afterwards,
 * answered or not, so a stopped server keeps none of them.
 */
async function serverAnswers(databaseUrl: string): Promise<boolean> {
  const sockets: net.Socket[] = [];
  const side = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    socket: (target: SocketOptions) => {
      const socket = connectTo(target);
      sockets.push(socket);
      return socket;
    },
  } as postgres.Options<Record<string, never>>);
  let timer: NodeJS.Timeout | undefined;
  try {
    const asked = side`select 1`.then(
      () => true,
      (error: unknown) => error instanceof postgres.PostgresError,
    );
    return await Promise.race([asked, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), LIVENESS_TIMEOUT_MS)))]);
  } finally {
    clearTimeout(timer);
    for (const socket of sockets) socket.destroy();
    void side.end({ timeout: 0 }).catch(() => undefined);
  }
}

/** The ways into a pool that start a query or a transaction; everything else on it passes through untouched. */
const GUARDED_ENTRIES = new Set<PropertyKey>(['unsafe', 'begin', 'reserve', 'file']);

/**
 * The pool as Drizzle (and anything else reaching `$client`) sees it: every query, transaction or reserved
 * connection first asks `check`, which throws while the breaker is open, so the caller fails at once.
 */
function guardedByBreaker(client: postgres.Sql, check: () => void): postgres.Sql {
  return new Proxy(client, {
    apply(target, thisArg, args: unknown[]) {
      check();
      return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, thisArg, args);
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (!GUARDED_ENTRIES.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        check();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The embedded database's own folder inside DATA_DIR. */
export const PGLITE_FOLDER = 'pglite';

/** Migrations live beside the schema; the standalone build carries them at the same relative path. */
const MIGRATIONS_FOLDER = path.join(process.cwd(), 'server/db/migrations');

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in dataDir (holding its lock); `null` is in
 * memory. On PostgreSQL every statement is bounded by queryTimeoutMs on the server, and every connection by the
 * same deadline plus a margin on the client.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  queryTimeoutMs?: number;
  /** A database folder made by the build (server/db/seed-template.ts), copied when dataDir holds none yet. */
  seedTemplate?: string | null;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const queryTimeoutMs = options.queryTimeoutMs ?? 5000;
    // Declared before the pool, whose sockets report a stall to it.
    const breaker = createBreaker({
      probe: () => probe(),
      probeEveryMs: PROBE_EVERY_MS,
      onChange: (open) =>
        open
          ? logger.error('PostgreSQL is not answering: queries fail at once until it does (circuit breaker open)')
          : logger.info('PostgreSQL answers again (circuit breaker closed)'),
    });
    const client = postgres(databaseUrl, {
      max: 10,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      idle_timeout: IDLE_TIMEOUT_SECONDS,
      backoff: (retries: number) => (breaker.isOpen() ? 0 : reconnectBackoffSeconds(retries)),
      connection: { statement_timeout: queryTimeoutMs, idle_in_transaction_session_timeout: queryTimeoutMs * 2 },
      socket: watchedSocket(queryTimeoutMs + SILENCE_MARGIN_MS, () => breaker.trip(), {
        liveness: { afterMs: SUSPECT_SILENCE_MS, check: () => serverAnswers(databaseUrl) },
        // Queries queued in the driver before the breaker opened would each wait out a connection to the silent
        // server in turn (10 at a time, 3.5 s each): refused, the queue empties at once.
        refusal: () => (breaker.isOpen() ? new DatabaseUnavailableError() : null),
      }),
    } as postgres.Options<Record<string, never>>);
    // While the breaker is open the pool refuses to connect, so the probe asks on a connection of its own.
    const probe = async () => {
      if (!breaker.isOpen()) await client`select 1`;
      else if (!(await serverAnswers(databaseUrl))) throw new DatabaseUnavailableError();
      breaker.close();
    };
    const db = drizzlePostgres(guardedByBreaker(client, breaker.check), { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      exclusive: async (work) => {
        // One connection, so the session-level lock and every statement of the work share it.
        const own = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_SECONDS });
        try {
          await own`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
          try {
            const ownDb = drizzlePostgres(own, { schema }) as unknown as Database;
            await work({ db: ownDb, migrate: () => migratePostgres(ownDb as never, { migrationsFolder: MIGRATIONS_FOLDER }) });
          } finally {
            await own`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
          }
        } finally {
          await own.end({ timeout: 5 });
        }
      },
      probe,
      close: async () => {
        // In-flight queries get 5 s to finish, unless the server is known not to answer: then none will, and a
        // connection failed by the stall would hold the wait to its end (the driver keeps its failed query).
        const graceSeconds = breaker.isOpen() ? 0 : 5;
        breaker.dispose();
        await client.end({ timeout: graceSeconds });
      },
    };
  }

  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const databaseDir = options.dataDir ? path.join(options.dataDir, PGLITE_FOLDER) : undefined;
    // Under the lock: no other process is starting this folder meanwhile.
    if (databaseDir && options.seedTemplate && placeSeedTemplate(options.seedTemplate, databaseDir)) {
      logger.info({ template: options.seedTemplate }, 'new data folder started from the build\'s seeded database');
    }
    const client = await PGlite.create({
      dataDir: databaseDir,
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    const migrate = () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'pglite',
      migrate,
      exclusive: (work) => work({ db, migrate }),
      probe: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

const isBuildPhase = () => process.env.NEXT_PHASE === 'phase-production-build';

/**
 * While `next build` prerenders cached pages, each build worker reads its own in-memory database with the seed
 * (DEMO_DATA as set for the build): the real data folder belongs to the server (PGlite allows one process), and a
 * build needs no running database. Cached pages then revalidate from the real database at run time.
 */
async function openBuildDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: null, dataDir: null });
  await handle.migrate();
  const { seedDatabase } = await import('./seed');
  await seedDatabase(handle.db);
  return handle;
}

/** The process's database from its configuration: a new embedded data folder may start from the build's seed. */
async function openConfiguredDatabase(config: ReturnType<typeof getConfig>): Promise<DatabaseHandle> {
  let seedTemplate: string | null = null;
  if (!config.databaseUrl && config.dataDir && !fs.existsSync(path.join(config.dataDir, PGLITE_FOLDER))) {
    // Loaded only for a new folder (and lazily, as openBuildDatabase does: the seed is large).
    const { packagedSeedFingerprint } = await import('./seed');
    seedTemplate = matchingSeedTemplate(packagedSeedFingerprint({ demo: config.demoData }));
  }
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, queryTimeoutMs: config.databaseQueryTimeoutMs, seedTemplate });
}

type Holder = { handle: Promise<DatabaseHandle> | null };
// Kept on globalThis so development reloads reuse the one open database instead of opening it twice.
const holder: Holder = ((globalThis as { __sentinelDb?: Holder }).__sentinelDb ??= { handle: null });

/** The process-wide database handle, opened on first use from the configuration. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!holder.handle) {
    const config = getConfig();
    holder.handle = isBuildPhase() ? openBuildDatabase() : openConfiguredDatabase(config);
    holder.handle.catch(() => {
      holder.handle = null;
    });
  }
  return holder.handle;
}

/** The Drizzle database for queries. */
export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Closes the process-wide handle (on shutdown and between tests). */
export async function closeDatabase(): Promise<void> {
  const pending = holder.handle;
  holder.handle = null;
  if (pending) await (await pending).close();
}

/** True when the database answers a trivial query within PING_TIMEOUT_MS. */
export async function pingDatabase(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  // Past the breaker: this ping is one of the ways it learns that the database answers again.
  const ping = (async () => {
    await (await getDatabaseHandle()).probe();
    return true;
  })().catch(() => false);
  try {
    // A stalled query is left to the socket's own deadline; the answer here must not wait for it.
    return await Promise.race([ping, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
