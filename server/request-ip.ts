import 'server-only';

import ipaddr from 'ipaddr.js';

import { getConfig } from './config';

/**
 * What per-address limits count: an IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4 address), an IPv6
 * address by its /64, the smallest block a host is given (one host holds 2^64 addresses, so counting them one by one
 * would give it unlimited budgets). Anything unparseable is kept as text, cut short.
 */
export function addressForLimits(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}

/**
 * The client address for per-IP limits (addressForLimits). scripts/start.mjs appends the socket's address to
 * X-Forwarded-For, as a proxy does, so the last entry is the peer we can vouch for; each trusted proxy in front
 * (TRUSTED_PROXY_HOPS) vouches for one more entry to its left. Entries further left are written by the client and
 * never read. X-Real-IP is not read: anyone can send it.
 */
export function clientIp(headers: Headers): string {
  const entries = forwardedEntries(headers);
  if (entries.length === 0) return 'unknown';
  // More hops configured than entries present: the leftmost is the best we have (a proxy was skipped).
  const index = Math.max(0, entries.length - 1 - getConfig().trustedProxyHops);
  return addressForLimits(entries[index]);
}

function forwardedEntries(headers: Headers): string[] {
  return (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * True when the request came straight from this machine: the peer scripts/start.mjs saw is a loopback address and
 * nothing stands between (no forwarded entry before it, no Forwarded or X-Real-IP header a proxy would add). A proxy
 * on this machine (nginx) forwards everyone, so what passes through it is never local.
 */
export function isDirectLocalRequest(headers: Headers): boolean {
  if (headers.get('forwarded') || headers.get('x-real-ip')) return false;
  const entries = forwardedEntries(headers);
  if (entries.length !== 1 || !ipaddr.isValid(entries[0])) return false;
  return ipaddr.process(entries[0]).range() === 'loopback';
}

/** Who asked, for the user pool: the address its limits count, and whether the request came straight from this machine. */
export function requesterOf(headers: Headers): { ip: string; local: boolean } {
  return { ip: clientIp(headers), local: isDirectLocalRequest(headers) };
}
