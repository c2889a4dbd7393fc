import 'server-only';

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
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** Migrations live beside the schema; the standalone build carries them at the same relative path. */
const MIGRATIONS_FOLDER = path.join(process.cwd(), 'server/db/migrations');

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in dataDir (holding its lock); `null` is in memory. */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string | null }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.end({ timeout: 5 }),
    };
  }

  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : undefined,
      extensions: { pg_trgm, unaccent },
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
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
 * While `next build` prerenders cached pages, each build worker reads its own in-memory database with the demo
 * seed: the real data folder belongs to the server (PGlite allows one process), and a build needs no running
 * database. Cached pages then revalidate from the real database at run time.
 */
async function openBuildDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: null, dataDir: null });
  await handle.migrate();
  const { seedDemoData } = await import('./seed');
  await seedDemoData(handle.db);
  return handle;
}

type Holder = { handle: Promise<DatabaseHandle> | null };
// Kept on globalThis so development reloads reuse the one open database instead of opening it twice.
const holder: Holder = ((globalThis as { __sentinelDb?: Holder }).__sentinelDb ??= { handle: null });

/** The process-wide database handle, opened on first use from the configuration. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!holder.handle) {
    const config = getConfig();
    holder.handle = isBuildPhase()
      ? openBuildDatabase()
      : openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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

/** True when the database answers a trivial query. */
export async function pingDatabase(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
