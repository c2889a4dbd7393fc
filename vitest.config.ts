import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);
const alias = {
  '@': root,
  // next-auth imports Next's entry points without extensions, which Node's ESM resolver refuses outside Next.
  'next/server': 'next/server.js',
  'next/headers': 'next/headers.js',
  'next/navigation': 'next/navigation.js',
  'next/cache': 'next/cache.js',
  // The marker package throws outside React's server bundles; tests import server code directly.
  'server-only': path.join(root, 'tests/setup/server-only.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      // Rules, schemas and the HTTP client run in plain Node; only component tests (.tsx) pay for a jsdom page,
      // whose set-up costs about a second per file.
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/integration-template.ts'],
          setupFiles: ['tests/setup/integration.ts'],
          // Each file migrates and seeds its own database, which takes a while on a busy 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          server: { deps: { inline: ['next-auth', '@auth/core'] } },
          // Each file gets its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
