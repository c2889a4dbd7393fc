import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { FIRST_ADMIN } from './tests/e2e/support/first-admin-account';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
const dataDir = path.join(os.tmpdir(), `sentinel-e2e-${process.pid}`);
// A second app with the portfolio flag off (tests/e2e/support/servers.ts), in a data folder of its own.
const FLAGS_OFF_PORT = PORT + 2;
const flagsOffDataDir = path.join(os.tmpdir(), `sentinel-e2e-flags-off-${process.pid}`);
const MAIL_SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 2525);
const MAIL_HTTP_PORT = Number(process.env.MAIL_CATCHER_HTTP_PORT ?? 3211);


export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    // Signs the shared member in once and saves the state (tests/e2e/auth.setup.ts); desktop specs opt in to it.
    { name: 'setup', testMatch: /auth\.setup\.ts/, use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
    {
      name: 'desktop',
      testIgnore: [/.*\.mobile\.spec\.ts/, /cluster\.spec\.ts/, /staff\.spec\.ts/],
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions: chromiumLaunchOptions },
    },
    // The staff console: its first admin enrols once (tests/e2e/staff.setup.ts), and only the staff tests wait on that.
    { name: 'staff-setup', testMatch: /staff\.setup\.ts/, use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
    {
      name: 'staff',
      testMatch: /staff\.spec\.ts/,
      dependencies: ['staff-setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions: chromiumLaunchOptions },
    },
    { name: 'phone', testMatch: /.*\.mobile\.spec\.ts/, use: { ...devices['Pixel 7'], launchOptions: chromiumLaunchOptions } },
    // Issue #17: the cluster (scripts/cluster.mjs) on a PostgreSQL and a Redis of its own, one test after another.
    { name: 'cluster', testMatch: /cluster\.spec\.ts/, fullyParallel: false, use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } },
  ],
  // A real SMTP server that catches the app's mail, and the production build on the embedded defaults in a data
  // folder of its own, sending its mail there.
  webServer: [
    {
      command: 'node scripts/mail-catcher.mjs',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { MAIL_CATCHER_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_CATCHER_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      // Skynet: a local chain's activity is indexed into the data folder before the server opens it. The staff
      // console's first admin is made as an operator makes one on the embedded database, while the server is
      // stopped: an account (signed up and confirmed through the user pool), then `npm run staff -- add`.
      command: [
        `rm -rf ${dataDir}`,
        'node --conditions=react-server --import tsx tests/e2e/support/skynet-chain.ts',
        'node --conditions=react-server --import tsx tests/e2e/support/first-admin.ts',
        `npm run staff -- add ${FIRST_ADMIN.email} --role admin`,
        'node scripts/start.mjs',
      ].join(' && '),
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SITE_URL: baseURL,
        SECURITY_CONTACT: 'mailto:security@shield.example',
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        MAIL_FROM: 'Sentinel Shield <no-reply@example.com>',
        FEATURE_FLAGS: 'extendedUserSetting,portfolio',
        LOG_LEVEL: 'warn',
        DEV_MAILBOX: '',
        RPC_URL: '',
        EXPLORER_URL: 'https://explorer.example',
        // tests/e2e/alert-delivery.spec.ts receives webhooks on loopback.
        WEBHOOK_ALLOW_PRIVATE: '1',
        // The test runner plays the proxy: each test's X-Forwarded-For gives it a rate-limit budget of its own.
        // The second server trusts no proxy, as a default install does (tests/e2e/client-ip.spec.ts).
        TRUSTED_PROXY_HOPS: '1',
      },
    },
    {
      command: `rm -rf ${flagsOffDataDir} && node scripts/start.mjs`,
      url: `http://localhost:${FLAGS_OFF_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      env: {
        PORT: String(FLAGS_OFF_PORT),
        DATA_DIR: flagsOffDataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SITE_URL: `http://localhost:${FLAGS_OFF_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        MAIL_FROM: 'Sentinel Shield <no-reply@example.com>',
        FEATURE_FLAGS: 'extendedUserSetting,!portfolio',
        LOG_LEVEL: 'warn',
        // tests/e2e/dev-mailbox.spec.ts: the outbox opens to this machine only, never through a proxy.
        DEV_MAILBOX: '1',
        RPC_URL: '',
      },
    },
  ],
});
