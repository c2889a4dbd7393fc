import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { addWebhookEndpointAction } from '@/actions/settings/webhook-add';
import { listWebhookEndpointsAction } from '@/actions/settings/webhook-list';
import { removeWebhookEndpointAction } from '@/actions/settings/webhook-remove';
import { sendWebhookTestAction } from '@/actions/settings/webhook-send-test';
import { WEBHOOK_ENDPOINTS_PER_USER_MAX, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX_LENGTH } from '@/lib/webhooks';
import { getDb } from '@/server/db/client';
import { securityAlerts, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@/server/db/schema';
import { notifyWatchersOfAlert } from '@/server/notifications';
import { actorOf } from '@/server/staff/access';
import { publishAlert } from '@/server/staff/alerts';
import { listWebhookEndpoints } from '@/server/webhooks/endpoints';
import { deliverDueWebhooks, startWebhookWorker, stopWebhookWorker } from '@/server/webhooks/worker';
import { createWatchlist } from '@/server/watchlists';

import { createTestRun, type TestUser } from '../fixtures/test-run';
import { makeStaff, makeTestProject, signInAs, type StaffUser } from '../support/staff';

vi.mock('@/server/session', () => import('../support/session-stand-ins'));
vi.mock('react', async (original) => (await import('../support/session-stand-ins')).withoutRequestCache(await original()));
vi.mock('next/cache', async () => (await import('../support/session-stand-ins')).nextCacheStandIn());

/* The local receiver is plain http on 127.0.0.1: allowed only with WEBHOOK_ALLOW_PRIVATE, which the SSRF tests turn off. */
const webhookSettings = vi.hoisted(() => ({ webhookAllowPrivate: true }));
vi.mock('@/server/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/server/config')>();
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), siteUrl: 'https://shield.example', ...webhookSettings }) };
});

/* A name only this test's resolver knows: a delivery that looked it up again, instead of using the checked address, would fail. */
const PINNED_HOST = 'pinned.webhook.test';
/* A name whose answer the rebinding test changes between registration and delivery. */
const REBINDING_HOST = 'rebinding.webhook.test';
const rebinding = vi.hoisted(() => ({ address: '93.184.215.14' }));
vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns/promises')>();
  const answers: Record<string, () => string> = { 'pinned.webhook.test': () => '127.0.0.1', 'rebinding.webhook.test': () => rebinding.address };
  const lookup = (host: string, options: object) => (answers[host] ? Promise.resolve([{ address: answers[host](), family: 4 }]) : actual.lookup(host, options as never));
  return { ...actual, lookup, default: { ...actual, lookup } };
});

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

