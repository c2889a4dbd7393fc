import 'server-only';

import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

import { UserFacingError } from '@/lib/errors';
import { WEBHOOK_MESSAGES, type WebhookAddressRefusal } from '@/lib/webhooks';

/** Where a delivery may connect: the URL, and the addresses its host was checked against (no others). */
export type CheckedWebhookTarget = { url: URL; addresses: { address: string; family: 4 | 6 }[] };

const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);
/** IANA's global unicast block: every IPv6 address outside it (::/96's IPv4-compatible forms, ::/8, 4000::/2 …) is refused. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** ipaddr.js's range names, folded into the refusals a user is told about; anything but plain unicast is refused. */
function refusalOf(address: string): WebhookAddressRefusal | null {
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  if (METADATA_ADDRESSES.has(parsed.toString())) return 'metadata';
  const range = parsed.range();
  // ipaddr.js calls what it has no name for 'unicast'; for IPv6 only the global unicast block is a public endpoint.
  if (range === 'unicast' && parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(IPV6_GLOBAL_UNICAST as [ipaddr.IPv6, number])) return 'reserved';
  switch (range) {
    case 'unicast':
      return null;
    case 'loopback':
    case 'private':
    case 'linkLocal':
    case 'carrierGradeNat':
    case 'uniqueLocal':
    case 'multicast':
    case 'unspecified':
      return range;
    case 'broadcast':
      return 'multicast';
    default:
      // Documentation, benchmarking, 6to4, Teredo, NAT64 and the other special ranges: none is a public endpoint,
      // and some embed an IPv4 address that could be private.
      return 'reserved';
  }
}

const refuse = (message: string) => new UserFacingError(message, 400);

/**
 * Checks an endpoint URL before registering it and again before every delivery (DNS may answer differently by
 * then): https only, and every address its host resolves to must be public. With `allowPrivate` (tests only) plain
 * http and private addresses pass. Answers the addresses to connect to, so the request cannot be sent elsewhere by a
 * second lookup. Throws a UserFacingError (400) that says why.
 */
export async function checkWebhookTarget(rawUrl: string, options: { allowPrivate: boolean }): Promise<CheckedWebhookTarget> {
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : null;
  if (!url || !url.hostname || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw refuse(WEBHOOK_MESSAGES.urlInvalid);
  if (url.username || url.password) throw refuse(WEBHOOK_MESSAGES.urlCredentials);
  if (url.protocol !== 'https:' && !options.allowPrivate) throw refuse(WEBHOOK_MESSAGES.urlNotHttps);

  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw refuse(WEBHOOK_MESSAGES.hostUnresolved);
    }
    if (addresses.length === 0) throw refuse(WEBHOOK_MESSAGES.hostUnresolved);
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const refusal = refusalOf(address);
      if (refusal) throw refuse(WEBHOOK_MESSAGES.addressRefused[refusal]);
    }
  }
  return { url, addresses: addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 })) };
}
