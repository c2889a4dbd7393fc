/**
 * The security headers of every response. Pages get a Content-Security-Policy built from the run-time
 * configuration (PostHog, image CDN, avatar and staff-file buckets, quote form); API replies and static files load
 * nothing, so theirs allows nothing. This file has no imports: next.config.ts reads it too.
 */

export type SecurityHeaderInput = {
  siteUrl: string;
  /** PostHog's API host, only when PostHog is configured. */
  posthogHost: string | null;
  imageCdnUrl: string | null;
  avatarBaseUrl: string | null;
  /** The bucket of staff uploads (FILES_BASE_URL): project logos are shown from it. */
  filesBaseUrl?: string | null;
  quoteFormEmbedUrl: string | null;
  /** Google sign-in configured: its profile pictures are shown as avatars. */
  googleSignIn: boolean;
  /** `next dev`: React's debugging needs eval. */
  development: boolean;
};

export type HeaderSet = Record<string, string>;

/** Features the site never uses, switched off for it and for anything it embeds. */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()';

/** For responses that load nothing (JSON, images, scripts, styles, fonts); Auth.js's plain sign-out page still posts to itself. */
export const NOTHING_LOADS_CSP = "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** For the embeddable SVG badges (/badge/*.svg): their own inline styles, and nothing else, not even a script. */
export const SVG_BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The headers that never depend on configuration. */
export const CONSTANT_SECURITY_HEADERS: HeaderSet = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

const originOf = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** PostHog's own cloud serves its extension scripts from a region's assets host; a proxy serves all from itself. */
function posthogOrigins(host: string | null): string[] {
  const origin = originOf(host);
  if (!origin) return [];
  const region = /^https:\/\/(app|us|us-assets)(\.i)?\.posthog\.com$/i.test(origin)
    ? 'us'
    : /^https:\/\/(eu|eu-assets)(\.i)?\.posthog\.com$/i.test(origin)
      ? 'eu'
      : null;
  return region ? [...new Set([origin, `https://${region}.i.posthog.com`, `https://${region}-assets.i.posthog.com`])] : [origin];
}

const list = (...sources: (string | null | false)[]) => [...new Set(sources.filter((source): source is string => Boolean(source)))].join(' ');

/** The pages' policy: own code (Next's inline RSC scripts need 'unsafe-inline': nonces would make every page dynamic). */
export function pageContentSecurityPolicy(input: SecurityHeaderInput): string {
  const https = originOf(input.siteUrl)?.startsWith('https:') ?? false;
  const posthog = posthogOrigins(input.posthogHost);
  const directives = [
    "default-src 'self'",
    `script-src ${list("'self'", "'unsafe-inline'", input.development && "'unsafe-eval'", ...posthog)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', originOf(input.imageCdnUrl), originOf(input.avatarBaseUrl), originOf(input.filesBaseUrl ?? null), input.googleSignIn && 'https://*.googleusercontent.com')}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", ...posthog)}`,
    `frame-src ${originOf(input.quoteFormEmbedUrl) ?? "'none'"}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    https && 'upgrade-insecure-requests',
  ];
  return directives.filter(Boolean).join('; ');
}

/** The headers of pages and of API replies for one configuration; computed once per process by the caller. */
export function buildSecurityHeaders(input: SecurityHeaderInput): { page: HeaderSet; api: HeaderSet } {
  const transport: HeaderSet = originOf(input.siteUrl)?.startsWith('https:')
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
  return {
    page: { 'content-security-policy': pageContentSecurityPolicy(input), ...CONSTANT_SECURITY_HEADERS, ...transport },
    api: { 'content-security-policy': NOTHING_LOADS_CSP, ...CONSTANT_SECURITY_HEADERS, ...transport },
  };
}