/** A local webhook receiver: keeps every request, and answers each path from its queue of statuses (200 when empty). */
function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.get(path)?.shift() ?? 200;
      // 0: never answer (the timeout test).
      if (status === 0) return;
      response.writeHead(status, status >= 300 && status < 400 ? { location: 'https://example.com/elsewhere' } : {}).end();
    });
  });
  return {
    received,
    answers,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    urlFor: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${path}`,
    at: (path: string) => received.filter((request) => request.path === `/${path}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const testRun = createTestRun();
const receiver = startReceiver();
let analyst: StaffUser;

beforeAll(async () => {
  await receiver.listen();
  analyst = await makeStaff(testRun, 'analyst');
});
afterAll(async () => {
  await receiver.close();
  await testRun.cleanUp();
});
beforeEach(() => {
  webhookSettings.webhookAllowPrivate = true;
  signInAs(null);
});

/** Registers an endpoint as `user` through the Settings action; answers its id and the secret shown once. */
async function register(user: TestUser, path: string, description = '', url = receiver.urlFor(path)) {
  signInAs(user);
  const result = await addWebhookEndpointAction({ url, description });
  expect(result.serverError).toBeUndefined();
  expect(result.validationErrors).toBeUndefined();
  return { endpointId: result.data!.endpointId, secret: result.data!.secret };
}

/** A draft alert on `projectId`, published the staff way (one transaction with the fan-out). */
async function publishOn(projectId: string, title: string): Promise<string> {
  const db = await getDb();
  const [draft] = await db
    .insert(securityAlerts)
    .values({ projectId, type: 'exploit', title, occurredAt: new Date(), confidence: 'high', status: 'draft', chain: 'Ethereum' })
    .returning({ id: securityAlerts.id });
  await publishAlert(actorOf({ userId: analyst.id, email: analyst.email }), draft.id);
  return draft.id;
}

/** Checks a received request the way a receiver would, with the standardwebhooks package (an independent implementation). */
function verified(request: Received, secret: string) {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(request.body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
}

/** Each test watches a project of its own, so one test's alerts never reach another's endpoints. */
const projectFor = (label: string) => makeTestProject(testRun, 'Webhook', label);

const deliveriesOf = async (endpointId: string) => (await getDb()).select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
const endpointsOf = async (userId: string) => (await getDb()).select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.id);

describe('publishing an alert on a watched project', () => {
  it('POSTs it to each endpoint of each watcher, signed so the standardwebhooks package verifies it; others get nothing', async () => {
    const project = await projectFor('watcher');
    const [watcher, bystander] = await Promise.all([testRun.makeUser('watcher'), testRun.makeUser('bystander')]);
    await createWatchlist(watcher.id, { name: 'Watch', projects: [project] });
    await createWatchlist(bystander.id, { name: 'Nothing', projects: [] });
    const { endpointId, secret } = await register(watcher, 'watcher', 'My SIEM');
    const bystanderEndpoint = await register(bystander, 'bystander');

    const alertId = await publishOn(project, `Drained ${testRun.id}`);
    expect(await deliveriesOf(bystanderEndpoint.endpointId)).toEqual([]);
    const [queued] = await deliveriesOf(endpointId);
    expect(queued).toMatchObject({ alertId, eventType: 'alert.published', deliveredAt: null });

    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 1, retried: 0, failed: 0 });
    const [request] = receiver.at('watcher');
    expect(receiver.at('watcher')).toHaveLength(1);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(`msg_${queued.id}`);
    const message = verified(request, secret);
    expect(message.type).toBe('alert.published');
    expect(message.data).toMatchObject({
      id: alertId,
      title: `Drained ${testRun.id}`,
      type: 'exploit',
      chain: 'Ethereum',
      url: `https://shield.example/alerts/${alertId}`,
      project: { id: project, name: `Webhook Test watcher ${testRun.id}`, url: `https://shield.example/projects/${project}` },
    });
    // A signature made with another secret, or over another body, is refused by the same independent check.
    expect(() => verified({ ...request, body: request.body.replace('Drained', 'Dained') }, secret)).toThrow();
    expect(() => verified(request, bystanderEndpoint.secret)).toThrow();
    expect(receiver.at('bystander')).toEqual([]);

    const [row] = await deliveriesOf(endpointId);
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 1, lastStatus: 200, failedAt: null });
  });

  it('running the fan-out again, or another pass of the worker, sends nothing twice', async () => {
    const project = await projectFor('again');
    const watcher = await testRun.makeUser('again');
    await createWatchlist(watcher.id, { name: 'Again', projects: [project] });
    const { endpointId } = await register(watcher, 'again');
    const alertId = await publishOn(project, `Once only ${testRun.id}`);
    await deliverDueWebhooks();
    const db = await getDb();
    expect(await db.transaction((tx) => notifyWatchersOfAlert(tx, alertId))).toMatchObject({ webhooks: 0 });
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 0 });
    expect(await deliveriesOf(endpointId)).toHaveLength(1);
    expect(receiver.at('again')).toHaveLength(1);
  });

  it('reaches an endpoint named by a host name, at an address its check resolved', async () => {
    const project = await projectFor('by-name');
    const watcher = await testRun.makeUser('by-name');
    await createWatchlist(watcher.id, { name: 'Name', projects: [project] });
    const { endpointId, secret } = await register(watcher, 'by-name', '', receiver.urlFor('by-name').replace('127.0.0.1', 'localhost'));
    await publishOn(project, `By name ${testRun.id}`);
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 1 });
    expect(verified(receiver.at('by-name')[0], secret).type).toBe('alert.published');
    expect(await deliveriesOf(endpointId)).toMatchObject([{ lastStatus: 200 }]);
  });

  it('connects to the address the check resolved, never looking the name up again', async () => {
    const project = await projectFor('pinned');
    const watcher = await testRun.makeUser('pinned');
    await createWatchlist(watcher.id, { name: 'Pinned', projects: [project] });
    const { secret } = await register(watcher, 'pinned', '', receiver.urlFor('pinned').replace('127.0.0.1', PINNED_HOST));
    await publishOn(project, `Pinned ${testRun.id}`);
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 1 });
    expect(receiver.at('pinned')[0].headers.host).toMatch(new RegExp(`^${PINNED_HOST.replace(/\./g, '\\.')}:`));
    expect(verified(receiver.at('pinned')[0], secret).type).toBe('alert.published');
  });

  it('a disabled endpoint is not queued', async () => {
    const project = await projectFor('disabled');
    const watcher = await testRun.makeUser('disabled');
    await createWatchlist(watcher.id, { name: 'Off', projects: [project] });
    const { endpointId } = await register(watcher, 'disabled');
    await (await getDb()).update(webhookEndpoints).set({ disabledAt: new Date() }).where(eq(webhookEndpoints.id, endpointId));
    await publishOn(project, `Not for the disabled ${testRun.id}`);
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });
});

