import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRedisProxy } from '../support/redis-proxy';

/**
 * Next's data and page cache on Redis (server/next-cache-handler.mjs) through an outage: while Redis cannot be
 * reached, what the instance caches meanwhile is served from memory (one render per page, not one per request);
 * nothing from before the outage is, and the memory is emptied once Redis is back.
 */
const REDIS_URL = process.env.REDIS_URL ?? null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Handler = {
  get(key: string, context?: { softTags: string[] }): Promise<{ value: { kind: string; data: { body: string } } } | null>;
  set(key: string, value: unknown, context: { tags: string[]; revalidate: number }): Promise<void>;
};

const fetchEntry = (body: string) => ({ kind: 'FETCH', data: { headers: {}, body, status: 200, url: 'https://example.test/' }, revalidate: 300 });

/** Reads a key until `expected(body)` holds, for at most `ms` (the client notices a cut or a return within a second). */
async function readUntil(handler: Handler, key: string, expected: (body: string | null) => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const started = Date.now();
    const entry = await handler.get(key, { softTags: [] });
    const tookMs = Date.now() - started;
    const body = entry?.value.data.body ?? null;
    if (expected(body) || Date.now() > deadline) return { body, tookMs };
    await sleep(100);
  }
}

describe.skipIf(!REDIS_URL)('Next cache on Redis through an outage', () => {
  let proxy: Awaited<ReturnType<typeof startRedisProxy>>;
  let handler: Handler;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-next-cache-'));
  const run = randomBytes(4).toString('hex');

  beforeAll(async () => {
    proxy = await startRedisProxy(new URL(REDIS_URL!));
    process.env.REDIS_URL = proxy.url;
    fs.mkdirSync(path.join(distDir, 'server'));
    fs.writeFileSync(path.join(distDir, 'BUILD_ID'), `test-${run}`);
    const { default: CacheHandler } = await import('@/server/next-cache-handler.mjs');
    // Of what Next passes, the handler reads these two.
    const context = { serverDistDir: path.join(distDir, 'server'), dev: false } as unknown as ConstructorParameters<typeof CacheHandler>[0];
    handler = new CacheHandler(context) as unknown as Handler;
  });

  afterAll(async () => {
    process.env.REDIS_URL = REDIS_URL!;
    await proxy.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('serves what it cached during the outage from memory, nothing older, and forgets it once Redis is back', async () => {
    await handler.set(`before-${run}`, fetchEntry('shared before'), { tags: [], revalidate: 300 });
    expect((await readUntil(handler, `before-${run}`, (body) => body === 'shared before')).body).toBe('shared before');

    proxy.cut();
    // What Redis held is out of reach, and no copy of it stands in: another instance may have revalidated it.
    const unreachable = await readUntil(handler, `before-${run}`, (body) => body === null);
    expect(unreachable.body).toBeNull();
    expect(unreachable.tookMs).toBeLessThan(1000);

    await handler.set(`during-${run}`, fetchEntry('rendered in the outage'), { tags: [], revalidate: 300 });
    const during = await readUntil(handler, `during-${run}`, (body) => body !== null);
    expect(during.body).toBe('rendered in the outage');
    expect(during.tookMs).toBeLessThan(1000);

    proxy.resume();
    expect((await readUntil(handler, `before-${run}`, (body) => body === 'shared before', 10_000)).body).toBe('shared before');
    // Redis never got the outage's entry, and the memory that held it is gone.
    expect((await handler.get(`during-${run}`, { softTags: [] }))?.value.data.body ?? null).toBeNull();
  });
});
