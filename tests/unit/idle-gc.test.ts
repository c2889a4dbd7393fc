import { describe, expect, it } from 'vitest';

import { MIN_SPARE_HEAP_BYTES, nextIdleGcStep, QUIET_CHECKS } from '../../scripts/idle-gc.mjs';

const MB = 1024 * 1024;
const busy = { utilization: 0.6, heapTotal: 250 * MB, heapUsed: 140 * MB };
const quiet = { utilization: 0.01, heapTotal: 250 * MB, heapUsed: 140 * MB };

/** Runs samples through the rule from a starting state; answers the checks at which it collected. */
function collections(samples: (typeof busy)[], start = { busySince: false, quietChecks: 0 }) {
  let state = start;
  const at: number[] = [];
  samples.forEach((sample, index) => {
    const step = nextIdleGcStep(state, sample);
    state = step.state;
    if (step.collect) at.push(index);
  });
  return at;
}

describe('the idle collection rule', () => {
  it(`collects once, after ${QUIET_CHECKS} quiet checks following work`, () => {
    expect(collections([busy, busy, quiet, quiet, quiet, quiet, quiet])).toEqual([QUIET_CHECKS + 1]);
  });

  it('collects again only after a new busy spell', () => {
    expect(collections([busy, quiet, quiet, quiet, busy, quiet, quiet])).toEqual([2, 6]);
  });

  it('never collects while the loop is busy, nor when a quiet process has never worked', () => {
    expect(collections([busy, busy, busy])).toEqual([]);
    expect(collections([quiet, quiet, quiet, quiet])).toEqual([]);
  });

  it('skips the collection when the heap has little room to give back', () => {
    const tight = { utilization: 0.01, heapTotal: 100 * MB, heapUsed: 100 * MB - MIN_SPARE_HEAP_BYTES + 1 };
    expect(collections([busy, tight, tight, tight])).toEqual([]);
  });
});
