import 'server-only';

import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Skynet's figures for operators, in Prometheus' format (prom-client): per chain, the head seen, the block indexed
 * and the lag between them, JSON-RPC calls by method and their errors, and how long an alert took from its block's
 * time to the in-site notification. One registry per process, kept on globalThis so every bundle of the server
 * (route handlers, instrumentation) counts into the same one.
 */
function createSkynetMetrics() {
  const registry = new Registry();
  const labelNames = ['chain'] as const;
  return {
    registry,
    head: new Gauge({ name: 'skynet_chain_head_block', help: 'The newest block the chain endpoint reported.', labelNames, registers: [registry] }),
    indexed: new Gauge({ name: 'skynet_chain_indexed_block', help: 'The last block whose facts are stored for every live contract.', labelNames, registers: [registry] }),
    lag: new Gauge({ name: 'skynet_chain_lag_blocks', help: 'Head minus indexed block.', labelNames, registers: [registry] }),
    watched: new Gauge({ name: 'skynet_chain_watched_contracts', help: 'Watched contracts the head follower hands facts to.', labelNames, registers: [registry] }),
    rpcCalls: new Counter({ name: 'skynet_rpc_calls_total', help: 'JSON-RPC calls sent, by method.', labelNames: ['chain', 'method'], registers: [registry] }),
    rpcErrors: new Counter({ name: 'skynet_rpc_errors_total', help: 'JSON-RPC calls that failed (an error answer, a timeout, no connection), by method.', labelNames: ['chain', 'method'], registers: [registry] }),
    blocks: new Counter({ name: 'skynet_blocks_read_total', help: 'Blocks read by the head follower.', labelNames, registers: [registry] }),
    reorgs: new Counter({ name: 'skynet_reorgs_total', help: 'Reorgs found by parent hash and rolled back.', labelNames, registers: [registry] }),
    blockToAlert: new Histogram({
      name: 'skynet_block_to_alert_seconds',
      help: "From the block's timestamp to the alert's in-site notification.",
      labelNames,
      buckets: [0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
  };
}

type SkynetMetrics = ReturnType<typeof createSkynetMetrics>;
const holder = globalThis as typeof globalThis & { __skynetMetrics?: SkynetMetrics };

export function skynetMetrics(): SkynetMetrics {
  holder.__skynetMetrics ??= createSkynetMetrics();
  return holder.__skynetMetrics;
}

/** The figures as Prometheus' text format, with its content type. */
export async function skynetMetricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = skynetMetrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/** What the database says of a chain at a scrape (server/skynet/status.ts), the same whichever process is asked. */
export type ChainFigures = {
  id: number;
  headBlock: number | null;
  indexedBlock: number | null;
  watchedContracts: number;
  secondsSinceIndexed: number | null;
  alertsLastHour: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
};

/**
 * Figures only the database knows, registered beside the follower's: how long since a chain's last block was stored
 * (a stopped follower stops counting, so its gauges alone would look healthy), and the last hour's alerts with their
 * block-to-alert p50 and p95 over every process's alerts (the histogram counts this process's only).
 */
function createStatusGauges(registry: Registry) {
  const labelNames = ['chain'] as const;
  return {
    indexedAge: new Gauge({ name: 'skynet_chain_indexed_age_seconds', help: 'Seconds since the last block was stored (from the database).', labelNames, registers: [registry] }),
    contracts: new Gauge({ name: 'skynet_chain_contracts', help: 'Contracts watched on the chain, those still in their history lane included (from the database).', labelNames, registers: [registry] }),
    alertsLastHour: new Gauge({ name: 'skynet_alerts_last_hour', help: 'Automatic alerts published in the last hour (from the database).', labelNames, registers: [registry] }),
    blockToAlertLastHour: new Gauge({
      name: 'skynet_block_to_alert_last_hour_seconds',
      help: "Block-to-alert seconds of the last hour's automatic alerts, by quantile (from the database).",
      labelNames: ['chain', 'quantile'],
      registers: [registry],
    }),
  };
}

type StatusGauges = ReturnType<typeof createStatusGauges>;
const statusHolder = globalThis as typeof globalThis & { __skynetStatusGauges?: StatusGauges };

function statusGauges(): StatusGauges {
  statusHolder.__skynetStatusGauges ??= createStatusGauges(skynetMetrics().registry);
  return statusHolder.__skynetStatusGauges;
}

/**
 * Sets the per-chain gauges from the database before a scrape, so every process (a web server with no follower
 * among them) answers the same head, indexed block and lag; null (the database did not answer) drops the
 * database-only series rather than repeat old values, and leaves the follower's as this process has them.
 */
export function recordChainFigures(chains: ChainFigures[] | null): void {
  const metrics = skynetMetrics();
  const status = statusGauges();
  for (const gauge of Object.values(status)) gauge.reset();
  if (!chains) return;
  // The follower's own gauges are overwritten with what it stored: a web server without a follower answers them too.
  for (const gauge of [metrics.head, metrics.indexed, metrics.lag]) gauge.reset();
  for (const chain of chains) {
    const labels = { chain: String(chain.id) };
    status.contracts.set(labels, chain.watchedContracts);
    status.alertsLastHour.set(labels, chain.alertsLastHour);
    if (chain.headBlock !== null) metrics.head.set(labels, chain.headBlock);
    if (chain.indexedBlock !== null) metrics.indexed.set(labels, chain.indexedBlock);
    if (chain.headBlock !== null && chain.indexedBlock !== null) metrics.lag.set(labels, Math.max(0, chain.headBlock - chain.indexedBlock));
    if (chain.secondsSinceIndexed !== null) status.indexedAge.set(labels, chain.secondsSinceIndexed);
    if (chain.p50Seconds !== null) status.blockToAlertLastHour.set({ ...labels, quantile: '0.5' }, chain.p50Seconds);
    if (chain.p95Seconds !== null) status.blockToAlertLastHour.set({ ...labels, quantile: '0.95' }, chain.p95Seconds);
  }
}
