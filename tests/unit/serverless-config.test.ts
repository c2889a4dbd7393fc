import { describe, expect, it } from 'vitest';

import { ConfigError, parseConfig, serverlessPlatform } from '@/server/config';

/** What a serverless deployment must bring: shared database, Redis, session key and the two buckets. */
const EXTERNAL = {
  DATABASE_URL: 'postgres://app@db.example:5432/app',
  REDIS_URL: 'rediss://cache.example:6380',
  AUTH_SECRET: 'a-session-secret-of-at-least-32-characters',
  AVATAR_BASE_URL: 'https://avatars.example.com',
  FILES_BASE_URL: 'https://files.example.com',
};

/** The ConfigError parseConfig throws for env; fails the test when it does not throw one. */
function refusalOf(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('serverlessPlatform', () => {
  it.each([
    [{ VERCEL: '1' }, 'Vercel'],
    [{ AWS_LAMBDA_FUNCTION_NAME: 'site' }, 'AWS Lambda'],
    [{ NETLIFY: 'true', AWS_LAMBDA_FUNCTION_NAME: '___netlify-server-handler' }, 'Netlify'],
    [{ FUNCTIONS_WORKER_RUNTIME: 'node' }, 'Azure Functions'],
  ])('names the platform from %j', (env, platform) => {
    expect(serverlessPlatform(env)).toBe(platform);
  });

  it('sees none on a plain host, nor on Cloud Run, which runs our container as any container host does', () => {
    expect(serverlessPlatform({})).toBeNull();
    expect(parseConfig({ K_SERVICE: 'sentinel', K_REVISION: 'sentinel-00001' }).serverless).toBeNull();
  });
});

describe('on a serverless platform', () => {
  it('refuses the embedded database, naming DATABASE_URL and the platform', () => {
    const message = refusalOf({ ...EXTERNAL, DATABASE_URL: undefined, VERCEL: '1' });
    expect(message).toMatch(/^- DATABASE_URL: is required on Vercel: the embedded database lives in one process's DATA_DIR/m);
    expect(message.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(1);
  });

  it('refuses uploads stored under DATA_DIR, naming each bucket variable', () => {
    const message = refusalOf({ ...EXTERNAL, AVATAR_BASE_URL: '', FILES_BASE_URL: '', AWS_LAMBDA_FUNCTION_NAME: 'site' });
    expect(message).toMatch(/^- AVATAR_BASE_URL: is required on AWS Lambda: avatars would otherwise be written under DATA_DIR/m);
    expect(message).toMatch(/^- FILES_BASE_URL: is required on AWS Lambda: staff uploads would otherwise be written under DATA_DIR/m);
  });

  it('refuses in-process rate limits and a generated session key', () => {
    const message = refusalOf({ ...EXTERNAL, REDIS_URL: undefined, AUTH_SECRET: undefined, FUNCTIONS_WORKER_RUNTIME: 'node' });
    expect(message).toMatch(/^- REDIS_URL: is required on Azure Functions/m);
    expect(message).toMatch(/^- AUTH_SECRET: is required on Azure Functions: a session key generated into DATA_DIR would differ/m);
  });

  it('starts with everything external, its background work off by default', () => {
    const config = parseConfig({ ...EXTERNAL, VERCEL: '1' });
    expect(config).toMatchObject({ serverless: 'Vercel', backgroundWorkers: false, databaseUrl: EXTERNAL.DATABASE_URL });
  });

  it('refuses BACKGROUND_WORKERS=on, since a frozen function would stop a loop mid-send', () => {
    expect(refusalOf({ ...EXTERNAL, VERCEL: '1', BACKGROUND_WORKERS: 'on' })).toMatch(/^- BACKGROUND_WORKERS: must be off on Vercel/m);
  });

  it('lets `next build` run there on its throwaway embedded copy', () => {
    expect(parseConfig({ VERCEL: '1', NEXT_PHASE: 'phase-production-build' }).serverless).toBe('Vercel');
  });
});

describe('BACKGROUND_WORKERS', () => {
  it('is on by default on a Node or container host', () => {
    expect(parseConfig({}).backgroundWorkers).toBe(true);
    expect(parseConfig({ DATABASE_URL: EXTERNAL.DATABASE_URL }).backgroundWorkers).toBe(true);
  });

  it('turns off on PostgreSQL, where `npm run worker` can run the work', () => {
    expect(parseConfig({ DATABASE_URL: EXTERNAL.DATABASE_URL, BACKGROUND_WORKERS: ' OFF ' }).backgroundWorkers).toBe(false);
  });

  it('is refused off on the embedded database, where no other process could run the work', () => {
    expect(refusalOf({ BACKGROUND_WORKERS: 'off' })).toMatch(/^- BACKGROUND_WORKERS: off needs DATABASE_URL/m);
  });

  it('accepts only on or off', () => {
    expect(refusalOf({ DATABASE_URL: EXTERNAL.DATABASE_URL, BACKGROUND_WORKERS: 'no' })).toMatch(/^- BACKGROUND_WORKERS: must be on or off/m);
  });
});