describe('a receiver that fails', () => {
  it('answering 500 gets the same webhook-id again after the back-off, and the log shows both tries', async () => {
    const project = await projectFor('flaky');
    const watcher = await testRun.makeUser('flaky');
    await createWatchlist(watcher.id, { name: 'Flaky', projects: [project] });
    const { endpointId, secret } = await register(watcher, 'flaky');
    receiver.answers.set('/flaky', [500]);
    await publishOn(project, `Retried ${testRun.id}`);

    const before = Date.now();
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 0, retried: 1 });
    const [afterFirst] = await deliveriesOf(endpointId);
    expect(afterFirst).toMatchObject({ attempts: 1, lastStatus: 500, lastError: 'HTTP 500', deliveredAt: null, failedAt: null, lockedUntil: null });
    // Backed off: not due again at once, and not later than the first step's ceiling.
    expect(afterFirst.nextAttemptAt.getTime()).toBeGreaterThan(before);
    expect(afterFirst.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 10_000);
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 0, retried: 0 });
    expect(receiver.at('flaky')).toHaveLength(1);

    // Time passes: the retry is due.
    const db = await getDb();
    await db.update(webhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(webhookDeliveries.id, afterFirst.id));
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 1 });
    const [first, second] = receiver.at('flaky');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    expect(verified(second, secret).type).toBe('alert.published');

    const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, afterFirst.id)).orderBy(webhookAttempts.attemptedAt);
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    expect(attempts[0].error).toBe('HTTP 500');

    signInAs(watcher);
    const listed = (await listWebhookEndpointsAction()).data!.endpoints;
    expect(listed).toHaveLength(1);
    expect(listed[0].deliveries[0]).toMatchObject({ eventType: 'alert.published', state: 'delivered', attempts: 2, lastStatus: 200, nextAttemptAt: null });
  });

  it('a redirect is not followed but counted as a failed try', async () => {
    const project = await projectFor('redirect');
    const watcher = await testRun.makeUser('redirect');
    await createWatchlist(watcher.id, { name: 'Redirect', projects: [project] });
    const { endpointId } = await register(watcher, 'redirect');
    receiver.answers.set('/redirect', [302]);
    await publishOn(project, `Redirected ${testRun.id}`);
    await deliverDueWebhooks();
    expect(await deliveriesOf(endpointId)).toMatchObject([{ attempts: 1, lastStatus: 302, deliveredAt: null }]);
    expect(receiver.received.filter((request) => request.path === '/elsewhere')).toEqual([]);
    await (await getDb()).update(webhookDeliveries).set({ failedAt: new Date() }).where(eq(webhookDeliveries.endpointId, endpointId));
  });

  it('one that never answers is a failed try after 10 seconds, to be retried', async () => {
    const project = await projectFor('silent');
    const watcher = await testRun.makeUser('silent');
    await createWatchlist(watcher.id, { name: 'Silent', projects: [project] });
    const { endpointId } = await register(watcher, 'silent');
    receiver.answers.set('/silent', [0]);
    await publishOn(project, `Unanswered ${testRun.id}`);
    const started = Date.now();
    expect(await deliverDueWebhooks()).toMatchObject({ retried: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    const [row] = await deliveriesOf(endpointId);
    expect(row).toMatchObject({ attempts: 1, lastStatus: null, lastError: 'no answer within 10 s', deliveredAt: null, failedAt: null });
    await (await getDb()).update(webhookDeliveries).set({ failedAt: new Date() }).where(eq(webhookDeliveries.id, row.id));
  });

  it('still failing 24 hours after it was queued, a delivery is marked failed and tried no more', async () => {
    const project = await projectFor('down');
    const watcher = await testRun.makeUser('down');
    await createWatchlist(watcher.id, { name: 'Down', projects: [project] });
    const { endpointId } = await register(watcher, 'down');
    receiver.answers.set('/down', [503, 503]);
    await publishOn(project, `Given up ${testRun.id}`);
    await deliverDueWebhooks();
    const db = await getDb();
    const [row] = await deliveriesOf(endpointId);
    await db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 24 * 60 * 60_000 - 1000), nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, row.id));
    expect(await deliverDueWebhooks()).toMatchObject({ failed: 1 });
    const [failed] = await deliveriesOf(endpointId);
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(failed).toMatchObject({ attempts: 2, lastStatus: 503 });
    await db.update(webhookDeliveries).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(webhookDeliveries.id, row.id));
    await deliverDueWebhooks();
    expect(receiver.at('down')).toHaveLength(2);
  });
});

