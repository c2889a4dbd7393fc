import { describe, expect, it } from 'vitest';

import { avatarStoreUrl } from '@/components/auth/user-avatar';

const NOON = Date.UTC(2026, 0, 1, 12, 0, 0);
const url = (now: number, username = 'ada') => avatarStoreUrl('https://cdn.example/avatars/', username, now);

describe("the avatar store's picture URL", () => {
  it('is the username under the base URL, with a cache key', () => {
    expect(url(NOON)).toMatch(/^https:\/\/cdn\.example\/avatars\/ada\?v=\d+$/);
  });

  // SPEC §3: the cache key changes each minute, so a new upload shows elsewhere within a minute.
  it('keeps its cache key through a minute and changes it when the next minute starts', () => {
    expect(url(NOON + 59_999)).toBe(url(NOON));
    expect(url(NOON + 60_000)).not.toBe(url(NOON));
    expect(url(NOON + 60_000)).toBe(url(NOON + 119_999));
  });

  it("carries the picture's version, so a new upload changes the URL at once", () => {
    expect(avatarStoreUrl('https://cdn.example/avatars', 'ada', NOON, 1234)).toBe(`${url(NOON)}&t=1234`);
    expect(avatarStoreUrl('https://cdn.example/avatars', 'ada', NOON, 1235)).not.toBe(avatarStoreUrl('https://cdn.example/avatars', 'ada', NOON, 1234));
  });

  it('escapes the username', () => {
    expect(url(NOON, 'a/b?c')).toMatch(/\/avatars\/a%2Fb%3Fc\?v=/);
  });
});
