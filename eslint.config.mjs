import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // zod comes through lib/zod.ts, which makes the browser's no-eval setting before any schema exists (see there).
    files: ['app/**', 'components/**', 'lib/**', 'actions/**', 'server/**'],
    ignores: ['lib/zod.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import { z } from '@/lib/zod'." }] }] },
  },
  globalIgnores(['.next/**', 'node_modules/**', 'data/**', 'public/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'server/db/migrations/**']),
]);
