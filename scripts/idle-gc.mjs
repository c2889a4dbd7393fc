// Memory at rest (#18): V8 sizes its heap for the busiest moment and keeps it. After a burst of requests the live
// heap of this server is ~85 MB while the committed heap stays ~250 MB, and no later allocation makes V8 give it back
// (its own memory reducer leaves it). So when the process turns quiet after work, one full collection runs, which
// compacts the heap and returns the empty pages to the system. It runs only while the event loop is idle, once per
// quiet spell, so no request waits for it in practice (a request arriving during it waits the ~50–100 ms it takes).
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** The event loop's busy share (0–1) under which the process counts as quiet. */
export const QUIET_UTILIZATION = 0.05;
/** How many quiet checks in a row (one a second) before collecting. */
export const QUIET_CHECKS = 2;
/** Collect only when at least this much of the committed heap is not live data (bytes). */
export const MIN_SPARE_HEAP_BYTES = 32 * 1024 * 1024;

/**
 * The decision, pure: after a busy spell, once the loop has been quiet for QUIET_CHECKS checks and the heap holds
 * enough spare room, collect once; then wait for the next busy spell.
 * @param {{ busySince: boolean, quietChecks: number }} state
 * @param {{ utilization: number, heapTotal: number, heapUsed: number }} sample
 * @returns {{ state: { busySince: boolean, quietChecks: number }, collect: boolean }}
 */
export function nextIdleGcStep(state, { utilization, heapTotal, heapUsed }) {
  if (utilization > QUIET_UTILIZATION) return { state: { busySince: true, quietChecks: 0 }, collect: false };
  const quietChecks = state.quietChecks + 1;
  if (!state.busySince || quietChecks < QUIET_CHECKS) return { state: { busySince: state.busySince, quietChecks }, collect: false };
  // Quiet after work: collect if there is room to give back; either way this quiet spell is done.
  return { state: { busySince: false, quietChecks }, collect: heapTotal - heapUsed >= MIN_SPARE_HEAP_BYTES };
}

/** Starts the once-a-second check; IDLE_GC=off leaves V8 to itself. */
export function startIdleGc() {
  if (process.env.IDLE_GC?.trim().toLowerCase() === 'off') return;
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc');
  let state = { busySince: true, quietChecks: 0 };
  let last = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    const { heapTotal, heapUsed } = process.memoryUsage();
    const step = nextIdleGcStep(state, { utilization, heapTotal, heapUsed });
    state = step.state;
    if (step.collect) collect();
  }, 1000).unref();
}
