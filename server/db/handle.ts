import 'server-only';

import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

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

/** Migrations live beside the schema; the standalone build carries them at the same relative path. */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'server/db/migrations');
