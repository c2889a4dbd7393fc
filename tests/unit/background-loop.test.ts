import { afterEach, describe, expect, it, vi } from 'vitest';

import { backgroundLoop, type BackgroundLoop } from '@/server/background-loop';

const started: BackgroundLoop[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((loop) => loop.stop(1_000)));
});

let names = 0;
function loopOf(pass: (shouldStop: () => boolean) => Promise<{ full: boolean }>, pollMs = 60_000) {
  const loop = backgroundLoop(`test-loop-${++names}`, { pollMs, pass });
  started.push(loop);
  return loop;
}

describe('backgroundLoop', () => {
  it('passes once at start, then waits for its poll interval or a nudge', async () => {
    const pass = vi.fn(async () => ({ full: false }));
    const loop = loopOf(pass);
    loop.start();
    loop.start();
    await vi.waitFor(() => expect(pass).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pass).toHaveBeenCalledTimes(1);
    loop.nudge();
    await vi.waitFor(() => expect(pass).toHaveBeenCalledTimes(2));
  });

  it('goes on at once after a full pass, and pauses after the first pass that is not', async () => {
    let left = 3;
    const pass = vi.fn(async () => ({ full: --left > 0 }));
    loopOf(pass).start();
    await vi.waitFor(() => expect(pass).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pass).toHaveBeenCalledTimes(3);
  });

  it('keeps going after a failing pass', async () => {
    const pass = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue({ full: false });
    loopOf(pass, 10).start();
    await vi.waitFor(() => expect(pass.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('stop asks the pass in flight to stop, waits for it, and a stopped loop is not nudged into another pass', async () => {
    let sawStop = false;
    const pass = vi.fn(async (shouldStop: () => boolean) => {
      await vi.waitFor(() => expect(shouldStop()).toBe(true), { timeout: 1_000 });
      sawStop = true;
      return { full: false };
    });
    const loop = loopOf(pass);
    loop.start();
    await vi.waitFor(() => expect(pass).toHaveBeenCalledTimes(1));
    await loop.stop(2_000);
    expect(sawStop).toBe(true);
    loop.nudge();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pass).toHaveBeenCalledTimes(1);
  });
});
