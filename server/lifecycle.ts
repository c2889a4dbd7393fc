import 'server-only';

/**
 * The process's life cycle, shared with scripts/start.mjs (our HTTP front, outside the bundle) through one
 * globalThis key, because the front and the bundled app are separate module graphs in one process.
 * The front creates the object with `front: true` before Next loads, sets `draining` on SIGTERM, and runs the
 * `closers` once in-flight requests are done. Without a front (`next dev`, tests) the object is made here.
 */
type Lifecycle = {
  /** True when scripts/start.mjs owns the HTTP server and the signals. */
  front: boolean;
  /** True from SIGTERM on: the instance is going away and takes no new work. */
  draining: boolean;
  /** The app's own clean-up (database, PostHog), run by the front after the last request. */
  closers: Array<() => Promise<void>>;
  /** Drops the front's one-second copies of shared pages (scripts/front-copies.mjs); absent without a front. */
  forgetSharedCopies?: () => void;
  /**
   * PGlite's WebAssembly, compiled by the front on other threads while Next loads (start to first answer, #18);
   * absent without a front or with DATABASE_URL. Resolves to undefined if that compile failed.
   */
  pgliteWasm?: Promise<WebAssembly.Module | undefined>;
};

const LIFECYCLE_KEY = Symbol.for('sentinel-shield.lifecycle');

function lifecycle(): Lifecycle {
  const holder = globalThis as { [LIFECYCLE_KEY]?: Lifecycle };
  return (holder[LIFECYCLE_KEY] ??= { front: false, draining: false, closers: [] });
}

/** True when scripts/start.mjs serves and will drain and close on SIGTERM. */
export function hasFront(): boolean {
  return lifecycle().front;
}

/** True once shutdown has begun: health answers 503 so load balancers stop sending. */
export function isDraining(): boolean {
  return lifecycle().draining;
}

/** Marks the instance as going away (the front does this on SIGTERM; `next dev` does it in server/startup.ts). */
export function beginDraining(): void {
  lifecycle().draining = true;
}

/** Registers clean-up for the front to run after the last in-flight request. */
export function onShutdown(close: () => Promise<void>): void {
  lifecycle().closers.push(close);
}

/** Cached data changed: the front's copies of shared pages and answers go too, so the next visitor sees the change. */
export function forgetSharedCopies(): void {
  lifecycle().forgetSharedCopies?.();
}

/** PGlite's WebAssembly as the front compiled it ahead (undefined without one: PGlite then compiles its own). */
export function precompiledPgliteWasm(): Promise<WebAssembly.Module | undefined> {
  return lifecycle().pgliteWasm ?? Promise.resolve(undefined);
}
