import 'server-only';

/**
 * One value per server process. Next bundles server code into several module graphs in one process (pages, route
 * handlers, server actions, instrumentation), each with its own copy of a module's variables; state that must be
 * shared by all of them (a cache that a write in one must clear for the others, a rate-limit budget) lives here.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`sentinel-shield.${name}`);
  if (!(key in holder)) holder[key] = create();
  return holder[key] as T;
}
