import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';

import { safeCallbackPath } from '@/lib/callback-url';
import { buildSecurityHeaders, SVG_BADGE_CSP, type HeaderSet } from '@/lib/security-headers';
import { SIGN_IN_PATH } from '@/server/auth/edge-config';
import { getConfig, resolveAuthSecret } from '@/server/config';
import { changesState, isCrossSiteRequest } from '@/server/cross-site';

// Computed once per process: this runs on every request, the search API's among them.
let headers: { page: HeaderSet; api: HeaderSet } | null = null;
let authSecret: string | null = null;

function securityHeaders() {
  if (headers) return headers;
  const config = getConfig();
  headers = buildSecurityHeaders({
    siteUrl: config.siteUrl,
    posthogHost: config.posthog?.host ?? null,
    imageCdnUrl: config.imageCdnUrl,
    avatarBaseUrl: config.avatarBaseUrl,
    filesBaseUrl: config.filesBaseUrl,
    quoteFormEmbedUrl: config.quoteFormEmbedUrl,
    googleSignIn: Boolean(config.google),
    development: config.nodeEnv === 'development',
  });
  return headers;
}

function withHeaders<T extends Response>(response: T, set: HeaderSet): T {
  for (const [name, value] of Object.entries(set)) response.headers.set(name, value);
  return response;
}

/**
 * Runs before every response but the hashed build files (next.config.ts gives those their headers):
 * - adds the security headers (CSP, frame and sniffing rules, HSTS on https);
 * - refuses with 403 a state-changing /api request that a browser sent from another site, before it is read;
 * - gates /my/*: no session, no page. It only reads the session cookie and never writes one, so a /my request
 *   still in flight cannot undo a sign-out. Every page and action checks the user again on its own.
 */
export default async function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/')) {
    const set = securityHeaders().api;
    if (changesState(request.method) && isCrossSiteRequest(request, getConfig().siteUrl)) {
      const refusal = NextResponse.json({ error: 'Cross-site requests are not accepted.' }, { status: 403, headers: { 'cache-control': 'no-store' } });
      return withHeaders(refusal, set);
    }
    return withHeaders(NextResponse.next(), set);
  }
  // A badge is an image embedded anywhere: the API's headers with a policy that lets its inline styles apply.
  if (pathname.startsWith('/badge/')) return withHeaders(NextResponse.next(), { ...securityHeaders().api, 'content-security-policy': SVG_BADGE_CSP });
  const set = securityHeaders().page;
  if (pathname === '/my' || pathname.startsWith('/my/')) {
    authSecret ??= resolveAuthSecret();
    const token = await getToken({ req: request, secret: authSecret, secureCookie: request.nextUrl.protocol === 'https:' });
    if (!token?.sub) {
      const signIn = new URL(SIGN_IN_PATH, request.nextUrl.origin);
      signIn.searchParams.set('error', 'SessionRequired');
      signIn.searchParams.set('callbackUrl', safeCallbackPath(`${pathname}${request.nextUrl.search}`));
      return withHeaders(NextResponse.redirect(signIn), set);
    }
  }
  return withHeaders(NextResponse.next(), set);
}

export const config = {
  // Everything but Next's hashed build files, which are immutable and served most often.
  matcher: ['/((?!_next/static/).*)'],
  // Node runtime: it reads the session key that the server provides at start.
  runtime: 'nodejs',
};
