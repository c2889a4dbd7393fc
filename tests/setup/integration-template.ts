import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded database each test file starts from a copy of (tests/setup/integration.ts). */
    databaseTemplate: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; database: string };
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** Migrates and seeds a database in a child process, as the server would at its first start. */
function prepareIn(env: Record<string, string>): void {
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'tests/setup/prepare-template.ts'], {
    cwd: root,
    env: { ...process.env, AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * Creating a database, migrating and seeding it takes seconds per test file (most of it PGlite's first start on an
 * empty folder); every file then starts from a copy of one prepared template instead, and its own set-up still runs
 * the migrations and the seed on the copy (both find nothing to do but check).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL || null;
  if (serverUrl) {
    const database = `sentinel_template_${randomBytes(6).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    prepareIn({ DATABASE_URL: url.toString() });
    project.provide('databaseTemplate', { kind: 'postgres', database });
    return async () => {
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-test-template-'));
  prepareIn({ DATABASE_URL: '', DATA_DIR: dataDir });
  project.provide('databaseTemplate', { kind: 'pglite', dataDir });
  return async () => fs.rmSync(dataDir, { recursive: true, force: true });
}
