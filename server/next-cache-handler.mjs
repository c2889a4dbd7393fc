// Next's data and page cache (unstable_cache reads, ISR pages), set as `cacheHandler` in next.config.ts.
//
// With REDIS_URL, every instance reads and writes one cache in Redis, tags included, so a tag revalidated on one
// instance (a staff publish) is what every other instance serves next. Without it (one instance, the embedded
// default) the cache lives in this process's memory, as Next's own does.
//
// Redis never holds a request: commands fail at once while it is unreachable and time out after COMMAND_TIMEOUT_MS.
// While it is unreachable, what this instance renders is kept in memory (memoryWhileRedisIsDown), so an outage costs
// one render per page rather than a render per request; that memory is emptied when Redis is back, so it never
// serves what another instance has revalidated through Redis.
//
// Next loads this file itself, outside the React server graph, so it cannot import 'server-only' (that import
// throws outside it) nor the app's TypeScript modules; it reads the two variables it needs from the environment,
// which server/config.ts validates at start.
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';

const COMMAND_TIMEOUT_MS = 250;
const CONNECT_TIMEOUT_MS = 500;
/** A fresh process waits at most this long for Redis before serving, so its first pages are shared too. */
const WARM_UP_MS = 1000;

/** One configuration per process: Next creates a handler per request, and each must not open a connection. */
const CONFIG_KEY = Symbol.for('sentinel-shield.next-cache-config');

async function connectRedis(url) {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    // While the connection is down commands fail at once (a miss) instead of queueing behind it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
    lazyConnect: false,
  });
  // Errors show as misses; the rate limiter's connection already logs an unreachable Redis once.
  client.on('error', () => {});
  return client;
}

function waitUntilReady(client) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, WARM_UP_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The cache while Redis cannot be reached. Next asks it only when the Redis handler fails, and it keeps only what
 * this instance renders during the outage: without it every request renders afresh (bench:cluster, Redis down:
 * the project page took 8.8 s with the whole site rendering at once). Entries from before the outage are not here,
 * so none can be older than a revalidation another instance made through Redis; a revalidation made during the
 * outage reaches no other instance anyway. Emptied when the connection is ready again.
 */
function memoryWhileRedisIsDown(client) {
  let memory = createLruHandler();
  const reachable = () => client.status === 'ready';
  client.on('ready', () => {
    memory = createLruHandler();
  });
  return {
    name: 'memory-while-redis-is-down',
    get: async (key, meta) => (reachable() ? null : memory.get(key, meta)),
    set: async (key, value, context) => {
      if (!reachable()) await memory.set(key, value, context);
    },
    revalidateTag: (tag) => memory.revalidateTag(tag),
    delete: async (key) => memory.delete?.(key),
  };
}

CacheHandler.onCreation(async ({ buildId }) => {
  const existing = globalThis[CONFIG_KEY];
  if (existing) return existing;
  const configuration = (async () => {
    const redisUrl = process.env.REDIS_URL?.trim();
    if (!redisUrl) return { handlers: [createLruHandler()] };
    // Loaded only here: without Redis (the embedded default) the first request need not load ioredis (#18).
    const [client, { default: createRedisHandler }, { ioredisAdapter }] = await Promise.all([
      connectRedis(redisUrl),
      import('@fortedigital/nextjs-cache-handler/redis-strings'),
      import('@fortedigital/nextjs-cache-handler/helpers/ioredisAdapter'),
    ]);
    await waitUntilReady(client);
    const prefix = `${process.env.RATE_LIMIT_PREFIX?.trim() || 'sentinel'}:next-cache:${buildId ?? 'dev'}:`;
    return {
      handlers: [
        createRedisHandler({
          client: ioredisAdapter(client),
          keyPrefix: prefix,
          sharedTagsKey: '__tags__',
          sharedTagsTtlKey: '__tag_ttls__',
          timeoutMs: COMMAND_TIMEOUT_MS,
        }),
        // Asked only when the handler above fails (Next's handlers are tried in order, the next one on an error).
        memoryWhileRedisIsDown(client),
      ],
    };
  })();
  globalThis[CONFIG_KEY] = configuration;
  return configuration;
});

export default CacheHandler;
