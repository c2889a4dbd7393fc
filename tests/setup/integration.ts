import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * Every integration test file gets a database of its own: a PGlite folder in a temp dir by default, or, when
 * DATABASE_URL is set, a fresh database on that PostgreSQL server, created here and dropped afterwards. Both start
 * as a copy of the run's prepared template (tests/setup/integration-template.ts).
 */
const serverUrl = process.env.DATABASE_URL || null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-test-'));
const databaseName = `sentinel_test_${randomBytes(6).toString('hex')}`;
const template = inject('databaseTemplate');
if (template?.kind === 'pglite') {
  // The template's lock file (if any) names a process long gone; the copy's owner takes it over.
  fs.cpSync(template.dataDir, dataDir, { recursive: true, filter: (source) => path.basename(source) !== 'pglite.lock' });
}

process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';
process.env.SECURITY_CONTACT = 'mailto:security@shield.example';
// Rate-limit keys in Redis under a namespace of this file's own: budgets (the whole-site ones too) never meet
// another file's or another run's; tests/fixtures/test-run.ts deletes them afterwards.
process.env.RATE_LIMIT_PREFIX = `sentinel-test-${randomBytes(6).toString('hex')}`;

beforeAll(async () => {
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const from = template?.kind === 'postgres' ? ` template ${template.database}` : '';
    await admin.unsafe(`create database ${databaseName}${from}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    process.env.DATABASE_URL = url.toString();
  }
  const { prepareDatabase } = await import('@/server/db/prepare');
  await prepareDatabase();
});

afterAll(async () => {
  const { closeDatabase } = await import('@/server/db/client');
  await closeDatabase();
  await deleteRateLimitKeys();
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    process.env.DATABASE_URL = serverUrl;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Deletes this file's rate-limit namespace from Redis, whatever the file's own clean-up did. */
async function deleteRateLimitKeys(): Promise<void> {
  if (!process.env.REDIS_URL) return;
  const { Redis } = await import('ioredis');
  const redis = new Redis(process.env.REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${process.env.RATE_LIMIT_PREFIX}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
