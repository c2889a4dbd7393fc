/**
 * The guided tour of the home page (SPEC §2, §4): its steps per auth state and the close → skip → return state
 * machine. Pure, so the rules are tested without a browser; components/tour renders them with react-joyride.
 */

import { TOUR } from './constants';

export type TourStepKind = 'target' | 'end' | 'skip';
export type TourAudience = 'signedOut' | 'signedIn';

export type TourStepDef = {
  key: string;
  kind: TourStepKind;
  /** CSS selector of the element the step points at; the centre screens use the page body. */
  target: string;
  placement: 'bottom' | 'top' | 'center' | 'auto';
  title: string;
  content: string;
  /** Which visitors reach an end screen. */
  audience?: TourAudience;
  /**
   * On one-column (narrow) layouts a section can be taller than the screen: the tooltip then anchors to its
   * heading while the whole section stays highlighted.
   */
  narrowAnchor?: string;
};

export const TOUR_TEXTS = {
  next: 'Next',
  back: 'Back',
  done: 'Done',
  close: 'Close',
  signUp: 'Sign Up',
  completedTitle: 'Tour completed',
} as const;

const TARGET_STEPS: TourStepDef[] = [
  { key: 'account', kind: 'target', target: '#tour-account', placement: 'bottom', title: 'Your account', content: 'Log in here, or open your account menu for settings, watchlists and this tour.' },
  { key: 'search', kind: 'target', target: '#tour-search', placement: 'bottom', title: 'Search any project', content: 'Type a project name or token symbol to open its security page.' },
  { key: 'alerts', kind: 'target', target: '#tour-alerts', narrowAnchor: '#tour-alerts-heading', placement: 'auto', title: 'Security alerts', content: 'Exploits, scams and hacks as they are confirmed. Seen one we missed? Use Report Incident.' },
  { key: 'trending', kind: 'target', target: '#tour-trending', narrowAnchor: '#tour-trending-heading', placement: 'auto', title: 'Trending projects', content: 'The projects people are looking at right now.' },
  { key: 'recently-audited', kind: 'target', target: '#tour-recently-audited', narrowAnchor: '#tour-recently-audited-heading', placement: 'auto', title: 'Recently audited', content: 'Projects whose audits were published most recently.' },
  { key: 'filtering', kind: 'target', target: '#tour-filtering', narrowAnchor: '#tour-filtering-heading', placement: 'top', title: 'Advanced filtering', content: 'Narrow the security leaderboard by category, chain, score and audit status.' },
  { key: 'under-audit', kind: 'target', target: '#tour-under-audit', narrowAnchor: '#tour-under-audit-heading', placement: 'top', title: 'Currently under audit', content: 'Projects our auditors are reviewing at the moment.' },
];

const END_STEPS: TourStepDef[] = [
  {
    key: 'end-signed-out',
    kind: 'end',
    audience: 'signedOut',
    target: 'body',
    placement: 'center',
    title: TOUR_TEXTS.completedTitle,
    content: 'Create a free account to keep watchlists of your favourite projects and get a home page tailored to you.',
  },
  {
    key: 'end-signed-in',
    kind: 'end',
    audience: 'signedIn',
    target: 'body',
    placement: 'center',
    title: TOUR_TEXTS.completedTitle,
    content: 'You are all set. You can take this tour again at any time from your account menu.',
  },
];

const SKIP_STEP: TourStepDef = { key: 'skip', kind: 'skip', target: 'body', placement: 'center', title: 'Do you want to skip?', content: '' };

/** The steps for a visitor: the seven targets (no account step when signed out), both end screens, then skip. */
export function buildTourSteps(authenticated: boolean): TourStepDef[] {
  const targets = authenticated ? TARGET_STEPS : TARGET_STEPS.filter((step) => step.key !== 'account');
  return [...targets, ...END_STEPS, SKIP_STEP];
}

export const audienceOf = (authenticated: boolean): TourAudience => (authenticated ? 'signedIn' : 'signedOut');

/** The step after `index`: the next target, else this visitor's end screen; -1 when the tour is over. */
export function nextTourIndex(steps: TourStepDef[], index: number, authenticated: boolean): number {
  if (steps[index]?.kind !== 'target') return -1;
  for (let next = index + 1; next < steps.length; next += 1) {
    const step = steps[next];
    if (step.kind === 'target') return next;
    if (step.kind === 'end' && step.audience === audienceOf(authenticated)) return next;
  }
  return -1;
}

/** The step before `index`: the previous target (an end screen goes back to the last target). */
export function previousTourIndex(steps: TourStepDef[], index: number): number {
  for (let previous = Math.min(index, steps.length) - 1; previous >= 0; previous -= 1) {
    if (steps[previous].kind === 'target') return previous;
  }
  return index;
}

export const skipIndexOf = (steps: TourStepDef[]) => steps.findIndex((step) => step.kind === 'skip');

export type TourState = { run: boolean; authenticated: boolean; index: number; returnTo: number | null };

export type TourAction =
  | { type: 'start'; authenticated: boolean }
  | { type: 'next' }
  | { type: 'back' }
  /** The close icon, or Escape. */
  | { type: 'close' }
  /** 'No, maybe later' on the skip confirmation. */
  | { type: 'resume' }
  /** 'Yes, skip'. */
  | { type: 'skip' }
  /** Done on an end screen. */
  | { type: 'end' }
  /** react-joyride could not find or see the step's element. */
  | { type: 'targetMissing' };

export const TOUR_IDLE: TourState = { run: false, authenticated: false, index: 0, returnTo: null };

/** Ending stops the tour and resets its counters. */
const ended = (state: TourState): TourState => ({ ...TOUR_IDLE, authenticated: state.authenticated });

export function tourReducer(state: TourState, action: TourAction): TourState {
  if (action.type === 'start') return { run: true, authenticated: action.authenticated, index: 0, returnTo: null };
  if (!state.run) return state;
  const steps = buildTourSteps(state.authenticated);
  const current = steps[state.index];
  switch (action.type) {
    case 'next':
    case 'targetMissing': {
      const next = nextTourIndex(steps, state.index, state.authenticated);
      return next < 0 ? ended(state) : { ...state, index: next };
    }
    case 'back':
      return current?.kind === 'skip' ? state : { ...state, index: previousTourIndex(steps, state.index) };
    case 'close':
      // Closing the confirmation itself (Escape) means "not now": back to where the visitor was.
      if (current?.kind === 'skip') return tourReducer(state, { type: 'resume' });
      return { ...state, index: skipIndexOf(steps), returnTo: state.index };
    case 'resume':
      return state.returnTo === null ? state : { ...state, index: state.returnTo, returnTo: null };
    case 'skip':
    case 'end':
      return ended(state);
  }
}

/** Width of the progress bar's filled part: 332 px spread over the steps minus the three closing screens. */
export function tourProgressWidth(index: number, size: number): number {
  const segments = Math.max(1, size - TOUR.progressStepsOffset);
  return Math.round((TOUR.progressBarWidth * Math.min(index + 1, segments)) / segments);
}

/** Tooltip width for a window of this width (SPEC §9). */
export const tourTooltipWidth = (windowWidth: number) => (windowWidth > TOUR.wideWindowMinWidth ? TOUR.tooltipWidthWide : TOUR.tooltipWidth);

export { TOUR_QUERY, TOUR_START_HREF } from './tour-link';
