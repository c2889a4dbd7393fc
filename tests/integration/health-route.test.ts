import { afterAll, describe, expect, it, vi } from 'vitest';

import { GET } from '@/app/api/health/route';
import { closeDatabase } from '@/server/db/client';

/** A PostgreSQL address nothing listens on. */
const UNREACHABLE_DATABASE_URL = 'postgres://nobody@127.0.0.1:1/none';

describe('GET /api/health', () => {
  const ownDatabaseUrl = process.env.DATABASE_URL;

  afterAll(async () => {
    // Drop the unreachable handle and give the setup's afterAll back the environment it made.
    await closeDatabase();
    if (ownDatabaseUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = ownDatabaseUrl;
    vi.resetModules();
  });

  it('answers 200 and says the database is up when the database answers', async () => {
    const response = await GET();

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 and says the database is down when the database does not answer', async () => {
    await closeDatabase();
    process.env.DATABASE_URL = UNREACHABLE_DATABASE_URL;
    // A fresh module graph reads the configuration again and opens the unreachable database.
    vi.resetModules();
    const { GET: freshGET } = await import('@/app/api/health/route');

    const response = await freshGET();

    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'unavailable', database: 'down' });
  });
});
