import 'server-only';

import { createHash, timingSafeEqual } from 'node:crypto';

import { getConfig } from '../config';
import { logger } from '../logger';
import { isDirectLocalRequest } from '../request-ip';
import { shortError } from './chain';
import { recordChainFigures, skynetMetricsText } from './metrics';
import { readSkynetStatus } from './status';

/** Compared as digests: equal lengths for timingSafeEqual, and no early exit that times how much of a guess was right. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request may read /metrics: straight from this machine (a Prometheus beside the server), or carrying
 * `Authorization: Bearer <METRICS_TOKEN>`. Anything through a proxy counts as remote.
 */
export function mayReadMetrics(headers: Headers, token = getConfig().metricsToken): boolean {
  if (isDirectLocalRequest(headers)) return true;
  if (!token) return false;
  const offered = /^Bearer +(\S+) *$/i.exec(headers.get('authorization') ?? '')?.[1];
  return offered !== undefined && timingSafeEqual(digest(offered), digest(token));
}

/**
 * Skynet's figures in Prometheus' text format, or null when the request may not read them (the route answers 404).
 * The per-chain gauges are read from the database first, so every instance answers the same; this process's RPC
 * counters and latency histogram come as they are.
 */
export async function readOperatorMetrics(headers: Headers): Promise<{ body: string; contentType: string } | null> {
  if (!mayReadMetrics(headers)) return null;
  try {
    recordChainFigures((await readSkynetStatus()).chains);
  } catch (error) {
    // The process's own counters are still worth a scrape when the database is not answering.
    logger.warn({ err: shortError(error) }, 'metrics: the chains could not be read from the database');
    recordChainFigures(null);
  }
  return skynetMetricsText();
}