describe('two workers at once', () => {
  it('deliver each queued delivery exactly once', async () => {
    const project = await projectFor('pair');
    const watchers = await Promise.all(['pair-a', 'pair-b', 'pair-c'].map((label) => testRun.makeUser(label)));
    const paths: string[] = [];
    for (const [index, watcher] of watchers.entries()) {
      await createWatchlist(watcher.id, { name: 'Pair', projects: [project] });
      paths.push(`pair-${index}`);
      await register(watcher, paths[index]);
    }
    for (let index = 0; index < 4; index++) await publishOn(project, `Parallel ${index} ${testRun.id}`);
    const reports = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks()]);
    expect(reports[0].delivered + reports[1].delivered).toBe(12);
    const ids = paths.flatMap((path) => receiver.at(path).map((request) => String(request.headers['webhook-id'])));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });
});

describe('Settings: webhook endpoints', () => {
  it('"Send test" delivers a signed test event', async () => {
    const user = await testRun.makeUser('tester');
    const { endpointId, secret } = await register(user, 'tester');
    signInAs(user);
    const sent = await sendWebhookTestAction({ id: endpointId });
    expect(sent.serverError).toBeUndefined();
    expect(sent.data!.endpoints[0].deliveries).toMatchObject([{ eventType: 'test', state: 'pending', attempts: 0 }]);
    await deliverDueWebhooks();
    const [request] = receiver.at('tester');
    expect(verified(request, secret)).toMatchObject({ type: 'test', data: { endpointId } });
    // A second test right away is refused (paced), and queues nothing.
    expect((await sendWebhookTestAction({ id: endpointId })).serverError).toBe(WEBHOOK_MESSAGES.testTooSoon);
    expect(await deliveriesOf(endpointId)).toHaveLength(1);
  });

  it('shows the secret once, in the Standard Webhooks format, and keeps it sealed', async () => {
    const user = await testRun.makeUser('secret');
    const { secret, endpointId } = await register(user, 'secret', '  Pager  ');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    const [stored] = await endpointsOf(user.id);
    expect(stored).toMatchObject({ id: endpointId, description: 'Pager' });
    expect(stored.secretSealed).not.toContain(secret.slice('whsec_'.length, 20));
    const listed = await listWebhookEndpoints(user.id);
    expect(JSON.stringify(listed)).not.toContain(secret.slice('whsec_'.length));
  });

  it('removes an endpoint with its log; another user’s endpoint is not found and stays', async () => {
    const [owner, other] = await Promise.all([testRun.makeUser('owner'), testRun.makeUser('other')]);
    const { endpointId } = await register(owner, 'owner');
    signInAs(owner);
    await sendWebhookTestAction({ id: endpointId });

    signInAs(other);
    expect((await removeWebhookEndpointAction({ id: endpointId })).serverError).toBe(WEBHOOK_MESSAGES.notFound);
    expect((await sendWebhookTestAction({ id: endpointId })).serverError).toBe(WEBHOOK_MESSAGES.notFound);
    expect((await removeWebhookEndpointAction({ id: 'not-an-id' })).validationErrors).toBeDefined();
    expect(await endpointsOf(owner.id)).toHaveLength(1);
    expect(await deliveriesOf(endpointId)).toHaveLength(1);

    signInAs(owner);
    expect((await removeWebhookEndpointAction({ id: endpointId })).data).toEqual({ endpoints: [] });
    expect(await endpointsOf(owner.id)).toEqual([]);
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const user = await testRun.makeUser('bad-input');
    signInAs(user);
    const refusal = async (input: { url: unknown; description?: unknown }) => (await addWebhookEndpointAction(input as { url: string })).validationErrors;
    expect(await refusal({ url: 'not a url' })).toMatchObject({ url: { _errors: [WEBHOOK_MESSAGES.urlInvalid] } });
    expect(await refusal({ url: 'ftp://example.com/hook' })).toMatchObject({ url: { _errors: [WEBHOOK_MESSAGES.urlInvalid] } });
    expect(await refusal({ url: `https://example.com/${'a'.repeat(WEBHOOK_URL_MAX_LENGTH)}` })).toMatchObject({ url: { _errors: [WEBHOOK_MESSAGES.urlTooLong] } });
    expect(await refusal({ url: 'https://user:pass@example.com/hook' })).toMatchObject({ url: { _errors: [WEBHOOK_MESSAGES.urlCredentials] } });
    expect(await refusal({ url: receiver.urlFor('x'), description: 'd'.repeat(201) })).toMatchObject({ description: { _errors: [WEBHOOK_MESSAGES.descriptionTooLong] } });
    expect(await refusal({ url: 42 })).toMatchObject({ url: { _errors: [WEBHOOK_MESSAGES.urlInvalid] } });
    expect(await endpointsOf(user.id)).toEqual([]);

    for (let index = 0; index < WEBHOOK_ENDPOINTS_PER_USER_MAX; index++) await register(user, `cap-${index}`);
    signInAs(user);
    expect((await addWebhookEndpointAction({ url: receiver.urlFor('cap-0') })).serverError).toBe(WEBHOOK_MESSAGES.duplicate);
    expect((await addWebhookEndpointAction({ url: receiver.urlFor('one-too-many') })).serverError).toBe(WEBHOOK_MESSAGES.tooMany);
    expect(await endpointsOf(user.id)).toHaveLength(WEBHOOK_ENDPOINTS_PER_USER_MAX);

    signInAs(null);
    expect((await addWebhookEndpointAction({ url: receiver.urlFor('anonymous') })).serverError).toBe('Please log in first.');
    expect((await listWebhookEndpointsAction()).serverError).toBe('Please log in first.');
  });
});

