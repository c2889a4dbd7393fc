import { globalConfig } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';

describe('zod on the server', () => {
  it('keeps its compiled parsers (the browser-only setting is not made)', async () => {
    const { z } = await import('@/lib/zod');
    expect(globalConfig.jitless).toBeUndefined();
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
