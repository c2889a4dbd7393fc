import { globalConfig } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';

// The Content-Security-Policy forbids eval: zod must never probe for it in the browser (lib/zod-config.ts).
describe('zod in the browser', () => {
  it('is set to parse without compiled code as soon as our zod or the answers’ schemas load', async () => {
    expect(globalConfig.jitless).toBeUndefined();
    const { watchlistListSchema } = await import('@/lib/schemas/answers');
    expect(globalConfig.jitless).toBe(true);
    expect(watchlistListSchema.safeParse([{ id: '11111111-1111-4111-8111-111111111111', name: 'Main', projects: ['bitcoin'] }]).success).toBe(true);
  });
});
