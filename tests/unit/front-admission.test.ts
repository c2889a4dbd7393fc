import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { cheapRequestMatcher, createFrontAdmission } from '../../scripts/admission.mjs';

const get = (url: string) => ({ method: 'GET', url });

describe('the front admission: renders and cheap answers each have a bounded gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const isCheap = cheapRequestMatcher(['/api/health', '/company/about', '/robots.txt']);

  it('counts as cheap only GET or HEAD of build files, public files, prerendered pages and health', () => {
    expect(isCheap(get('/_next/static/chunks/app.js'))).toBe(true);
    expect(isCheap(get('/api/health?probe=1'))).toBe(true);
    expect(isCheap({ method: 'HEAD', url: '/company/about' })).toBe(true);
    expect(isCheap(get('/robots.txt'))).toBe(true);
    expect(isCheap({ method: 'POST', url: '/company/about' })).toBe(false);
    expect(isCheap(get('/projects/p1'))).toBe(false);
    expect(isCheap(get('/api/health/extra'))).toBe(false);
  });

  it('under saturation, cheap answers are bounded too: past their own limit they wait, then are refused in time', async () => {
    const admission = createFrontAdmission({
      costly: { maxInFlight: 2, maxQueued: 10, maxWaitMs: 2000 },
      cheap: { maxInFlight: 3, maxQueued: 2, maxWaitMs: 2000 },
      isCheap,
    });
    const running = await Promise.all([1, 2, 3].map(() => admission.enter(get('/api/health'))));
    expect(running.every((release) => typeof release === 'function')).toBe(true);

    // Two wait their turn, the next is refused at once: the queue is full.
    const waiting = [admission.enter(get('/company/about')), admission.enter(get('/_next/static/a.js'))];
    expect(await admission.enter(get('/robots.txt'))).toBeNull();
    expect(admission.stats().cheap).toMatchObject({ inFlight: 3, queued: 2, refusedFull: 1 });

    // One slot frees: the first waiter runs; the other is refused when its 2 s are up, not left waiting.
    running[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(await waiting[0]).toBeTypeOf('function');
    await vi.advanceTimersByTimeAsync(2000);
    expect(await waiting[1]).toBeNull();
    expect(admission.stats().cheap).toMatchObject({ inFlight: 3, queued: 0, refusedLate: 1 });
    // The renders' gate was never touched.
    expect(admission.stats().costly).toMatchObject({ inFlight: 0, queued: 0, admitted: 0 });
  });

  it('cheap answers do not wait behind a full renders gate, and renders do not wait behind cheap ones', async () => {
    const admission = createFrontAdmission({
      costly: { maxInFlight: 1, maxQueued: 1, maxWaitMs: 2000 },
      cheap: { maxInFlight: 1, maxQueued: 1, maxWaitMs: 2000 },
      isCheap,
    });
    expect(await admission.enter(get('/projects/p1'))).toBeTypeOf('function');
    const queuedRender = admission.enter({ method: 'POST', url: '/company/about' });
    expect(await admission.enter(get('/api/health'))).toBeTypeOf('function');
    const queuedCheap = admission.enter(get('/api/health'));
    expect(admission.stats()).toMatchObject({ costly: { inFlight: 1, queued: 1 }, cheap: { inFlight: 1, queued: 1 } });
    await vi.advanceTimersByTimeAsync(2000);
    expect([await queuedRender, await queuedCheap]).toEqual([null, null]);
  });
});
