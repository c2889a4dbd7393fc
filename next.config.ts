import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  output: 'standalone',
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (part of `npm test`) across the whole tree, tests included;
  // the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Native and WASM packages are loaded from node_modules at run time, never bundled.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pino', 'pino-pretty'],
  // Files read from disk at run time must travel with the standalone output; the database folder never does.
  outputFileTracingIncludes: {
    '/**': ['./server/db/migrations/**/*', './content/**/*'],
  },
  outputFileTracingExcludes: {
    '/**': ['./data/**/*', './tests/**/*', './.git/**/*'],
  },
  images: {
    remotePatterns: [],
  },
};

export default nextConfig;
