import { randomUUID } from 'node:crypto';
import net from 'node:net';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { createInstanceBus, type InstanceBus } from '@/server/instance-bus';

const REDIS_URL = process.env.REDIS_URL;
const opened: InstanceBus[] = [];
const open = (redisUrl: string | null, channel: string) => {
  const bus = createInstanceBus({ redisUrl, channel });
  opened.push(bus);
  return bus;
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

describe('the instance bus in one process (no Redis)', () => {
  it("runs this process's listener at once, the last one set for the topic", () => {
    const bus = open(null, 'unused');
    const first = vi.fn();
    const second = vi.fn();
    bus.listen('session-state', first);
    bus.listen('session-state', second);
    bus.broadcast('session-state', 'user-1');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledExactlyOnceWith('user-1');
  });

  it('hears nothing on other topics', () => {
    const bus = open(null, 'unused');
    const listener = vi.fn();
    bus.listen('search-caches', listener);
    bus.broadcast('session-revoked', 'session-1');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('the instance bus with Redis unreachable', () => {
  it('still runs the local listener at once and never throws', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const bus = open(`redis://127.0.0.1:${closedPort}`, `test:${randomUUID()}`);
    const listener = vi.fn();
    bus.listen('search-caches', listener);
    const started = performance.now();
    bus.broadcast('search-caches', '*');
    expect(performance.now() - started).toBeLessThan(50);
    expect(listener).toHaveBeenCalledExactlyOnceWith('*');
  });
});

describe.skipIf(!REDIS_URL)('the instance bus between two instances (REDIS_URL)', () => {
  it('tells every other instance, and its own listener runs once', async () => {
    const channel = `test:${randomUUID()}:instance-bus`;
    const sender = open(REDIS_URL!, channel);
    const receiver = open(REDIS_URL!, channel);
    const heardBySender = vi.fn();
    const heardByReceiver = vi.fn();
    sender.listen('session-revoked', heardBySender);
    receiver.listen('session-revoked', heardByReceiver);
    // A subscription is made once the connection is up.
    await vi.waitFor(async () => {
      sender.broadcast('session-revoked', 'probe');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heardByReceiver).toHaveBeenCalledWith('probe');
    }, { timeout: 5000, interval: 100 });
    heardBySender.mockClear();
    heardByReceiver.mockClear();

    sender.broadcast('session-revoked', 'session-42');
    await vi.waitFor(() => expect(heardByReceiver).toHaveBeenCalledExactlyOnceWith('session-42'), { timeout: 2000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardBySender).toHaveBeenCalledExactlyOnceWith('session-42');
  });

  it('ignores messages that are not its own shape', async () => {
    const channel = `test:${randomUUID()}:instance-bus`;
    const receiver = open(REDIS_URL!, channel);
    const listener = vi.fn();
    receiver.listen('search-caches', listener);
    const { Redis } = await import('ioredis');
    const publisher = new Redis(REDIS_URL!);
    try {
      await vi.waitFor(async () => expect(await publisher.publish(channel, 'not json')).toBe(1), { timeout: 5000, interval: 100 });
      await publisher.publish(channel, JSON.stringify({ from: 'x', topic: 'search-caches', key: 7 }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(listener).not.toHaveBeenCalled();
    } finally {
      publisher.disconnect();
    }
  });
});
