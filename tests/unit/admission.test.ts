import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createAdmissionGate } from '../../scripts/admission.mjs';

describe('admission gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('admits up to the limit at once and queues the rest in arrival order', async () => {
    const gate = createAdmissionGate({ maxInFlight: 2, maxQueued: 10, maxWaitMs: 1000 });
    const first = await gate.enter();
    const second = await gate.enter();
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');

    const order: string[] = [];
    const third = gate.enter().then((release) => (order.push('third'), release));
    const fourth = gate.enter().then((release) => (order.push('fourth'), release));
    await vi.advanceTimersByTimeAsync(10);
    expect(gate.stats()).toMatchObject({ inFlight: 2, queued: 2 });
    expect(order).toEqual([]);

    first!();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['third']);
    second!();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['third', 'fourth']);
    expect(await third).toBeTypeOf('function');
    expect(await fourth).toBeTypeOf('function');
    expect(gate.stats()).toMatchObject({ inFlight: 2, queued: 0, admitted: 4 });
  });

  it('refuses at once when the queue is full', async () => {
    const gate = createAdmissionGate({ maxInFlight: 1, maxQueued: 1, maxWaitMs: 1000 });
    await gate.enter();
    void gate.enter();
    expect(await gate.enter()).toBeNull();
    expect(gate.stats()).toMatchObject({ refusedFull: 1, queued: 1 });
  });

  it('refuses a waiter whose turn does not come in time, and it leaves the queue', async () => {
    const gate = createAdmissionGate({ maxInFlight: 1, maxQueued: 5, maxWaitMs: 500 });
    const running = await gate.enter();
    const waiting = gate.enter();
    await vi.advanceTimersByTimeAsync(499);
    expect(gate.stats().queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBeNull();
    expect(gate.stats()).toMatchObject({ queued: 0, refusedLate: 1, inFlight: 1 });
    // The slot the refused waiter never took goes to the next arrival.
    running!();
    expect(await gate.enter()).toBeTypeOf('function');
  });

  it('drops a waiter whose client left, and its place goes to the next one', async () => {
    const gate = createAdmissionGate({ maxInFlight: 1, maxQueued: 5, maxWaitMs: 10_000 });
    const running = await gate.enter();
    const clientLeft = new AbortController();
    const abandoned = gate.enter(clientLeft.signal);
    const next = gate.enter();
    clientLeft.abort();
    expect(await abandoned).toBeNull();
    running!();
    expect(await next).toBeTypeOf('function');
    expect(gate.stats()).toMatchObject({ abandoned: 1, inFlight: 1, queued: 0 });
  });

  it('counts a release once however often it is called', async () => {
    const gate = createAdmissionGate({ maxInFlight: 2, maxQueued: 0, maxWaitMs: 10 });
    const release = await gate.enter();
    await gate.enter();
    release!();
    release!();
    expect(gate.stats().inFlight).toBe(1);
  });

  it('lets no newcomer pass the ones already waiting', async () => {
    const gate = createAdmissionGate({ maxInFlight: 1, maxQueued: 5, maxWaitMs: 10_000 });
    const running = await gate.enter();
    const order: string[] = [];
    const waiter = gate.enter().then((release) => (order.push('waiter'), release));
    running!();
    // The slot is handed to the waiter before a newcomer can take it.
    const newcomer = gate.enter().then((release) => (order.push('newcomer'), release));
    (await waiter)!();
    await newcomer;
    expect(order).toEqual(['waiter', 'newcomer']);
  });
});
