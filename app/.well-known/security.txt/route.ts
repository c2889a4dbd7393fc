import { getConfig } from '@/server/config';

/** RFC 9116 asks for an expiry under a year away; the file is generated, so it always points half a year ahead. */
const VALID_FOR_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

// SITE_URL is known at run time only, and the expiry moves with the date.
export const dynamic = 'force-dynamic';

/**
 * RFC 9116 security.txt: how to report a vulnerability, to the contact the operator configured (SECURITY_CONTACT).
 * Without one (a site on this machine only) there is no file: better none than one naming an address nobody reads.
 */
export function GET() {
  const { siteUrl, securityContact } = getConfig();
  if (!securityContact) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const expires = new Date(Math.ceil((Date.now() + VALID_FOR_DAYS * DAY_MS) / DAY_MS) * DAY_MS);
  const body = [
    `Contact: ${securityContact}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${new URL('/.well-known/security.txt', siteUrl).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } });
}
