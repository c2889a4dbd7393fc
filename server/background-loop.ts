import 'server-only';

import { logger } from './logger';

/** A worker that runs in the server process beside the requests: the mail outbox, webhook deliveries. */
export type BackgroundLoop = {
  /** Starts it in this process (idempotent); its first pass takes what a previous process left. */
  start(): void;
  /** Asks for a pass now (call after committing work for it); a no-op where the loop does not run. */
  nudge(): void;
  /** Stops it, waiting at most `waitMs` for the pass in flight. */
  stop(waitMs: number): Promise<void>;
};

type LoopState = { loop: Promise<void> | null; stopping: boolean; again: boolean; wake: (() => void) | null };

/**
 * Runs `pass` over and over: at once again after a full pass (more is due, e.g. one alert mailed to thousands),
 * otherwise after `pollMs` or a nudge, whichever comes first. A failing pass is logged and tried again later. The
 * state lives on globalThis under `name`, so a development reload of the module finds the running loop.
 */
export function backgroundLoop(name: string, options: { pollMs: number; pass: (shouldStop: () => boolean) => Promise<{ full: boolean }> }): BackgroundLoop {
  const loops = ((globalThis as { __sentinelLoops?: Record<string, LoopState> }).__sentinelLoops ??= {});
  const state = (loops[name] ??= { loop: null, stopping: false, again: false, wake: null });

  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        state.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      state.wake = done;
    });

  const run = async () => {
    while (!state.stopping) {
      state.again = false;
      try {
        if ((await options.pass(() => state.stopping)).full) state.again = true;
      } catch (error) {
        logger.error({ err: error }, `${name}: pass failed; trying again shortly`);
      }
      if (!state.stopping && !state.again) await idle(options.pollMs);
    }
  };

  return {
    start() {
      if (state.loop) return;
      state.stopping = false;
      const loop = run().finally(() => {
        if (state.loop === loop) {
          state.loop = null;
          state.stopping = false;
        }
      });
      state.loop = loop;
    },
    nudge() {
      if (!state.loop) return;
      state.again = true;
      state.wake?.();
    },
    async stop(waitMs) {
      const loop = state.loop;
      if (!loop) return;
      state.stopping = true;
      state.wake?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    },
  };
}
