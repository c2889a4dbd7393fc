import 'server-only';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for a method that may change state; only these are checked for their origin. */
export const changesState = (method: string) => STATE_CHANGING_METHODS.has(method.toUpperCase());

const firstValue = (value: string | null) => value?.split(',')[0]?.trim().toLowerCase() || null;

/**
 * True when a browser sent this request from another site (SameSite=Lax cookies still travel between ports and
 * subdomains, and a no-cors POST needs no preflight). The browser's own Sec-Fetch-Site wins when present; an
 * Origin must name this host (as the client addressed it) or the configured site. A request with neither header
 * does not come from a web page (curl, server to server) and cannot carry a victim's cookies by accident.
 */
export function isCrossSiteRequest(request: Request, siteUrl: string): boolean {
  const fetchSite = firstValue(request.headers.get('sec-fetch-site'));
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return true; // "null" (sandboxed frames, data: pages) or garbage
  }
  if (from.origin === new URL(siteUrl).origin) return false;
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? firstValue(request.headers.get('host'));
  // Only the host is compared: a proxy in front may end TLS without saying so.
  return from.host.toLowerCase() !== (host ?? new URL(request.url).host.toLowerCase());
}
