import 'server-only';

import type net from 'node:net';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

import { logger } from '../logger';
import { createBreaker, DatabaseUnavailableError } from './breaker';
import { MIGRATIONS_FOLDER, type Database, type DatabaseHandle } from './handle';
import { connectTo, watchedSocket, type SocketOptions } from './stall-watch';
import * as schema from './schema';

/** Any fixed number: every instance must take the same lock for migrate + seed. */
const MIGRATION_LOCK_KEY = 727_310_916;
/** Seconds to open a connection (TCP, TLS and authentication) before giving up. */
const CONNECT_TIMEOUT_SECONDS = 5;
/** Seconds an unused pooled connection stays open. */
const IDLE_TIMEOUT_SECONDS = 30;
/** Beyond statement_timeout, how long a connection may stay silent before the client gives up on it. */
const SILENCE_MARGIN_MS = 1000;
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

/**
 * A pool on PostgreSQL: every statement is bounded by queryTimeoutMs on the server, and every connection by the same
 * deadline plus a margin on the client; a stall opens a circuit breaker so queries fail at once until it answers.
 */
export function openPostgres(databaseUrl: string, queryTimeoutMs: number): DatabaseHandle {
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
