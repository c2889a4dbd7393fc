import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { getDb } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema';
import { enqueueMail } from '@/server/mail';
import { startServer } from '@/server/startup';
import { runWorker } from '@/server/worker';

import { startSmtpSink } from '../support/smtp-sink';

/*
 * BACKGROUND_WORKERS=off and `npm run worker` (server/worker.ts), on the real server start, outbox, worker loops and
 * a real SMTP server. The loops' start functions are wrapped only to count the calls; they still run.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const LIFECYCLE_KEY = Symbol.for('sentinel-shield.lifecycle');

const starts = vi.hoisted(() => ({ mail: 0, webhooks: 0, digest: 0 }));
vi.mock('@/server/mail/worker', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/mail/worker')>();
  return { ...actual, startMailWorker: () => (starts.mail++, actual.startMailWorker()) };
});
vi.mock('@/server/webhooks/worker', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/webhooks/worker')>();
  return { ...actual, startWebhookWorker: () => (starts.webhooks++, actual.startWebhookWorker()) };
});
vi.mock('@/server/digest', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/digest')>();
  return { ...actual, startDigestTimer: () => (starts.digest++, actual.startDigestTimer()) };
});

// Read by the configuration in the setup's beforeAll, which runs after this body. Off is refused on the embedded
// database (a unit test says so), so the PGlite leg runs the default.
const sink = await startSmtpSink();
const saved = { BACKGROUND_WORKERS: process.env.BACKGROUND_WORKERS, SMTP_URL: process.env.SMTP_URL };
process.env.SMTP_URL = sink.url;
if (onPostgres) process.env.BACKGROUND_WORKERS = 'off';

// The front's life cycle object, so startServer hands its clean-up to us instead of taking the process's signals.
const lifecycle = { front: true, draining: false, closers: [] as Array<() => Promise<void>> };
(globalThis as Record<symbol, unknown>)[LIFECYCLE_KEY] = lifecycle;

afterAll(async () => {
  for (const close of lifecycle.closers.splice(0)) await close();
  delete (globalThis as Record<symbol, unknown>)[LIFECYCLE_KEY];
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await sink.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function queueMail(to: string): Promise<string> {
  return enqueueMail(await getDb(), { to, subject: 'Background work', text: 'queued before the start', html: '<p>queued before the start</p>' });
}

async function sentAt(id: string): Promise<Date | null> {
  const [row] = await (await getDb()).select({ sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row.sentAt;
}

/** Waits until the mail to `to` has reached the SMTP sink, at most `ms`. */
async function waitForDelivery(to: string, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) if (sink.to(to).length > 0) return true;
  return false;
}

describe.runIf(onPostgres)('with BACKGROUND_WORKERS=off on PostgreSQL', () => {
  it('the web server starts no loop, and a worker process delivers what was queued', async () => {
    const id = await queueMail('off@example.com');
    await startServer();
    expect(starts).toEqual({ mail: 0, webhooks: 0, digest: 0 });
    // A running outbox loop takes what is due on its first pass, at once: give it time to show it did not.
    await sleep(2_000);
    expect(sink.to('off@example.com')).toHaveLength(0);
    expect(await sentAt(id)).toBeNull();

    const stop = new AbortController();
    const exit = runWorker(stop.signal);
    expect(await waitForDelivery('off@example.com', 20_000)).toBe(true);
    expect(starts).toEqual({ mail: 1, webhooks: 1, digest: 1 });
    await vi.waitFor(async () => expect(await sentAt(id)).not.toBeNull(), { timeout: 10_000 });
    stop.abort();
    expect(await exit).toBe(0);
  });
});

describe.runIf(!onPostgres)('on the embedded database', () => {
  it('the web server runs the background work itself (the default)', async () => {
    const id = await queueMail('default@example.com');
    await startServer();
    expect(starts).toEqual({ mail: 1, webhooks: 1, digest: 1 });
    expect(await waitForDelivery('default@example.com', 20_000)).toBe(true);
    await vi.waitFor(async () => expect(await sentAt(id)).not.toBeNull(), { timeout: 10_000 });
  });

  it('the worker refuses to start, naming DATABASE_URL, and starts nothing', async () => {
    const before = { ...starts };
    const errors: string[] = [];
    expect(await runWorker(new AbortController().signal, { error: (line) => errors.push(line) })).toBe(1);
    expect(errors.join('\n')).toMatch(/- DATABASE_URL: is required: on the embedded database the server runs the background work itself/);
    expect(starts).toEqual(before);
  });
});
