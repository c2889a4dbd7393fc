import 'server-only';

import { getConfig } from './config';

/**
 * The client address for per-IP limits. scripts/start.mjs appends the socket's address to X-Forwarded-For, as a
 * proxy does, so the last entry is the peer we can vouch for; each trusted proxy in front (TRUSTED_PROXY_HOPS)
 * vouches for one more entry to its left. Entries further left are written by the client and never read.
 * X-Real-IP is not read: anyone can send it.
 */
export function clientIp(headers: Headers): string {
  const entries = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'unknown';
  // More hops configured than entries present: the leftmost is the best we have (a proxy was skipped).
  const index = Math.max(0, entries.length - 1 - getConfig().trustedProxyHops);
  return entries[index].slice(0, 64);
}
