/**
 * The personalisation survey (SPEC §4): when it shows, its steps, Skip/Back/Next and the progress bar. Pure, so
 * the rules are unit-tested; components/survey renders them.
 */

import { DEFAULT_WATCHLIST_NAME } from './constants';
import type { SurveyAnswers, SurveyExpertise, SurveyInstitutionType, SurveyUserType } from './schemas/survey';
import type { SurveyMode } from './survey-trigger';

export type { SurveyMode };

export const SURVEY_TEXTS = {
  letsStart: "Let's get started!",
  later: "I'll do it later",
  done: 'Done',
  startTour: 'Start a Guided Tour',
  skip: 'Skip',
  back: 'Back',
  next: 'Next',
  introTitle: 'Personalise Sentinel Shield',
  introFirstLogin: 'Welcome aboard! Answer a few quick questions and we will shape the site around what you care about. It takes under a minute.',
  introReminder: 'Your account setup is not finished yet. A few quick questions let us show you the projects and risks that matter to you.',
  userTypeTitle: 'Which best describes you?',
  institutionTypeTitle: 'What kind of institution are you?',
  expertiseTitle: 'How would you rate your crypto expertise?',
  projectsTitle: 'Pick your favourite projects',
  projectsHint: 'Search and add at least one project. We will keep them in a watchlist for you.',
  watchlistNameTitle: 'Name your watchlist',
  thankYouTitle: 'Thank you!',
  thankYouText: 'Your answers help us tailor Sentinel Shield to you. You can change them any time in Account Settings.',
} as const;

export type SurveyStep = 'intro' | 'userType' | 'institutionType' | 'expertise' | 'projects' | 'watchlistName' | 'thankYou';


/** The steps in order; the projects and name steps are left out for users who already keep a watchlist. */
export function surveySteps(userType: SurveyUserType | undefined, hasWatchlist: boolean): SurveyStep[] {
  const typeStep: SurveyStep = userType === 'Institution' ? 'institutionType' : 'expertise';
  const steps: SurveyStep[] = ['intro', 'userType', typeStep];
  if (!hasWatchlist) steps.push('projects', 'watchlistName');
  steps.push('thankYou');
  return steps;
}

/** What the survey holds while it runs; the chosen projects keep their names for display. */
export type SurveyDraft = {
  userType?: SurveyUserType;
  institutionType?: SurveyInstitutionType;
  expertiseType?: SurveyExpertise;
  projects: { id: string; name: string }[];
  watchlistName: string;
};

export type SurveyState = { index: number; hasWatchlist: boolean; draft: SurveyDraft };

export type SurveyAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'skip' }
  | { type: 'answer'; patch: Partial<SurveyDraft> };

export const emptyDraft = (): SurveyDraft => ({ projects: [], watchlistName: '' });

export const initialSurveyState = (hasWatchlist: boolean, index = 0): SurveyState => ({ index, hasWatchlist, draft: emptyDraft() });

export const stepsOf = (state: SurveyState) => surveySteps(state.draft.userType, state.hasWatchlist);
export const currentStep = (state: SurveyState): SurveyStep => stepsOf(state)[Math.min(state.index, stepsOf(state).length - 1)];

/** Whether Next is enabled: a card chosen, at least one project, a non-empty name. */
export function canProceed(step: SurveyStep, draft: SurveyDraft): boolean {
  switch (step) {
    case 'userType':
      return !!draft.userType;
    case 'institutionType':
      return !!draft.institutionType;
    case 'expertise':
      return !!draft.expertiseType;
    case 'projects':
      return draft.projects.length > 0;
    case 'watchlistName':
      return draft.watchlistName.trim().length > 0;
    default:
      return true;
  }
}

/** How far Skip jumps: past the type step from the user-type step, past the name from the projects step. */
export function skipDistance(step: SurveyStep): number {
  return step === 'userType' || step === 'projects' ? 2 : 1;
}

/** A skipped step leaves no answer behind. */
function clearAnswer(draft: SurveyDraft, step: SurveyStep): SurveyDraft {
  switch (step) {
    case 'userType':
      return { ...draft, userType: undefined };
    case 'institutionType':
      return { ...draft, institutionType: undefined };
    case 'expertise':
      return { ...draft, expertiseType: undefined };
    case 'projects':
      return { ...draft, projects: [] };
    case 'watchlistName':
      return { ...draft, watchlistName: '' };
    default:
      return draft;
  }
}

export function surveyReducer(state: SurveyState, action: SurveyAction): SurveyState {
  const steps = stepsOf(state);
  const step = currentStep(state);
  const last = steps.length - 1;
  switch (action.type) {
    case 'next':
      return canProceed(step, state.draft) ? { ...state, index: Math.min(state.index + 1, last) } : state;
    case 'back':
      return { ...state, index: Math.max(state.index - 1, 0) };
    case 'skip': {
      if (step === 'intro' || step === 'thankYou') return state;
      const target = Math.min(state.index + skipDistance(step), last);
      const draft = steps.slice(state.index, target).reduce(clearAnswer, state.draft);
      return { ...state, index: target, draft };
    }
    case 'answer': {
      const draft = { ...state.draft, ...action.patch };
      // The type-specific answer follows the user type.
      if (action.patch.userType === 'Institution') draft.expertiseType = undefined;
      if (action.patch.userType === 'Retail Investor') draft.institutionType = undefined;
      return { ...state, draft };
    }
  }
}

/** Progress bar fill, 0…1: the step number over the steps between the intro and the thank-you. */
export function surveyProgress(index: number, totalSteps: number): number {
  const span = totalSteps - 2;
  if (span <= 0) return 1;
  return Math.min(1, Math.max(0, index / span));
}

/** The reply to upload: only what was answered (a skipped name with chosen projects takes the default name). */
export function toSurveyAnswers(state: SurveyState): SurveyAnswers {
  const { draft } = state;
  const answers: SurveyAnswers = {};
  if (draft.userType) answers.userType = draft.userType;
  if (draft.userType === 'Institution' && draft.institutionType) answers.institutionType = draft.institutionType;
  if (draft.userType !== 'Institution' && draft.expertiseType) answers.expertiseType = draft.expertiseType;
  if (!state.hasWatchlist && draft.projects.length > 0) {
    answers.projects = draft.projects.map((project) => project.id);
    answers.watchlistName = draft.watchlistName.trim() || DEFAULT_WATCHLIST_NAME;
  }
  return answers;
}

export { isSurveyUnanswered, surveyDueMode } from './survey-trigger';
