import { describe, expect, it } from 'vitest';

import { clearSkynetMemo, memo } from '@/server/skynet/memo';

describe("Skynet's brief read cache", () => {
  it('lets a read in flight finish when the cache is cleared under it (the follower clears it after every stored block)', async () => {
    let release!: (value: number) => void;
    const reading = memo('in-flight', () => new Promise<number>((resolve) => (release = resolve)));
    clearSkynetMemo();
    release(42);
    await expect(reading).resolves.toBe(42);
  });

  it('asks once per key within its window, and again after a clear', async () => {
    let reads = 0;
    const read = async () => ++reads;
    expect(await memo('counted', read)).toBe(1);
    expect(await memo('counted', read)).toBe(1);
    clearSkynetMemo();
    expect(await memo('counted', read)).toBe(2);
  });
});
