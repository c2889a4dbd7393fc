import { asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { GET as metricsGET } from '@/app/metrics/route';
import { getDb } from '@/server/db/client';
import { projects, securityAlerts, skynetChains, skynetContracts } from '@/server/db/schema';
import { readSkynetStatus, type SkynetChainStatus } from '@/server/skynet/status';

/* The chain registry and the metrics token as this file sets them; the rest of the configuration as the run has it. */
const overrides = vi.hoisted(() => ({
  chains: [] as { id: number; name: string; rpc: string[]; blockTimeSeconds: number; confirmations: number }[],
  rpcUrl: null as string | null,
  metricsToken: 'a-metrics-token-of-at-least-32-characters' as string | null,
}));
vi.mock('@/server/config', async (importOriginal) => {
  const { configWith, skynetWith } = await import('../support/config-stand-in');
  return configWith(await importOriginal(), (config) => ({
    rpcUrl: overrides.rpcUrl,
    metricsToken: overrides.metricsToken,
    ...skynetWith(config, { chains: overrides.chains }),
  }));
});

/*
 * The published Skynet status (issue #44) on the real database: each chain's place from skynet_chains, the
 * block-to-alert p50 and p95 of the last hour's automatic alerts, and /metrics, which answers operators only.
 */
const TOKEN = overrides.metricsToken!;
const chain = (id: number, name: string, blockTimeSeconds: number) => ({ id, name, rpc: ['http://127.0.0.1:1'], blockTimeSeconds, confirmations: 12 });
const FOLLOWING = chain(910_001, 'Following chain', 2);
const BEHIND = chain(910_002, 'Behind chain', 12);
const NOT_STARTED = chain(910_003, 'New chain', 1);
const FAILING = chain(910_004, 'Failing chain', 2);
const ALL = [FOLLOWING, BEHIND, NOT_STARTED, FAILING];
const SECRET_ENDPOINT = 'https://rpc.example/v3/secret-api-key';
/** Block-to-alert seconds of the following chain's alerts in the last hour: p50 3, p95 4 + 0.8 × (10 − 4) = 8.8. */
const LATENCIES = [1, 2, 3, 4, 10];

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
let shownProject = '';
let hiddenProject = '';

function automaticAlert(chainId: number, latencySeconds: number, publishedSecondsAgo: number, extra: Partial<typeof securityAlerts.$inferInsert> = {}) {
  const publishedAt = secondsAgo(publishedSecondsAgo);
  return {
    projectId: shownProject,
    type: 'privileged-call' as const,
    title: `Status test alert ${chainId} ${latencySeconds} s`,
    occurredAt: new Date(publishedAt.getTime() - latencySeconds * 1000),
    confidence: 'confirmed' as const,
    status: 'published' as const,
    origin: 'automatic' as const,
    evidence: { rule: 'status-test', chainId, blockNumber: 1000, contract: `0x${'12'.repeat(20)}` },
    publishedAt,
    ...extra,
  };
}

function metricsRequest(headers: Record<string, string>) {
  return new Request('http://localhost/metrics', { headers });
}

const byId = (chains: SkynetChainStatus[], id: number) => chains.find((entry) => entry.id === id)!;

beforeAll(async () => {
  overrides.chains = ALL;
  const db = await getDb();
  [shownProject, hiddenProject] = (await db.select({ id: projects.id }).from(projects).orderBy(asc(projects.rank)).limit(2)).map((row) => row.id);
  await db.update(projects).set({ hiddenAt: new Date() }).where(eq(projects.id, hiddenProject));
  await db.insert(skynetChains).values([
    { chainId: FOLLOWING.id, indexedBlock: 1000, headBlock: 1001, indexedAt: secondsAgo(1) },
    { chainId: BEHIND.id, indexedBlock: 500, headBlock: 560, indexedAt: secondsAgo(5) },
    // Quiet for ten minutes after an endpoint failure: the head it last saw is its own block.
    { chainId: FAILING.id, indexedBlock: 100, headBlock: 100, indexedAt: secondsAgo(600), lastError: `HTTP request failed. URL: ${SECRET_ENDPOINT}` },
  ]);
  await db.insert(skynetContracts).values(
    [1, 2].map((n) => ({ projectId: shownProject, chainId: FOLLOWING.id, address: `0x${String(n).repeat(40)}`, abi: [], fromBlock: 0 })),
  );
  await db.insert(securityAlerts).values([
    ...LATENCIES.map((latency, index) => automaticAlert(FOLLOWING.id, latency, 60 + index * 300)),
    // None of these counts: published over an hour ago, a demo, staff-written, resting on no block, a hidden project's.
    automaticAlert(FOLLOWING.id, 500, 3700),
    automaticAlert(FOLLOWING.id, 500, 60, { isDemo: true }),
    automaticAlert(FOLLOWING.id, 500, 60, { origin: 'staff' }),
    automaticAlert(FOLLOWING.id, 500, 60, { evidence: { rule: 'unaudited-implementation', chainId: FOLLOWING.id } }),
    automaticAlert(FOLLOWING.id, 500, 60, { projectId: hiddenProject }),
    // Another chain's alert is counted there, not here.
    automaticAlert(BEHIND.id, 20, 120),
  ]);
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(securityAlerts).where(like(securityAlerts.title, 'Status test alert%'));
  await db.delete(skynetContracts).where(eq(skynetContracts.chainId, FOLLOWING.id));
  await db.delete(skynetChains).where(inArray(skynetChains.chainId, ALL.map((entry) => entry.id)));
  await db.update(projects).set({ hiddenAt: null }).where(eq(projects.id, hiddenProject));
});

describe('readSkynetStatus', () => {
  it('lists every configured chain in the registry’s order, with its name', async () => {
    const { chains } = await readSkynetStatus();
    expect(chains.map((entry) => [entry.id, entry.name])).toEqual(ALL.map((entry) => [entry.id, entry.name]));
  });

  it('measures p50 and p95 block-to-alert over the last hour’s automatic alerts of that chain only', async () => {
    const following = byId((await readSkynetStatus()).chains, FOLLOWING.id);
    expect(following.alertsLastHour).toBe(LATENCIES.length);
    expect(following.p50Seconds).toBeCloseTo(3, 3);
    expect(following.p95Seconds).toBeCloseTo(8.8, 3);
    const behind = byId((await readSkynetStatus()).chains, BEHIND.id);
    expect(behind).toMatchObject({ alertsLastHour: 1 });
    expect(behind.p50Seconds).toBeCloseTo(20, 3);
  });

  it('calls a chain whose follower stored a block a moment ago and trails the head by one block following', async () => {
    const following = byId((await readSkynetStatus()).chains, FOLLOWING.id);
    expect(following).toMatchObject({ state: 'following', failure: null, headBlock: 1001, indexedBlock: 1000, blocksBehind: 1, secondsBehind: 2, watchedContracts: 2 });
    expect(following.secondsSinceIndexed).toBeGreaterThanOrEqual(0.5);
    expect(following.secondsSinceIndexed).toBeLessThan(30);
    expect(following.indexedAt).toBeInstanceOf(Date);
  });

  it('counts a chain 60 blocks behind its head as behind by 60 blocks, 60 × its block time', async () => {
    const behind = byId((await readSkynetStatus()).chains, BEHIND.id);
    expect(behind).toMatchObject({ state: 'behind', blocksBehind: 60, secondsBehind: 720, watchedContracts: 0 });
  });

  it('says a chain with no stored place has not started, with no alerts and no percentiles', async () => {
    const fresh = byId((await readSkynetStatus()).chains, NOT_STARTED.id);
    expect(fresh).toMatchObject({ state: 'not-started', headBlock: null, indexedBlock: null, indexedAt: null, blocksBehind: null, secondsBehind: null, alertsLastHour: 0, p50Seconds: null, p95Seconds: null });
  });

  it('measures a quiet, failing follower by its silence and never hands out the stored error', async () => {
    const status = await readSkynetStatus();
    const failing = byId(status.chains, FAILING.id);
    expect(failing).toMatchObject({ state: 'failing', failure: 'failed' });
    // Ten minutes of silence on a 2 s chain: about 300 blocks, whatever head it saw last.
    expect(failing.secondsBehind).toBeGreaterThanOrEqual(600);
    expect(failing.blocksBehind).toBeGreaterThanOrEqual(300);
    expect(JSON.stringify(status)).not.toContain('secret-api-key');
  });

  it('follows no chain when none is configured', async () => {
    overrides.chains = [];
    try {
      expect((await readSkynetStatus()).chains).toEqual([]);
    } finally {
      overrides.chains = ALL;
    }
  });

  it('shows the chains with a stored place when RPC_URL’s endpoint cannot name its chain', async () => {
    overrides.chains = [];
    overrides.rpcUrl = 'http://127.0.0.1:1';
    try {
      const { chains } = await readSkynetStatus();
      expect(chains.map((entry) => [entry.id, entry.name])).toEqual([FOLLOWING, BEHIND, FAILING].map((entry) => [entry.id, `Chain ${entry.id}`]));
    } finally {
      overrides.chains = ALL;
      overrides.rpcUrl = null;
    }
  });
});

describe('GET /metrics', () => {
  it('answers 404, uncached, to a request from elsewhere without the token, or with a wrong one', async () => {
    const elsewhere = { 'x-forwarded-for': '203.0.113.9' };
    for (const headers of [elsewhere, { ...elsewhere, authorization: 'Bearer not-the-token-not-the-token-not-the' }, { ...elsewhere, authorization: TOKEN }] as Record<string, string>[]) {
      const response = await metricsGET(metricsRequest(headers));
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).not.toContain('skynet_');
    }
  });

  it('answers 404 through a proxy on this machine unless the token comes along', async () => {
    expect((await metricsGET(metricsRequest({ 'x-forwarded-for': '203.0.113.9, 127.0.0.1' }))).status).toBe(404);
    expect((await metricsGET(metricsRequest({ 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '203.0.113.9' }))).status).toBe(404);
  });

  it('answers Prometheus text with the database’s per-chain figures to the token', async () => {
    const response = await metricsGET(metricsRequest({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await response.text();
    expect(body).toContain(`skynet_chain_indexed_block{chain="${FOLLOWING.id}"} 1000`);
    expect(body).toContain(`skynet_chain_head_block{chain="${BEHIND.id}"} 560`);
    expect(body).toContain(`skynet_chain_lag_blocks{chain="${BEHIND.id}"} 60`);
    expect(body).toContain(`skynet_chain_contracts{chain="${FOLLOWING.id}"} 2`);
    expect(body).toContain(`skynet_alerts_last_hour{chain="${FOLLOWING.id}"} 5`);
    expect(body).toMatch(new RegExp(`skynet_block_to_alert_last_hour_seconds\\{chain="${FOLLOWING.id}",quantile="0.95"\\} 8\\.(8|79)`));
    expect(body).toMatch(new RegExp(`skynet_chain_indexed_age_seconds\\{chain="${FAILING.id}"\\} 6\\d\\d`));
    // The follower's own series are there too (this process has counted nothing yet).
    expect(body).toContain('# TYPE skynet_rpc_calls_total counter');
    expect(body).toContain('# TYPE skynet_block_to_alert_seconds histogram');
    // A chain with no stored place has no block to report, only its zero counts.
    expect(body).not.toContain(`skynet_chain_indexed_block{chain="${NOT_STARTED.id}"}`);
    expect(body).toContain(`skynet_alerts_last_hour{chain="${NOT_STARTED.id}"} 0`);
  });

  it('answers a request straight from this machine without a token, and only then when no token is configured', async () => {
    expect((await metricsGET(metricsRequest({ 'x-forwarded-for': '127.0.0.1' }))).status).toBe(200);
    overrides.metricsToken = null;
    try {
      expect((await metricsGET(metricsRequest({ 'x-forwarded-for': '::1' }))).status).toBe(200);
      expect((await metricsGET(metricsRequest({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` }))).status).toBe(404);
    } finally {
      overrides.metricsToken = TOKEN;
    }
  });
});
