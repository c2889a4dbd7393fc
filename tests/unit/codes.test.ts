import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { CODE_POLICY, generateCode, judgeCode } from '@/server/auth/codes';

const SECRET_A = 'unit-secret-a-unit-secret-a-unit-secret-a';
const SECRET_B = 'unit-secret-b-unit-secret-b-unit-secret-b';

const HEX = 'a'.repeat(64);
const OTHER_HEX = 'b'.repeat(64);
const NOW = new Date('2025-01-01T12:00:00Z');
const LATER = new Date(NOW.getTime() + 60_000);

const stored = (overrides: Partial<{ codeHash: string; expiresAt: Date; attempts: number; consumedAt: Date | null }> = {}) => ({
  codeHash: HEX,
  expiresAt: LATER,
  attempts: 0,
  consumedAt: null,
  ...overrides,
});

describe('judgeCode', () => {
  it('is ok for the right, fresh, unspent code', () => {
    expect(judgeCode(stored(), HEX, 5, NOW)).toBe('ok');
  });

  it('is a mismatch for a wrong code', () => {
    expect(judgeCode(stored(), OTHER_HEX, 5, NOW)).toBe('CodeMismatchException');
  });

  it('is a mismatch for a presented hash of another length, without throwing', () => {
    expect(judgeCode(stored(), 'abcd', 5, NOW)).toBe('CodeMismatchException');
    expect(judgeCode(stored(), '', 5, NOW)).toBe('CodeMismatchException');
  });

  it('is expired once the expiry time is reached', () => {
    expect(judgeCode(stored({ expiresAt: NOW }), HEX, 5, NOW)).toBe('ExpiredCodeException');
    expect(judgeCode(stored({ expiresAt: new Date(NOW.getTime() - 1) }), HEX, 5, NOW)).toBe('ExpiredCodeException');
    expect(judgeCode(stored({ expiresAt: new Date(NOW.getTime() + 1) }), HEX, 5, NOW)).toBe('ok');
  });

  it('refuses a consumed code even when it is right', () => {
    expect(judgeCode(stored({ consumedAt: new Date(NOW.getTime() - 1000) }), HEX, 5, NOW)).toBe('ExpiredCodeException');
  });

  it('refuses the right code after too many wrong attempts', () => {
    expect(judgeCode(stored({ attempts: 4 }), HEX, 5, NOW)).toBe('ok');
    expect(judgeCode(stored({ attempts: 5 }), HEX, 5, NOW)).toBe('ExpiredCodeException');
    expect(judgeCode(stored({ attempts: 9 }), HEX, 5, NOW)).toBe('ExpiredCodeException');
  });

  it('refuses when there is no stored code', () => {
    expect(judgeCode(undefined, HEX, 5, NOW)).toBe('ExpiredCodeException');
  });
});

describe('CODE_POLICY', () => {
  it('lets confirmation codes live at most 24 h and reset codes at most 1 h, each with a bounded number of tries', () => {
    expect(CODE_POLICY['confirm-signup'].ttlMs).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(CODE_POLICY['reset-password'].ttlMs).toBeLessThanOrEqual(60 * 60 * 1000);
    for (const policy of Object.values(CODE_POLICY)) {
      expect(policy.maxAttempts).toBeGreaterThan(0);
      expect(policy.maxAttempts).toBeLessThanOrEqual(10);
    }
  });
});

describe('generateCode', () => {
  it('gives 6-digit strings, leading zeros included, spread over the whole range', () => {
    const samples = Array.from({ length: 20_000 }, () => generateCode());
    for (const code of samples) {
      expect(typeof code).toBe('string');
      expect(code).toMatch(/^\d{6}$/);
    }
    // About 10% of uniform codes start with 0 (2,000 expected here).
    const leadingZero = samples.filter((code) => code.startsWith('0')).length;
    expect(leadingZero).toBeGreaterThan(1_500);
    expect(leadingZero).toBeLessThan(2_500);
    // Every first digit occurs, and the codes hardly repeat.
    expect(new Set(samples.map((code) => code[0])).size).toBe(10);
    expect(new Set(samples).size).toBeGreaterThan(19_000);
  });
});

describe('hashCode', () => {
  const saved = { AUTH_SECRET: process.env.AUTH_SECRET, DATA_DIR: process.env.DATA_DIR };
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentinel-codes-'));
    dirs.push(dir);
    return dir;
  };

  /** hashCode from a fresh module graph, so the cached configuration reads the current environment. */
  async function freshHashCode(env: { AUTH_SECRET?: string; DATA_DIR: string }) {
    if (env.AUTH_SECRET === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = env.AUTH_SECRET;
    process.env.DATA_DIR = env.DATA_DIR;
    vi.resetModules();
    return (await import('@/server/auth/codes')).hashCode;
  }

  let dataDir: string;
  beforeAll(() => {
    dataDir = tempDir();
  });

  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    vi.resetModules();
  });

  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a stable 64-hex-digit digest that never contains the code', async () => {
    const hashCode = await freshHashCode({ AUTH_SECRET: SECRET_A, DATA_DIR: dataDir });
    const digest = hashCode('012345');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain('012345');
    expect(hashCode('012345')).toBe(digest);
    expect(hashCode('012346')).not.toBe(digest);
  });

  it('is keyed: another AUTH_SECRET gives another hash of the same code', async () => {
    const hashA = (await freshHashCode({ AUTH_SECRET: SECRET_A, DATA_DIR: dataDir }))('123456');
    const hashB = (await freshHashCode({ AUTH_SECRET: SECRET_B, DATA_DIR: dataDir }))('123456');
    const hashA2 = (await freshHashCode({ AUTH_SECRET: SECRET_A, DATA_DIR: dataDir }))('123456');
    expect(hashA).not.toBe(hashB);
    expect(hashA2).toBe(hashA);
  });

  it('without AUTH_SECRET, uses the secret generated into DATA_DIR: stable per folder, different between folders', async () => {
    const first = tempDir();
    const second = tempDir();
    const hashFirst = (await freshHashCode({ DATA_DIR: first }))('123456');
    expect(fs.existsSync(path.join(first, 'auth-secret'))).toBe(true);
    const hashFirstAgain = (await freshHashCode({ DATA_DIR: first }))('123456');
    const hashSecond = (await freshHashCode({ DATA_DIR: second }))('123456');
    expect(hashFirstAgain).toBe(hashFirst);
    expect(hashSecond).not.toBe(hashFirst);
  });
});
