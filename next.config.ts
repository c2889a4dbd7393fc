import path from 'node:path';

import type { NextConfig } from 'next';

import { SERVER_ACTION_MAX_BYTES } from './lib/body-limits.mjs';
import { CONSTANT_SECURITY_HEADERS, NOTHING_LOADS_CSP } from './lib/security-headers';
import { STAFF_UPLOAD_MAX_BYTES } from './lib/staff-files';

const nextConfig: NextConfig = {
  output: 'standalone',
  poweredByHeader: false,
  // proxyClientMaxBodySize: the middleware buffers each request body for itself and, past this size, silently hands
  // the route only the first part: a 20 MB report PDF would be stored cut short. One byte over the largest upload
  // lets the route see that a body is too large and refuse it (413) instead. It is one size for every path, but only
  // the staff upload gets a body that large this far: the HTTP front (scripts/front.mjs) caps every other path first,
  // at its own limit (lib/body-limits.mjs), with a 413 before the body is read.
  // serverActions.bodySizeLimit: Next's default (1 MB), but from the same table as the front's cap on page paths
  // (where actions are posted), so raising it there raises that cap too.
  // preloadEntriesOnStart off: Next would otherwise load every route's code (the staff console's too) at start,
  // before the first answer and into memory whether visited or not; each route now loads on its first request.
  experimental: {
    proxyClientMaxBodySize: STAFF_UPLOAD_MAX_BYTES + 1,
    serverActions: { bodySizeLimit: SERVER_ACTION_MAX_BYTES },
    preloadEntriesOnStart: false,
  },
  // Cached pages are rendered again once they are older than this, and no stale copy is served meanwhile: without
  // it Next adds `stale-while-revalidate` to their Cache-Control, and Chromium then keeps a background
  // revalidation of each prefetched segment open, so pages linking to `/` never go network-idle.
  expireTime: 60,
  // Cached data and pages live in Redis when REDIS_URL is set, so every instance serves what any one revalidated;
  // otherwise in this process's memory (server/next-cache-handler.mjs decides at start).
  cacheHandler: path.resolve('server/next-cache-handler.mjs'),
  // Types are checked by `npm run typecheck` (part of `npm test`) across the whole tree, tests included;
  // the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Native and WASM packages are loaded from node_modules at run time, never bundled; so are the rate limiter and
  // its Redis client, whose one store per process is shared by every bundle (server/rate-limit.ts).
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pino', 'pino-pretty', 'rate-limiter-flexible', 'ioredis', '@fortedigital/nextjs-cache-handler', 'prom-client'],
  // Files read from disk at run time must travel with the standalone output; the database folder never does. The
  // body caps go too: scripts/start.mjs reads them from there for the front.
  outputFileTracingIncludes: {
    '/**': ['./server/db/migrations/**/*', './content/**/*', './lib/body-limits.mjs'],
  },
  outputFileTracingExcludes: {
    '/**': ['./data/**/*', './tests/**/*', './.git/**/*'],
  },
  // The middleware adds the security headers to every response but the hashed build files, which skip it (they
  // are requested most and load nothing); theirs are constant. Strict-Transport-Security, known only at run time,
  // comes with every page.
  async headers() {
    return [
      {
        source: '/_next/static/:path*',
        headers: Object.entries({ 'content-security-policy': NOTHING_LOADS_CSP, ...CONSTANT_SECURITY_HEADERS }).map(([key, value]) => ({ key, value })),
      },
    ];
  },
  // With an image CDN configured (at build time), logos load from it with auto=format, fit=max, w and q;
  // otherwise Next's own optimizer serves the local files.
  ...(process.env.IMAGE_CDN_URL
    ? { env: { IMAGE_CDN_URL: process.env.IMAGE_CDN_URL }, images: { loader: 'custom' as const, loaderFile: './lib/image-loader.ts' } }
    : // Next's optimizer sets its own policy on the images it serves (replacing the middleware's): one that loads nothing.
      { images: { contentSecurityPolicy: `${NOTHING_LOADS_CSP}; sandbox` } }),
};

export default nextConfig;