describe('SSRF: without WEBHOOK_ALLOW_PRIVATE', () => {
  it('refuses loopback, private, link-local, metadata and plain-http endpoints, each with its reason', async () => {
    webhookSettings.webhookAllowPrivate = false;
    const user = await testRun.makeUser('ssrf');
    signInAs(user);
    const refusals: [string, string][] = [
      ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.addressRefused.loopback],
      ['https://10.1.2.3/hook', WEBHOOK_MESSAGES.addressRefused.private],
      ['https://192.168.0.10/hook', WEBHOOK_MESSAGES.addressRefused.private],
      ['https://172.16.5.4/hook', WEBHOOK_MESSAGES.addressRefused.private],
      ['https://[::1]/hook', WEBHOOK_MESSAGES.addressRefused.loopback],
      ['https://[::ffff:10.0.0.1]/hook', WEBHOOK_MESSAGES.addressRefused.private],
      ['https://[fd12:3456::1]/hook', WEBHOOK_MESSAGES.addressRefused.uniqueLocal],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.addressRefused.metadata],
      ['https://169.254.10.1/hook', WEBHOOK_MESSAGES.addressRefused.linkLocal],
      ['https://100.64.0.1/hook', WEBHOOK_MESSAGES.addressRefused.carrierGradeNat],
      ['https://0.0.0.0/hook', WEBHOOK_MESSAGES.addressRefused.unspecified],
      ['https://224.0.0.1/hook', WEBHOOK_MESSAGES.addressRefused.multicast],
      // IPv6 forms outside global unicast (2000::/3): IPv4-compatible (::/96), the rest of ::/8, unassigned blocks (#42).
      ['https://[::10.0.0.1]/hook', WEBHOOK_MESSAGES.addressRefused.reserved],
      ['https://[::7f00:1]/hook', WEBHOOK_MESSAGES.addressRefused.reserved],
      ['https://[::8.8.8.8]/hook', WEBHOOK_MESSAGES.addressRefused.reserved],
      ['https://[100::1]/hook', WEBHOOK_MESSAGES.addressRefused.reserved],
      ['https://[4000::1]/hook', WEBHOOK_MESSAGES.addressRefused.reserved],
      ['https://[64:ff9b::a00:1]/hook', WEBHOOK_MESSAGES.addressRefused.reserved],
      // A name is judged by every address it resolves to.
      ['https://localhost/hook', WEBHOOK_MESSAGES.addressRefused.loopback],
      ['https://2130706433/hook', WEBHOOK_MESSAGES.addressRefused.loopback],
      ['http://example.com/hook', WEBHOOK_MESSAGES.urlNotHttps],
      ['https://no-such-host.invalid/hook', WEBHOOK_MESSAGES.hostUnresolved],
    ];
    for (const [url, message] of refusals) {
      expect({ url, refusal: (await addWebhookEndpointAction({ url })).serverError }).toEqual({ url, refusal: message });
    }
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it('checks again before each delivery: an endpoint that now resolves to a private address is not contacted', async () => {
    const project = await projectFor('rebind');
    const watcher = await testRun.makeUser('rebind');
    await createWatchlist(watcher.id, { name: 'Rebind', projects: [project] });
    const { endpointId } = await register(watcher, 'rebind');
    await publishOn(project, `Rebound ${testRun.id}`);
    // As if its name now resolved to this machine (DNS rebinding): the address is judged again at delivery.
    const db = await getDb();
    await db.update(webhookEndpoints).set({ url: receiver.urlFor('rebind').replace('http:', 'https:') }).where(eq(webhookEndpoints.id, endpointId));
    webhookSettings.webhookAllowPrivate = false;
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 0, retried: 1 });
    expect(receiver.at('rebind')).toEqual([]);
    const refusal = `refused: ${WEBHOOK_MESSAGES.addressRefused.loopback}`;
    const [row] = await deliveriesOf(endpointId);
    expect(row.lastError).toBe(refusal);
    expect(await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, row.id))).toMatchObject([{ statusCode: null, error: refusal }]);
    // Leave nothing due for other tests.
    await db.update(webhookDeliveries).set({ failedAt: new Date() }).where(eq(webhookDeliveries.id, row.id));
  });
});

