import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ConfigError, parseConfig, resolveAuthSecret } from '@/server/config';

const LONG_SECRET = 'a-session-secret-of-at-least-32-characters';

/** The ConfigError parseConfig throws for env; fails the test when it does not throw one. */
function refusalOf(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('parseConfig', () => {
  describe('with an empty environment', () => {
    it('listens on port 3000', () => {
      expect(parseConfig({}).port).toBe(3000);
    });

    it('keeps its data in an absolute ./data folder', () => {
      const { dataDir } = parseConfig({});
      expect(path.isAbsolute(dataDir)).toBe(true);
      expect(dataDir).toBe(path.resolve('data'));
      expect(dataDir.endsWith(`${path.sep}data`)).toBe(true);
    });

    it('turns on the extendedUserSetting flag only', () => {
      expect(parseConfig({}).featureFlags).toEqual(['extendedUserSetting']);
    });

    it('leaves analytics, PostgreSQL, Redis, Google sign-in and the announcement off', () => {
      expect(parseConfig({})).toMatchObject({
        posthog: null,
        databaseUrl: null,
        redisUrl: null,
        authSecret: null,
        google: null,
        announcement: null,
        siteUrl: 'http://localhost:3000',
      });
    });
  });

  it('treats empty strings as unset', () => {
    const config = parseConfig({
      PORT: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      AUTH_SECRET: '',
      REDIS_URL: ' ',
      FEATURE_FLAGS: '',
      NEXT_PUBLIC_POSTHOG_KEY: '',
      AUTH_GOOGLE_ID: '',
      ANNOUNCEMENT_LINK: '',
    });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('data'),
      databaseUrl: null,
      authSecret: null,
      redisUrl: null,
      featureFlags: ['extendedUserSetting'],
      posthog: null,
      google: null,
    });
  });

  it('reads valid values', () => {
    const config = parseConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/sentinel',
      DATABASE_URL: 'postgres://app@db:5432/app',
      REDIS_URL: 'rediss://cache:6380',
      FEATURE_FLAGS: 'portfolio,extendedUserSetting',
      NEXT_PUBLIC_POSTHOG_KEY: 'phc_key',
      AUTH_SECRET: LONG_SECRET,
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/sentinel',
      databaseUrl: 'postgres://app@db:5432/app',
      redisUrl: 'rediss://cache:6380',
      featureFlags: ['portfolio', 'extendedUserSetting'],
      posthog: { key: 'phc_key', host: 'https://us.i.posthog.com' },
      authSecret: LONG_SECRET,
      siteUrl: 'http://localhost:8080',
    });
  });

  it('reads !name in FEATURE_FLAGS as a flag turned off for everyone', () => {
    expect(parseConfig({ FEATURE_FLAGS: 'extendedUserSetting,!portfolio' }).featureFlags).toEqual(['extendedUserSetting', '!portfolio']);
  });

  describe('refuses, naming the variable,', () => {
    it.each(['abc', '70000', '0', '3.5'])('a PORT of %s', (port) => {
      expect(refusalOf({ PORT: port }).message).toMatch(/^- PORT: /m);
    });

    it.each(['mysql://app@db/app', 'not a url', 'http://db:5432/app'])('a DATABASE_URL of %s', (url) => {
      expect(refusalOf({ DATABASE_URL: url }).message).toMatch(/^- DATABASE_URL: /m);
    });

    it('a REDIS_URL with a scheme other than redis or rediss', () => {
      expect(refusalOf({ REDIS_URL: 'http://cache:6379' }).message).toMatch(/^- REDIS_URL: /m);
    });

    it.each(['portfolio, extendedUserSetting', 'port folio', 'portfolio;beta', 'portfolio,', 'a,,b', 'a!b'])(
      'a FEATURE_FLAGS list of "%s"',
      (flags) => {
        expect(refusalOf({ FEATURE_FLAGS: flags }).message).toMatch(/^- FEATURE_FLAGS: must be a comma-separated list of flag names/m);
      },
    );

    it('an AUTH_SECRET shorter than 32 characters', () => {
      expect(refusalOf({ AUTH_SECRET: 'too-short' }).message).toMatch(/^- AUTH_SECRET: must be at least 32 characters/m);
    });

    it('a production server on PostgreSQL without AUTH_SECRET', () => {
      const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://app@db/app', SMTP_URL: 'smtp://mail.example:587' };
      expect(refusalOf(env).message).toMatch(/^- AUTH_SECRET: is required in production with DATABASE_URL/m);
      expect(parseConfig({ ...env, AUTH_SECRET: LONG_SECRET }).isProduction).toBe(true);
    });

    it('a production start of a public site on plain http, or without a security contact (#42)', () => {
      const message = refusalOf({ NODE_ENV: 'production', SITE_URL: 'http://shield.example' }).message;
      expect(message).toMatch(/^- SITE_URL: must be an https:\/\/ URL in production/m);
      expect(message).toMatch(/^- SECURITY_CONTACT: is required in production/m);
      const site = parseConfig({ NODE_ENV: 'production', SITE_URL: 'https://shield.example', SECURITY_CONTACT: 'mailto:security@shield.example' });
      expect(site.securityContact).toBe('mailto:security@shield.example');
      expect(refusalOf({ SECURITY_CONTACT: 'security@shield.example' }).message).toMatch(/^- SECURITY_CONTACT: must be a mailto: address or an https:\/\/ URL/m);
    });

    it.each(['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', undefined])('nothing more of a production start on this machine only (SITE_URL %s)', (siteUrl) => {
      const config = parseConfig({ NODE_ENV: 'production', ...(siteUrl ? { SITE_URL: siteUrl } : {}) });
      expect(config.isProduction).toBe(true);
      expect(config.securityContact).toBeNull();
    });

    it('AUTH_GOOGLE_ID without AUTH_GOOGLE_SECRET', () => {
      const message = refusalOf({ AUTH_GOOGLE_ID: 'client-id' }).message;
      expect(message).toContain('AUTH_GOOGLE_ID');
      expect(message).toContain('AUTH_GOOGLE_SECRET');
      expect(parseConfig({ AUTH_GOOGLE_ID: 'client-id', AUTH_GOOGLE_SECRET: 'shh' }).google).toEqual({ id: 'client-id', secret: 'shh' });
    });

    it('ANNOUNCEMENT_LINK without ANNOUNCEMENT_LINK_TEXT', () => {
      const env = { ANNOUNCEMENT_CONTENT: 'Audit season', ANNOUNCEMENT_LINK: '/resources/blog' };
      expect(refusalOf(env).message).toMatch(/^- ANNOUNCEMENT_LINK: /m);
      expect(parseConfig({ ...env, ANNOUNCEMENT_LINK_TEXT: 'Read more' }).announcement).toEqual({
        content: 'Audit season',
        linkText: 'Read more',
        link: '/resources/blog',
      });
    });

    it('every bad variable at once', () => {
      const message = refusalOf({ PORT: 'abc', REDIS_URL: 'http://cache' }).message;
      expect(message).toMatch(/^- PORT: /m);
      expect(message).toMatch(/^- REDIS_URL: /m);
    });
  });
});

describe('resolveAuthSecret', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-config-')), 'data');
  });

  afterEach(() => {
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('generates a secret into DATA_DIR once and returns the same one afterwards', () => {
    const config = parseConfig({ DATA_DIR: dataDir });

    const first = resolveAuthSecret(config);

    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe(first);
    expect(resolveAuthSecret(config)).toBe(first);
    expect(resolveAuthSecret(parseConfig({ DATA_DIR: dataDir }))).toBe(first);
  });

  it('generates a different secret for a different DATA_DIR', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-config-'));
    try {
      expect(resolveAuthSecret(parseConfig({ DATA_DIR: dataDir }))).not.toBe(resolveAuthSecret(parseConfig({ DATA_DIR: other })));
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('returns AUTH_SECRET when it is set, writing nothing', () => {
    const config = parseConfig({ DATA_DIR: dataDir, AUTH_SECRET: LONG_SECRET });

    expect(resolveAuthSecret(config)).toBe(LONG_SECRET);
    expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(false);
  });
});
