import 'server-only';

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

import { getConfig } from './config';
import { onShutdown } from './lifecycle';
import { logger } from './logger';
import { processSingleton } from './process-singleton';

/**
 * What one instance tells all the others: "forget what you cached about this", after a write that made it wrong
 * (a password change or sign-out ends sessions; a staff write changes what search finds). Through Redis pub/sub
 * when REDIS_URL is set; with one process, only its own listeners hear it. A message lost while Redis is away
 * costs only freshness: every such cache also expires on its own (30 to 60 s).
 */
export type BusTopic = 'session-state' | 'session-revoked' | 'search-caches';

type Listener = (key: string) => void;
type Message = { from: string; topic: BusTopic; key: string };

const PUBLISH_TIMEOUT_MS = 250;

export type InstanceBus = {
  /** Sets this process's listener for a topic (a later call for the same topic replaces it). */
  listen(topic: BusTopic, listener: Listener): void;
  /** Runs this process's listener at once, then tells the other instances. Never waits for Redis. */
  broadcast(topic: BusTopic, key: string): void;
  close(): Promise<void>;
};

export function createInstanceBus(options: { redisUrl: string | null; channel: string }): InstanceBus {
  const self = randomUUID();
  const listeners = new Map<BusTopic, Listener>();
  const hear = (topic: BusTopic, key: string) => {
    try {
      listeners.get(topic)?.(key);
    } catch (error) {
      logger.error({ err: error, topic }, 'instance bus: a listener failed');
    }
  };

  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  if (options.redisUrl) {
    // Publishing never queues behind a lost connection: a message that cannot go now is dropped (the caches expire).
    publisher = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: PUBLISH_TIMEOUT_MS, retryStrategy: (attempt) => Math.min(100 * attempt, 2000) });
    // The subscriber resubscribes by itself after a reconnect.
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(100 * attempt, 2000) });
    publisher.on('error', () => {});
    subscriber.on('error', () => {});
    subscriber.subscribe(options.channel).catch(() => {});
    subscriber.on('message', (_channel: string, raw: string) => {
      let message: Message;
      try {
        message = JSON.parse(raw) as Message;
      } catch {
        return;
      }
      if (message.from !== self && typeof message.key === 'string') hear(message.topic, message.key);
    });
  }

  return {
    listen(topic, listener) {
      listeners.set(topic, listener);
    },
    broadcast(topic, key) {
      hear(topic, key);
      publisher?.publish(options.channel, JSON.stringify({ from: self, topic, key } satisfies Message)).catch(() => {});
    },
    async close() {
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
}

function instanceBus(): InstanceBus {
  return processSingleton('instance-bus', () => {
    const config = getConfig();
    const bus = createInstanceBus({ redisUrl: config.redisUrl, channel: `${config.rateLimitPrefix}:instance-bus` });
    onShutdown(() => bus.close());
    return bus;
  });
}

export const listenOnBus = (topic: BusTopic, listener: Listener) => instanceBus().listen(topic, listener);
export const broadcastOnBus = (topic: BusTopic, key: string) => instanceBus().broadcast(topic, key);