describe('DNS rebinding', () => {
  it('a name that resolved to a public address when registered and to loopback at delivery is refused then, and not contacted', async () => {
    webhookSettings.webhookAllowPrivate = false;
    rebinding.address = '93.184.215.14';
    const project = await projectFor('rebinding');
    const watcher = await testRun.makeUser('rebinding');
    await createWatchlist(watcher.id, { name: 'Rebinding', projects: [project] });
    const { endpointId } = await register(watcher, 'rebinding', '', `https://${REBINDING_HOST}/hook`);
    await publishOn(project, `Rebinding ${testRun.id}`);
    rebinding.address = '127.0.0.1';
    expect(await deliverDueWebhooks()).toMatchObject({ delivered: 0, retried: 1 });
    const [row] = await deliveriesOf(endpointId);
    expect(row).toMatchObject({ attempts: 1, lastStatus: null, lastError: `refused: ${WEBHOOK_MESSAGES.addressRefused.loopback}` });
    await (await getDb()).update(webhookDeliveries).set({ failedAt: new Date() }).where(eq(webhookDeliveries.id, row.id));
  });
});

describe('the worker the server starts', () => {
  it('delivers a published alert within seconds, with nobody calling it, and stops when asked', async () => {
    const project = await projectFor('running');
    const watcher = await testRun.makeUser('running');
    await createWatchlist(watcher.id, { name: 'Running', projects: [project] });
    const { secret } = await register(watcher, 'running');
    startWebhookWorker();
    try {
      const published = Date.now();
      await publishOn(project, `Live ${testRun.id}`);
      while (receiver.at('running').length === 0 && Date.now() - published < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(receiver.at('running')).toHaveLength(1);
      expect(verified(receiver.at('running')[0], secret).type).toBe('alert.published');
    } finally {
      await stopWebhookWorker();
    }
  });
});
