import 'server-only';

import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

import { getConfig } from '../config';
import { precompiledPgliteWasm } from '../lifecycle';
import { logger } from '../logger';
import { MIGRATIONS_FOLDER, type Database, type DatabaseHandle } from './handle';
import { acquireDataDirLock } from './lock';
import { openPostgres } from './postgres';
import { matchingSeedTemplate, placeSeedTemplate } from './seed-template';
import * as schema from './schema';

export type { Database, DatabaseHandle } from './handle';

/** The health check's own deadline, so it answers within 2 s whatever the database does. */
const PING_TIMEOUT_MS = 1500;

/** The embedded database's own folder inside DATA_DIR. */
export const PGLITE_FOLDER = 'pglite';

/** Postgres's buffer pool inside the embedded database (its default is 128MB). */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * Opens PostgreSQL when a URL is given (server/db/postgres.ts), otherwise the embedded PGlite in dataDir (holding its
 * lock); `null` is in memory.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  queryTimeoutMs?: number;
  /** A database folder made by the build (server/db/seed-template.ts), copied when dataDir holds none yet. */
  seedTemplate?: string | null;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.queryTimeoutMs ?? 5000);

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
      pgliteWasmModule: await precompiledPgliteWasm(),
      // Postgres's buffer pool lives in PGlite's WASM memory, which never shrinks: at the default 128 MB it filled
      // as the tables were read and stayed in the server's RSS. The OS still caches the data folder's files (#18).
      // A start parameter, not `postgresqlconf`, which would replace the folder's whole postgresql.conf.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
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
