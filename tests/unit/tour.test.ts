import { describe, expect, it } from 'vitest';

import { buildTourSteps, nextTourIndex, TOUR_IDLE, tourProgressWidth, tourReducer, tourTooltipWidth, type TourAction, type TourState } from '@/lib/tour';

const run = (state: TourState, ...actions: TourAction[]) => actions.reduce(tourReducer, state);
const started = (authenticated: boolean) => tourReducer(TOUR_IDLE, { type: 'start', authenticated });
const keyAt = (state: TourState) => buildTourSteps(state.authenticated)[state.index]?.key;

describe('the tour step list', () => {
  it('shows a signed-in user the seven targets in order, then both end screens (8th and 9th) and the skip confirmation', () => {
    const steps = buildTourSteps(true);
    expect(steps.map((step) => step.target)).toEqual([
      '#tour-account',
      '#tour-search',
      '#tour-alerts',
      '#tour-trending',
      '#tour-recently-audited',
      '#tour-filtering',
      '#tour-under-audit',
      'body',
      'body',
      'body',
    ]);
    expect(steps.slice(7).map((step) => [step.kind, step.audience ?? null, step.placement])).toEqual([
      ['end', 'signedOut', 'center'],
      ['end', 'signedIn', 'center'],
      ['skip', null, 'center'],
    ]);
    expect(steps[9].title).toBe('Do you want to skip?');
  });

  it('leaves the account step out for signed-out visitors', () => {
    const steps = buildTourSteps(false);
    expect(steps).toHaveLength(9);
    expect(steps.map((step) => step.key)).not.toContain('account');
    expect(steps[0].target).toBe('#tour-search');
  });

  it('leads each visitor from the last target to their own end screen only', () => {
    const signedIn = buildTourSteps(true);
    const signedOut = buildTourSteps(false);
    expect(signedIn[nextTourIndex(signedIn, 6, true)].key).toBe('end-signed-in');
    expect(signedOut[nextTourIndex(signedOut, 5, false)].key).toBe('end-signed-out');
    expect(nextTourIndex(signedIn, 8, true)).toBe(-1);
  });
});

describe('the tour state machine', () => {
  it('walks a signed-out visitor through the targets to the sign-up end screen, and Done ends it', () => {
    let state = started(false);
    expect(state).toMatchObject({ run: true, index: 0 });
    state = run(state, ...Array<TourAction>(5).fill({ type: 'next' }));
    expect(keyAt(state)).toBe('under-audit');
    state = tourReducer(state, { type: 'next' });
    expect(keyAt(state)).toBe('end-signed-out');
    expect(tourReducer(state, { type: 'end' })).toEqual({ ...TOUR_IDLE, authenticated: false });
  });

  it('jumps to the skip confirmation on close, remembering the step, and "No, maybe later" returns to it', () => {
    const atTrending = run(started(true), { type: 'next' }, { type: 'next' }, { type: 'next' });
    expect(keyAt(atTrending)).toBe('trending');
    const confirming = tourReducer(atTrending, { type: 'close' });
    expect(keyAt(confirming)).toBe('skip');
    expect(confirming.returnTo).toBe(atTrending.index);
    const back = tourReducer(confirming, { type: 'resume' });
    expect(back).toEqual({ ...atTrending, returnTo: null });
  });

  it('ends and resets its counters on "Yes, skip"', () => {
    const confirming = run(started(true), { type: 'next' }, { type: 'close' });
    expect(tourReducer(confirming, { type: 'skip' })).toEqual({ run: false, authenticated: true, index: 0, returnTo: null });
  });

  it('closes the end screen into the skip confirmation too, and Escape there returns', () => {
    const end = run(started(true), ...Array<TourAction>(7).fill({ type: 'next' }));
    expect(keyAt(end)).toBe('end-signed-in');
    const confirming = tourReducer(end, { type: 'close' });
    expect(keyAt(confirming)).toBe('skip');
    expect(keyAt(tourReducer(confirming, { type: 'close' }))).toBe('end-signed-in');
  });

  it('moves on past a missing target, and to the end screen after the last one', () => {
    const state = tourReducer(started(true), { type: 'targetMissing' });
    expect(keyAt(state)).toBe('search');
    const last = run(started(false), ...Array<TourAction>(5).fill({ type: 'next' }), { type: 'targetMissing' });
    expect(keyAt(last)).toBe('end-signed-out');
  });

  it('goes back one target, never before the first', () => {
    const state = run(started(true), { type: 'next' }, { type: 'next' }, { type: 'back' });
    expect(keyAt(state)).toBe('search');
    expect(run(started(true), { type: 'back' }).index).toBe(0);
  });

  it('ignores actions while stopped', () => {
    expect(tourReducer(TOUR_IDLE, { type: 'next' })).toBe(TOUR_IDLE);
  });
});

describe('the tour layout (SPEC §9)', () => {
  it('spreads the 332 px progress bar over the steps minus 3', () => {
    expect(tourProgressWidth(0, 10)).toBe(Math.round(332 / 7));
    expect(tourProgressWidth(6, 10)).toBe(332);
    expect(tourProgressWidth(2, 9)).toBe(Math.round((332 * 3) / 6));
  });

  it('makes the tooltip 290 px wide, or 380 px when the window is over 480 px', () => {
    expect(tourTooltipWidth(480)).toBe(290);
    expect(tourTooltipWidth(481)).toBe(380);
  });
});
